import * as z from "@fleetforms/core/util/zod";
import * as Report from "@fleetforms/core/report/index";
import { http, signedIn } from "../lib/http";

/** Edits a schedule (with `version`, a stale edit is a 409); the next run follows the new cadence. */
export const handler = http({ params: z.object({ id: z.string().check(z.maxLength(100)) }), body: Report.ScheduleInput }, async ({ actor, params, body }) => ({
  data: { schedule: await Report.update(signedIn(actor), params.id, body) },
}));
