import * as z from "zod";
import { Report } from "@fleetforms/core/report/index";
import { http, signedIn } from "../lib/http";

/** A run's file for the company's administrators: a short-lived signed URL of the bucket (files never pass through the API). */
export const handler = http(
  { params: z.object({ id: z.string().max(100), runId: z.string().max(100) }), query: z.object({ part: z.coerce.number().int().min(1).max(10_000).default(1) }) },
  async ({ actor, params, query }) => ({ data: await Report.file(signedIn(actor), params.id, decodeURIComponent(params.runId), query.part) }),
);
