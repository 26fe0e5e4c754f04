import { BillingLineEntity, BillingMonthEntity, BillingTrailEntity, type BillableMark as BillingMark } from "./billing.entity";
import { billableDuring, historyOf, seatBillable, SINCE_EVER, vehicleHistory } from "./billable";
import { MONTHLY_PRICES } from "./pricing";
import { monthRange } from "./month";
import { CompanyEntity, SeatEntity } from "../company/company.entity";
import { VehicleEntity } from "../vehicle/vehicle.entity";
import { isConditionalFailure } from "../db/versioned";

export type Outcome = "created" | "existing" | "skipped";

interface Counted {
  kind: "user" | "vehicle";
  id: string;
  label: string;
  history: BillingMark[];
}

/**
 * Who and what one company pays for in a month: every seat and vehicle, present or removed, whose history
 * was billable at any time in it. A record counted twice (removed, then back) is one line.
 */
export async function countFor(companyId: string, month: string) {
  const { start, end } = monthRange(month);
  const [seats, vehicles, trails] = await Promise.all([
    SeatEntity.query.byCompany({ companyId }).go({ pages: "all", attributes: ["userId", "username", "role", "status", "isBillable", "history", "createdAt", "lang"] }),
    VehicleEntity.query.byCompany({ companyId }).go({ pages: "all", attributes: ["vehicleId", "vehicleNumber", "isActive", "history", "createdAt"] }),
    BillingTrailEntity.query.byCompany({ companyId }).go({ pages: "all" }),
  ]);
  const candidates: Counted[] = [
    ...seats.data.map((seat) => ({ kind: "user" as const, id: seat.userId, label: seat.username ?? seat.userId, history: historyOf(seat.history, seatBillable(seat), seat.createdAt ?? SINCE_EVER) })),
    ...vehicles.data.map((vehicle) => ({ kind: "vehicle" as const, id: vehicle.vehicleId, label: vehicle.vehicleNumber, history: vehicleHistory(vehicle.history, vehicle.isActive, vehicle.createdAt) })),
    ...trails.data.map((trail) => ({ kind: trail.kind, id: trail.id, label: trail.label, history: historyOf(trail.history, false, trail.createdAt) })),
  ];
  const lines = new Map<string, { kind: "user" | "vehicle"; id: string; label: string }>();
  for (const candidate of candidates) {
    const key = `${candidate.kind}#${candidate.id}`;
    if (!lines.has(key) && billableDuring(candidate.history, start, end)) lines.set(key, { kind: candidate.kind, id: candidate.id, label: candidate.label });
  }
  return { lines: [...lines.values()], lang: languageOf(seats.data) };
}

/**
 * A company's language, the invoice's: the one most of its active orgadmins use (English on a tie). Companies
 * keep no language of their own; the people who administer and pay for them do.
 */
export function languageOf(seats: { role: string; status?: string; lang?: string }[]): "en" | "es" {
  const admins = seats.filter((seat) => seat.role === "orgadmin" && seat.status !== "inactive");
  const spanish = admins.filter((seat) => seat.lang === "es").length;
  return spanish * 2 > admins.length ? "es" : "en";
}

/**
 * Bills one company for one month, once: a month already written is left as it is. The breakdown's lines go
 * first (rewriting them is harmless), the month last, created only if absent (a run that raced this one and
 * won keeps its month).
 */
export async function billCompany(company: { companyId: string; name: string; createdAt: string }, month: string): Promise<Outcome> {
  const { end } = monthRange(month);
  if (company.createdAt >= end) return "skipped";
  const existing = await BillingMonthEntity.get({ companyId: company.companyId, month }).go({ attributes: ["month"] });
  if (existing.data) return "existing";
  const { lines, lang } = await countFor(company.companyId, month);
  if (lines.length) await BillingLineEntity.put(lines.map((line) => ({ companyId: company.companyId, month, ...line }))).go();
  try {
    await BillingMonthEntity.create(monthItem(company, month, lines, lang)).go();
    return "created";
  } catch (error) {
    if (isConditionalFailure(error)) return "existing";
    throw error;
  }
}

type Line = { kind: "user" | "vehicle"; id: string; label: string };

/** A month's item from its lines, at the pricing page's prices; nothing to pay is nothing owed (paid). */
export function monthItem(company: { companyId: string; name: string }, month: string, lines: Line[], lang: "en" | "es") {
  const billableUsers = lines.filter((line) => line.kind === "user").length;
  const vehicle = lines.length - billableUsers;
  const totalAmount = billableUsers * MONTHLY_PRICES.userPrice + vehicle * MONTHLY_PRICES.vehiclePrice;
  return {
    companyId: company.companyId,
    companyName: company.name,
    month,
    billableUsers,
    userPrice: MONTHLY_PRICES.userPrice,
    vehicle,
    vehiclePrice: MONTHLY_PRICES.vehiclePrice,
    totalAmount,
    currency: MONTHLY_PRICES.currency,
    paymentStatus: totalAmount === 0 ? ("paid" as const) : ("unpaid" as const),
    ...(totalAmount === 0 ? { paidBy: "nothing-due", paidAt: new Date().toISOString() } : {}),
    lang,
  };
}

/** The monthly run: every company, a page at a time (the job on the 1st, and provider administrators). */
export async function run(month: string) {
  const outcome = { month, created: 0, existing: 0, skipped: 0 };
  let cursor: string | null = null;
  do {
    const page: { data: { companyId: string; name: string; createdAt?: string }[]; cursor: string | null } = await CompanyEntity.query
      .all({})
      .go({ cursor, limit: 100, attributes: ["companyId", "name", "createdAt"] });
    for (const company of page.data) outcome[await billCompany({ ...company, createdAt: company.createdAt ?? SINCE_EVER }, month)]++;
    cursor = page.cursor;
  } while (cursor);
  return outcome;
}
