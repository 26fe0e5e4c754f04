import type { Actor } from "@fleetforms/core/auth/claims";
import * as Form from "@fleetforms/core/form/index";
import * as Report from "@fleetforms/core/report/index";
import { processRun } from "@fleetforms/core/report/worker";
import { ReportRunEntity } from "@fleetforms/core/report/report.entity";
import { COMPANY_ID } from "./demo-data";

/**
 * The demo's scheduled report (issue 18): Acme's weekly inspections, Mondays at 07:00 in Chicago, to its
 * orgadmin in Spanish, with one run already done (its file in the bucket, its e-mail in the outbox), and a
 * paused monthly inspection summary per vehicle. Written once.
 */
export async function seedReports() {
  const admin: Actor = { userId: "demo-acme-admin", username: "acme_admin", companyId: COMPANY_ID.acme, role: "orgadmin", isProviderAdmin: false };
  if ((await Report.list(admin)).length > 0) return;
  const inspection = (await Form.list(admin, { activeOnly: false })).find((form) => form.name === "Vehicle inspection");
  if (!inspection) return;
  const schedule = await Report.create(admin, {
    name: "Inspecciones semanales",
    what: "submissions",
    formIds: [inspection.formId],
    period: "previous_week",
    format: "xlsx",
    lang: "es",
    recipientUserIds: [admin.userId],
    recipientEmails: [],
    cadence: { kind: "weekly", day: 1, time: "07:00" },
    timeZone: "America/Chicago",
    status: "active",
  });
  // and the fleet's monthly summary per vehicle, for the office, paused until someone turns it on
  await Report.create(admin, {
    name: "Resumen mensual de la flota",
    what: "inspection_summary",
    formIds: [],
    period: "previous_month",
    format: "csv",
    lang: "es",
    recipientUserIds: [admin.userId],
    recipientEmails: [],
    cadence: { kind: "monthly", day: 1, time: "06:00" },
    timeZone: "America/Chicago",
    status: "paused",
  });
  // the past run, built by the worker itself (not through the queue: the demo is written before it runs)
  const now = Date.now();
  const runId = `${new Date(now).toISOString()}#demo`;
  await ReportRunEntity.create({ companyId: COMPANY_ID.acme, scheduleId: schedule.id, runId, trigger: "manual", ...Report.periodOf({ period: "previous_week", timeZone: schedule.timeZone }, now) }).go();
  await processRun({ companyId: COMPANY_ID.acme, scheduleId: schedule.id, runId }, 1);
}
