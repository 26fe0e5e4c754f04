import { isConditionalFailure } from "../db/versioned";
import { CompanyEntity } from "../company/company.entity";
import { BillingMonthEntity } from "../billing/billing.entity";
import { UsageEntity } from "../tenant/usage.entity";
import { dayOf } from "../tenant/usage";
import { DEFAULT_LIMITS } from "../tenant/index";
import { ConflictError, TooManyRequestsError } from "../util/errors";
import { MAIL_BUDGET, REPORT_MESSAGES, type MailBudget } from "./schemas";

/*
 * Outbound mail is budgeted per tenant (issue 36, docs/security.md "Outbound mail"): how many schedules a
 * company keeps active, how often it runs them by hand, and how many confirmation mails it sends to new
 * outside recipients. Every count is a conditional ADD on one item, so requests racing cannot pass a limit.
 */

const DAY_MS = 24 * 3600 * 1000;
/** A bill still unpaid this many days after its month ended makes the company unpaid. */
export const UNPAID_AFTER_DAYS = 15;

export type Standing = { tier: "standard" | "probation"; reason?: "new" | "unpaid"; budget: MailBudget; activeSchedules: number };

/** A company on probation: younger than a day, or with a bill unpaid past UNPAID_AFTER_DAYS. */
export async function standingOf(companyId: string, now = Date.now()): Promise<Standing> {
  const [{ data: company }, { data: bills }] = await Promise.all([
    CompanyEntity.get({ companyId }).go({ attributes: ["companyId", "createdAt", "limits"] }),
    BillingMonthEntity.query.byCompany({ companyId }).go({ order: "desc", limit: 6, attributes: ["companyId", "month", "paymentStatus", "totalAmount"] }),
  ]);
  const young = !company?.createdAt || now - Date.parse(company.createdAt) < DAY_MS;
  const overdue = bills.some((bill) => bill.paymentStatus === "unpaid" && bill.totalAmount > 0 && now - monthEnd(bill.month) > UNPAID_AFTER_DAYS * DAY_MS);
  const reason = young ? "new" : overdue ? "unpaid" : undefined;
  const tier = reason ? "probation" : "standard";
  const budget = MAIL_BUDGET[tier];
  // the provider's own limit for this tenant is taken as it is set: the provider has vouched for it
  const set = company?.limits?.reportSchedules;
  return { tier, reason, budget, activeSchedules: typeof set === "number" ? set : Math.min(DEFAULT_LIMITS.reportSchedules, budget.activeSchedules) };
}

const monthEnd = (month: string) => {
  const [year, index] = month.split("-").map(Number) as [number, number];
  return Date.UTC(year, index, 1);
};

const secondsToDayEnd = (now: number) => Math.max(1, Math.ceil((Math.floor(now / DAY_MS) * DAY_MS + DAY_MS - now) / 1000));
const secondsToHourEnd = (now: number) => Math.max(1, Math.ceil((Math.floor(now / 3_600_000) * 3_600_000 + 3_600_000 - now) / 1000));
const expiry = (now: number) => Math.floor(now / 1000) + 2 * 24 * 3600;

/** One conditional ADD of `amount` to a counter that must stay at most `limit`; false when it would not. */
async function take(key: { companyId: string; period: string }, counter: "manualReportRuns" | "recipientConfirmations", amount: number, limit: number, now: number) {
  try {
    await UsageEntity.update(key)
      .add({ [counter]: amount })
      .set({ expiresAt: expiry(now) })
      .where((attributes, { notExists, lte }) => `${notExists(attributes[counter])} OR ${lte(attributes[counter], limit - amount)}`)
      .go();
    return true;
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
    return false;
  }
}

const giveBack = (key: { companyId: string; period: string }, counter: "manualReportRuns" | "recipientConfirmations", amount: number) =>
  UsageEntity.update(key).add({ [counter]: -amount }).go();

/**
 * One run asked for by hand: counted in the schedule's hour and the company's day, each against its limit.
 * A run the day refuses gives its hour back.
 */
export async function reserveManualRun(companyId: string, scheduleId: string, standing: Standing, now = Date.now()) {
  const hour = { companyId, period: `h${new Date(now).toISOString().slice(0, 13)}#report:${scheduleId}` };
  if (!(await take(hour, "manualReportRuns", 1, standing.budget.manualRunsPerHour, now))) {
    throw new TooManyRequestsError("report.run_limit_hour", REPORT_MESSAGES.runLimitHour, secondsToHourEnd(now));
  }
  if (!(await take({ companyId, period: dayOf(new Date(now)) }, "manualReportRuns", 1, standing.budget.manualRunsPerDay, now))) {
    await giveBack(hour, "manualReportRuns", 1);
    throw new TooManyRequestsError("report.run_limit_day", REPORT_MESSAGES.runLimitDay, secondsToDayEnd(now));
  }
}

/** `count` confirmation mails of the company today, all or none (429 when the day's budget cannot hold them). */
export async function reserveConfirmations(companyId: string, count: number, standing: Standing, now = Date.now()) {
  if (count === 0) return;
  if (!(await take({ companyId, period: dayOf(new Date(now)) }, "recipientConfirmations", count, standing.budget.confirmationsPerDay, now))) {
    throw new TooManyRequestsError("report.confirmations_limit", REPORT_MESSAGES.confirmationsLimit, secondsToDayEnd(now));
  }
}

/** Gives back confirmations reserved but not sent (another save asked the address first). */
export const releaseConfirmations = (companyId: string, count: number, now = Date.now()) =>
  count > 0 ? giveBack({ companyId, period: dayOf(new Date(now)) }, "recipientConfirmations", count).then(() => undefined) : Promise.resolve();

// --- active schedules ---------------------------------------------------------------------------------------------

export const REPORTS_USAGE = "reports";

/** The write that counts one more active schedule, conditioned on the limit: part of the schedule's transaction. */
export const schedulesLimitError = () => new ConflictError("report.schedules_limit", REPORT_MESSAGES.schedulesLimit);
