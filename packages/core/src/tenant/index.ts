export * as Tenant from "./index";
import { isConditionalFailure } from "../db/versioned";
import { ConflictError, ForbiddenError, PayloadTooLargeError, TooManyRequestsError } from "../util/errors";
import { CompanyEntity, SeatEntity, type CompanyItem } from "../company/company.entity";
import { METRICS, UsageEntity, type Metric, type UsageItem } from "./usage.entity";

export { METRICS, type Metric } from "./usage.entity";
export { count, countingOn, monthOf, dayOf } from "./usage";
import { count, countingOn, monthOf, dayOf } from "./usage";

/*
 * Provider operations per tenant (issue 13): usage counted as the work happens, limits each tenant meets
 * alone (its own counters, so a noisy tenant never slows another's checks), and suspension.
 */

export const DEFAULT_LIMITS = { requestsPerMinute: 600, storageBytes: 5 * 1024 ** 3, users: 1000, pdfRendersPerDay: 2000, reportSchedules: 50 } as const;
export type Limits = { -readonly [K in keyof typeof DEFAULT_LIMITS]: number };
export const limitsOf = (company: { limits?: Partial<Limits> | CompanyItem["limits"] }): Limits => ({ ...DEFAULT_LIMITS, ...Object.fromEntries(Object.entries(company.limits ?? {}).filter(([, value]) => typeof value === "number")) });

export const SUSPENDED_MESSAGE = "This company's access is suspended. Please contact your provider.";
export const TENANT_MESSAGES = {
  suspended: SUSPENDED_MESSAGE,
  requests: (limit: number) => `This company has reached its limit of ${limit} requests per minute. Please try again shortly.`,
  pdfRenders: (limit: number) => `This company has reached its limit of ${limit} PDF renders per day. Please try again tomorrow.`,
  storage: (limit: string) => `This company has reached its storage limit of ${limit}.`,
  users: (limit: number) => `This company has reached its limit of ${limit} users.`,
} as const;

/**
 * A tenant's limits, kept a minute per container: the per-request check counts in parallel with the
 * request's other reads instead of after the company's. A changed limit applies within a minute.
 */
const LIMITS_TTL_MS = 60_000;
const limitsCache = new Map<string, { limits: Limits; at: number }>();
export async function limitsFor(companyId: string): Promise<Limits> {
  const cached = limitsCache.get(companyId);
  if (cached && Date.now() - cached.at < LIMITS_TTL_MS) return cached.limits;
  const { data } = await CompanyEntity.get({ companyId }).go({ attributes: ["companyId", "limits"] });
  const limits = limitsOf(data ?? {});
  if (limitsCache.size > 10_000) limitsCache.clear();
  limitsCache.set(companyId, { limits, at: Date.now() });
  return limits;
}
/** Forgets a tenant's cached limits (this container sees a change at once; others within a minute). */
export const forgetLimits = (companyId: string) => {
  limitsCache.delete(companyId);
  refusedUntil.delete(companyId);
  dropLease(companyId);
};

const iso = (date: Date) => date.toISOString();
const minuteOf = (date: Date) => iso(date).slice(0, 16);

/** A suspended tenant is refused with the one message (provider administrators still reach it). */
export function assertActive(company: Pick<CompanyItem, "status">) {
  if (company.status === "suspended") throw new ForbiddenError("tenant.suspended", SUSPENDED_MESSAGE);
}

/**
 * One request of a tenant, counted against its per-minute limit in a conditional ADD of the minute's
 * window (parallel requests cannot pass the cap), and in the month. Past the limit: 429 with the seconds
 * left in the minute.
 *
 * A tenant whose limit is large enough reserves its requests in blocks (`RequestLease`): one write admits
 * a block of requests for this container's minute, so a busy tenant costs the table a write per block
 * instead of one per request. A small limit is counted one request at a time, where a block held by one
 * container would refuse another's requests too early.
 */
export async function admitRequest(company: { companyId: string; limits?: Partial<Limits> }, now = new Date()) {
  if (!countingOn()) return;
  const limit = limitsOf(company).requestsPerMinute;
  const windowEnd = Math.floor(now.getTime() / 60_000) * 60 + 60;
  const refusal = () => new TooManyRequestsError("tenant.requests_limit", TENANT_MESSAGES.requests(limit), Math.max(1, windowEnd - Math.floor(now.getTime() / 1000)));
  const refuse = () => {
    if (refusedUntil.size > 10_000) refusedUntil.clear();
    refusedUntil.set(company.companyId, windowEnd * 1000);
    return refusal();
  };
  // a tenant this container refused in this minute is refused again without a write: a flood costs its
  // own tenant, not the table (the window's count is not raised by requests that are refused anyway)
  if ((refusedUntil.get(company.companyId) ?? 0) > now.getTime()) throw refusal();
  const largest = Math.min(LEASE_MOST, Math.floor(limit / LEASE_SHARE));
  if (largest < 2) {
    if ((await reserve(company.companyId, limit, now, 1, 0)) === 0) throw refuse();
    return;
  }
  for (;;) {
    if ((refusedUntil.get(company.companyId) ?? 0) > now.getTime()) throw refusal();
    const lease = leaseOf(company.companyId, now);
    if (lease.left > 0) {
      lease.left--;
      return;
    }
    if (lease.taking) {
      // another request of this tenant is reserving a block: wait for it, then share it
      lease.waiting++;
      await lease.taking.catch(() => undefined);
      lease.waiting--;
      continue;
    }
    // The first block of a minute is as large as the requests waiting for it (a quiet tenant reserves one
    // at a time, counted exactly); each next block doubles, up to the largest.
    const size = Math.min(largest, Math.max(lease.size * 2, lease.waiting + 1));
    const returned = lease.returned;
    lease.returned = 0;
    const taking = reserve(company.companyId, limit, now, size, returned).then(
      (granted) => {
        if (granted === 0) {
          lease.returned += returned;
          throw refuse();
        }
        lease.size = granted;
        lease.left += granted - 1; // one is this request's
      },
      (error: unknown) => {
        lease.returned += returned;
        throw error;
      },
    );
    lease.taking = taking;
    try {
      return await taking;
    } finally {
      lease.taking = undefined;
    }
  }
}

/** The largest block a container reserves, and the share of a tenant's minute one block may take at most. */
const LEASE_MOST = 16;
const LEASE_SHARE = 32;

/**
 * What this container holds of a tenant's minute: requests admitted in advance, counted in the window and
 * the month when they were reserved. What a minute leaves unused is given back to the month's count by the
 * next block this container reserves in that month (`returned`); a container that stops with a block
 * unused leaves at most LEASE_MOST - 1 requests counted that did not happen.
 */
interface RequestLease {
  minute: string;
  month: string;
  left: number;
  size: number;
  returned: number;
  waiting: number;
  taking?: Promise<void>;
}
const leases = new Map<string, RequestLease>();

function leaseOf(companyId: string, now: Date): RequestLease {
  const minute = minuteOf(now);
  const month = monthOf(now);
  const held = leases.get(companyId);
  if (held?.minute === minute) return held;
  // a new minute: what the last one left unused goes back to its month (when it is still this month)
  const lease: RequestLease = { minute, month, left: 0, size: 0, returned: held?.month === month ? held.left + held.returned : 0, waiting: 0 };
  if (leases.size > 10_000) leases.clear();
  leases.set(companyId, lease);
  return lease;
}

/** Gives back what this container holds of a tenant's minute (a changed limit applies to its next request). */
function dropLease(companyId: string) {
  const lease = leases.get(companyId);
  if (!lease) return;
  lease.returned += lease.left;
  lease.left = 0;
  lease.size = 0;
}

/**
 * Reserves `size` requests in the tenant's minute (or one, when the minute has less room), on the month
 * item in one conditional write that also counts them in the month (less `returned`, a block's unused
 * requests given back). The first request of a minute restarts the minute's count; two first requests
 * racing: the loser of the restart finds the minute started and counts in it. Answers how many were
 * reserved: 0 when the minute is full.
 */
async function reserve(companyId: string, limit: number, now: Date, size: number, returned: number): Promise<number> {
  const key = { companyId, period: monthOf(now) };
  const minute = minuteOf(now);
  for (const take of size > 1 ? [size, 1] : [1]) {
    for (let attempt = 0; attempt < (take > 1 ? 1 : 3); attempt++) {
      try {
        await UsageEntity.update(key)
          .add({ requests: take - returned, minuteRequests: take })
          .where(({ minute: current, minuteRequests }, { eq, lte }) => `${eq(current, minute)} AND ${lte(minuteRequests, limit - take)}`)
          .go();
        return take;
      } catch (error) {
        if (!isConditionalFailure(error)) throw error;
      }
      try {
        await UsageEntity.update(key)
          .add({ requests: take - returned })
          .set({ minute, minuteRequests: take })
          .where(({ minute: current }, { ne, notExists }) => `${notExists(current)} OR ${ne(current, minute)}`)
          .go();
        return take;
      } catch (error) {
        if (!isConditionalFailure(error)) throw error;
      }
    }
  }
  return 0;
}

/** Tenants this container refused for the rest of a minute, until the minute's end (epoch ms). */
const refusedUntil = new Map<string, number>();

/** Whether this container refused the tenant earlier this minute (its next requests are refused without a write). */
export const refusedNow = (companyId: string, now = Date.now()) => (refusedUntil.get(companyId) ?? 0) > now;

/** One PDF render, against the tenant's daily limit (conditional ADD of the day's window) and in the month. */
export async function admitPdfRender(company: Pick<CompanyItem, "companyId" | "limits">, now = new Date()) {
  const limit = limitsOf(company).pdfRendersPerDay;
  const dayEnd = Math.floor(now.getTime() / 86_400_000) * 86_400 + 86_400;
  try {
    await UsageEntity.update({ companyId: company.companyId, period: dayOf(now) })
      .add({ pdfRenders: 1 })
      .set({ expiresAt: dayEnd + 40 * 86_400 })
      .where(({ pdfRenders }, { notExists, lt }) => `${notExists(pdfRenders)} OR ${lt(pdfRenders, limit)}`)
      .go();
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
    throw new TooManyRequestsError("tenant.pdf_limit", TENANT_MESSAGES.pdfRenders(limit), Math.max(1, dayEnd - Math.floor(now.getTime() / 1000)));
  }
  await count(company.companyId, { pdfRenders: 1 }, now);
}

const MB = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(bytes % 1024 ** 3 ? 1 : 0)} GB` : bytes >= 1024 ** 2 ? `${Math.round(bytes / 1024 ** 2)} MB` : bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`;

/**
 * Stored bytes are counted when a file is accepted and given back when it is removed; a new file that
 * would pass the limit is refused. The storage counter is kept on the `storage` item (not per month).
 */
export async function reserveStorage(company: Pick<CompanyItem, "companyId" | "limits">, bytes: number) {
  const limit = limitsOf(company).storageBytes;
  try {
    await UsageEntity.update({ companyId: company.companyId, period: "storage" })
      .add({ storageBytes: bytes })
      .where(({ storageBytes }, { notExists, lte }) => `${notExists(storageBytes)} OR ${lte(storageBytes, limit - bytes)}`)
      .go();
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
    throw new PayloadTooLargeError("tenant.storage_limit", TENANT_MESSAGES.storage(MB(limit)));
  }
}

export async function releaseStorage(companyId: string, bytes: number) {
  if (bytes > 0) await UsageEntity.update({ companyId, period: "storage" }).add({ storageBytes: -bytes }).go();
}

/**
 * The company's seat count, which the seat writes of administrators and invitations keep in their own
 * transactions with a condition against the users limit. Seats written before it existed (registration,
 * demo data) are counted once, when it is first needed.
 */
export async function ensureSeatCount(companyId: string) {
  const { data } = await UsageEntity.get({ companyId, period: "seats" }).go();
  if (data?.seats !== undefined) return;
  const { data: seats } = await SeatEntity.query.byCompany({ companyId }).go({ pages: "all", attributes: ["userId"] });
  await UsageEntity.put({ companyId, period: "seats", seats: seats.length })
    .where(({ seats: counted }, { notExists }) => notExists(counted))
    .go()
    .catch((error: unknown) => {
      if (!isConditionalFailure(error)) throw error;
    });
}

export const usersLimitError = (limit: number) => new ConflictError("tenant.users_limit", TENANT_MESSAGES.users(limit));

const minuteRequestsOf = (month: UsageItem | undefined, now: Date) => (month?.minute === minuteOf(now) ? (month.minuteRequests ?? 0) : 0);

const empty = (): Record<Metric, number> => Object.fromEntries(METRICS.map((metric) => [metric, 0])) as Record<Metric, number>;
const figures = (item: UsageItem | undefined) => ({ ...empty(), ...Object.fromEntries(METRICS.map((metric) => [metric, item?.[metric] ?? 0])) });

/** This month's and last month's usage, today's PDF renders and the stored bytes, beside the limits. */
export async function usageOf(company: Pick<CompanyItem, "companyId" | "limits">, now = new Date()) {
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const keys = [monthOf(now), monthOf(last), dayOf(now), "storage", "seats", "reports"].map((period) => ({ companyId: company.companyId, period }));
  const { data } = await UsageEntity.get(keys).go();
  const at = (period: string) => data.find((item) => item.period === period);
  const limits = limitsOf(company);
  const stored = at("storage")?.storageBytes ?? 0;
  // the seat count the users limit is kept against; counted from the seats while no seat write has kept it
  const seats =
    at("seats")?.seats ?? (await SeatEntity.query.byCompany({ companyId: company.companyId }).go({ pages: "all", attributes: ["userId"] })).data.length;
  return {
    thisMonth: { month: monthOf(now).slice(1), ...figures(at(monthOf(now))), storageBytes: stored },
    lastMonth: { month: monthOf(last).slice(1), ...figures(at(monthOf(last))) },
    today: { pdfRenders: at(dayOf(now))?.pdfRenders ?? 0 },
    thisMinute: { requests: minuteRequestsOf(at(monthOf(now)), now) },
    seats,
    /** active report schedules, against `limits.reportSchedules` (issue 36) */
    reports: { activeSchedules: at("reports")?.activeSchedules ?? 0 },
    limits,
    /** how close the tenant is to each limit, 0–1 */
    closeness: {
      requestsPerMinute: minuteRequestsOf(at(monthOf(now)), now) / limits.requestsPerMinute,
      storageBytes: stored / limits.storageBytes,
      pdfRendersPerDay: (at(dayOf(now))?.pdfRenders ?? 0) / limits.pdfRendersPerDay,
      users: seats / limits.users,
      reportSchedules: (at("reports")?.activeSchedules ?? 0) / limits.reportSchedules,
    },
  };
}
