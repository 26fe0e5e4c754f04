import { http } from "../lib/http";
import { jsonText } from "../lib/response";
import document from "./openapi.json";

/** Written by scripts/openapi.ts from the route table and the handlers' schemas; sent as it is. */
const text = JSON.stringify(document);

/** The API's OpenAPI 3.1 document (issue 41), the same for everyone until the next deploy. */
export const handler = http({}, async () => ({ ...jsonText(text), headers: { "cache-control": "public, max-age=3600" } }));
