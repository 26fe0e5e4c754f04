export * as Stats from "./index";
import type { WriteEntities } from "../user";
import { StatsDayEntity, StatsFormWeekEntity, StatsGaugeEntity, SubmissionFlagEntity } from "./stats.entity";

export { StatsDayEntity, StatsFormWeekEntity, StatsGaugeEntity, SubmissionFlagEntity } from "./stats.entity";

/*
 * The counters behind the native dashboards and /home (issue 16): written as parts of the transactions of
 * the work they count (a submission, a review), read by key ranges. Nothing here scans.
 */

export const dayOf = (at: Date | string = new Date()) => (typeof at === "string" ? at : at.toISOString()).slice(0, 10);
/** The Monday of the week a day is in (UTC). */
export function weekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const back = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

const answered = (value: unknown): boolean =>
  Array.isArray(value) ? value.some(answered) : typeof value === "string" ? value.trim() !== "" : value !== undefined && value !== null && value !== false;

/** A submission reports defects when a field whose name starts with `defect` has an answer (docs/api-dashboards.md). */
export function hasDefects(values: unknown): boolean {
  if (!values || typeof values !== "object") return false;
  return Object.entries(values as Record<string, unknown>).some(([name, value]) => /^defect/i.test(name) && answered(value));
}

export const entities = { days: StatsDayEntity, weeks: StatsFormWeekEntity, gauges: StatsGaugeEntity, flags: SubmissionFlagEntity };
type Handles = WriteEntities<typeof entities>;

/** The counter writes of a new submission, for its own transaction. */
export function forNewSubmission(
  { days, weeks, gauges, flags }: Handles,
  submission: { companyId: string; submissionId: number; formId: number; submittedBy: string; status: string; values: unknown; inspection: boolean },
  now = new Date(),
) {
  const day = dayOf(now);
  const defects = submission.inspection && hasDefects(submission.values);
  const { companyId } = submission;
  return [
    days.update({ companyId, day }).add({ submissions: 1, inspections: submission.inspection ? 1 : 0, withDefects: defects ? 1 : 0 }).commit(),
    weeks.update({ companyId, week: weekOf(day), formId: submission.formId }).add({ count: 1 }).commit(),
    ...(submission.status === "pending_approval"
      ? [
          gauges.update({ companyId }).add({ approvalsWaiting: 1 }).commit(),
          flags.put({ companyId, userId: submission.submittedBy, submissionId: submission.submissionId, formId: submission.formId, status: "pending_approval", updatedAt: now.toISOString() }).commit(),
        ]
      : []),
  ];
}

/** The counter writes of a submission's status change (amend, approve, send back), for its transaction. */
export function forStatusChange(
  { gauges, flags }: Handles,
  submission: { companyId: string; submissionId: number; formId: number; submittedBy: string },
  from: string,
  to: string,
  now = new Date(),
) {
  if (from === to) return [];
  const { companyId, submissionId, formId, submittedBy: userId } = submission;
  const waiting = (from === "pending_approval" ? -1 : 0) + (to === "pending_approval" ? 1 : 0);
  return [
    ...(waiting ? [gauges.update({ companyId }).add({ approvalsWaiting: waiting }).commit()] : []),
    to === "pending_approval" || to === "sent_back"
      ? flags.put({ companyId, userId, submissionId, formId, status: to, updatedAt: now.toISOString() }).commit()
      : flags.delete({ companyId, userId, submissionId }).commit(),
  ];
}

export async function approvalsWaiting(companyId: string): Promise<number> {
  const { data } = await StatsGaugeEntity.get({ companyId }).go();
  return Math.max(0, data?.approvalsWaiting ?? 0);
}

export async function days(companyId: string, from: string, to: string) {
  const { data } = await StatsDayEntity.query.byCompany({ companyId }).between({ day: from }, { day: to }).go({ pages: "all" });
  return data;
}

export async function formWeeks(companyId: string, from: string, to: string) {
  const { data } = await StatsFormWeekEntity.query.byCompany({ companyId }).between({ week: weekOf(from) }, { week: `${to}~` }).go({ pages: "all" });
  return data.filter((row) => row.week <= to);
}

/** A person's submissions waiting for approval or sent back, newest first. */
export async function flagsOf(companyId: string, userId: string, limit = 20) {
  const { data } = await SubmissionFlagEntity.query.byPerson({ companyId, userId }).go({ order: "desc", limit });
  return data;
}
