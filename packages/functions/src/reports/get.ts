import * as z from "@fleetforms/core/util/zod";
import * as Report from "@fleetforms/core/report/index";
import { http, signedIn } from "../lib/http";

/** One schedule and its latest runs. */
export const handler = http({ params: z.object({ id: z.string().check(z.maxLength(100)) }) }, async ({ actor, params }) => {
  const caller = signedIn(actor);
  const [schedule, runs] = await Promise.all([Report.get(caller, params.id), Report.runs(caller, params.id)]);
  return { data: { schedule, runs } };
});
