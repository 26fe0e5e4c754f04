import * as Report from "@fleetforms/core/report/index";
import { http, signedIn } from "../lib/http";
import { json } from "../lib/response";

/** The submissions list (one form, or all) as CSV, XLSX or a ZIP of PDFs: 202, built by the reports worker. */
export const handler = http({ body: Report.ExportInput }, async ({ actor, body }) => json({ data: { export: await Report.exportSubmissions(signedIn(actor), body) } }, 202));
