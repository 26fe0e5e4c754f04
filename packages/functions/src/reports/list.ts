import * as Report from "@fleetforms/core/report/index";
import { http, signedIn } from "../lib/http";

/** The company's report schedules (docs/api-reports.md). */
export const handler = http({}, async ({ actor }) => ({ data: { schedules: await Report.list(signedIn(actor)) } }));
