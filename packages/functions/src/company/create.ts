import * as Companies from "@fleetforms/core/company/operations";
import { http, signedIn } from "../lib/http";
import { created } from "../lib/response";

/** A new company, its first orgadmin invited. */
export const handler = http({ body: Companies.CompanyCreate }, async ({ actor, body }) => created({ data: await Companies.create(signedIn(actor), body) }));
