import * as z from "zod";
import { Report } from "@fleetforms/core/report/index";
import { http, signedIn } from "../lib/http";
import { binary } from "../lib/response";

/** A run's file, for the company's administrators. */
export const handler = http({ params: z.object({ id: z.string().max(100), runId: z.string().max(100) }) }, async ({ actor, params }) => {
  const file = await Report.file(signedIn(actor), params.id, decodeURIComponent(params.runId));
  return binary(file.body, file.contentType, file.fileName);
});
