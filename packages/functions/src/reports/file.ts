import * as z from "@fleetforms/core/util/zod";
import * as Report from "@fleetforms/core/report/index";
import { http, signedIn } from "../lib/http";

/** A run's file for the company's administrators: a short-lived signed URL of the bucket (files never pass through the API). */
export const handler = http(
  { params: z.object({ id: z.string().check(z.maxLength(100)), runId: z.string().check(z.maxLength(100)) }), query: z.object({ part: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)), 1) }) },
  async ({ actor, params, query }) => ({ data: await Report.file(signedIn(actor), params.id, decodeURIComponent(params.runId), query.part) }),
);
