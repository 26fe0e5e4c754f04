import * as z from "@fleetforms/core/util/zod";
import * as Report from "@fleetforms/core/report/index";
import { http } from "../lib/http";
import { redirect } from "../lib/response";

/** The e-mailed link: the token is the check, valid seven days (410 after); answers a redirect to the file in the bucket. */
export const handler = http({ params: z.object({ token: z.string().check(z.maxLength(2000)) }), query: z.object({ part: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)), 1) }) }, async ({ params, query }) =>
  redirect((await Report.download(params.token, query.part)).url),
);
