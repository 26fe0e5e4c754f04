import * as Report from "@fleetforms/core/report/index";
import { http, signedIn } from "../lib/http";
import { created } from "../lib/response";

/** A new report schedule; its first run is the cadence's next time. */
export const handler = http({ body: Report.ScheduleInput }, async ({ actor, body }) => created({ data: { schedule: await Report.create(signedIn(actor), body) } }));
