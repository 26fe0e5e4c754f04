import { Entity, type EntityItem } from "../db/electrodb";
import { entityConfig, SERVICE } from "../db/service";
import { lazyEntity } from "../db/lazy";

/**
 * A tenant's usage in one period, counted as the work happens (atomic ADDs written with the work, never
 * computed by scanning): `m2026-11` a month, `d2026-11-23` a day (PDF renders against their daily
 * limit; manual report runs and recipient confirmations against theirs). The month item also holds the
 * current minute's requests (`minute`, `minuteRequests`): a request
 * is admitted and counted in one conditional write.
 */
export const UsageEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "usage", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      period: { type: "string", required: true },
      requests: { type: "number" },
      submissions: { type: "number" },
      pdfRenders: { type: "number" },
      storageBytes: { type: "number" },
      reportRuns: { type: "number" },
      emails: { type: "number" },
      sms: { type: "number" },
      /** the `seats` item: the company's seats, kept by every administrator's and invitation's seat write */
      seats: { type: "number" },
      /** the `reports` item: the company's active report schedules, kept by every schedule write (issue 36) */
      activeSchedules: { type: "number" },
      /** a day item: report runs asked for by hand that day; an `h<hour>#report:<id>` item: one schedule's in that hour */
      manualReportRuns: { type: "number" },
      /** a day item: the confirmation mails sent to report recipients outside the company that day */
      recipientConfirmations: { type: "number" },
      /** the month item: the minute its `minuteRequests` count (against the per-minute limit) */
      minute: { type: "string" },
      minuteRequests: { type: "number" },
      /** epoch seconds; day windows only (DynamoDB TTL) */
      expiresAt: { type: "number" },
    },
    indexes: {
      byPeriod: { pk: { field: "pk", composite: ["companyId"] }, sk: { field: "sk", composite: ["period"] } },
    },
  },
  entityConfig(),
));

export type UsageItem = EntityItem<typeof UsageEntity>;
export const METRICS = ["requests", "submissions", "pdfRenders", "storageBytes", "reportRuns", "emails", "sms"] as const;
export type Metric = (typeof METRICS)[number];
