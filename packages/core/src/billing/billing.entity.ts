import { Entity, type EntityItem } from "../db/electrodb";
import { entityConfig, SERVICE } from "../db/service";
import { lazyEntity } from "../db/lazy";

/** A company's bill for one calendar month (SPEC §3 Billing), written once by the monthly run. */
export const BillingMonthEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "billingmonth", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      companyName: { type: "string", required: true },
      /** `YYYY-MM`, UTC */
      month: { type: "string", required: true },
      billableUsers: { type: "number", required: true },
      /** cents */
      userPrice: { type: "number", required: true },
      /** SPEC §3's name for the number of vehicles billed */
      vehicle: { type: "number", required: true },
      /** cents */
      vehiclePrice: { type: "number", required: true },
      /** cents */
      totalAmount: { type: "number", required: true },
      currency: { type: "string", required: true, default: "USD" },
      paymentStatus: { type: ["paid", "unpaid"] as const, required: true },
      paidAt: { type: "string" },
      /** "stripe", "test" (the local test checkout), "nothing-due", or the username of who marked it by hand */
      paidBy: { type: "string" },
      paymentNote: { type: "string" },
      /** the Stripe (or test) checkout session that paid it */
      paidSession: { type: "string" },
      /** the invoice's language: the company's when the month was billed */
      lang: { type: "string", required: true, default: "en" },
      version: { type: "number", required: true, default: 1 },
      createdAt: { type: "string", required: true, default: () => new Date().toISOString(), readOnly: true },
    },
    indexes: {
      byCompany: { pk: { field: "pk", composite: ["companyId"] }, sk: { field: "sk", composite: ["month"] } },
      // every company's bill of one month: the provider administrators' view
      byMonth: { index: "gsi1", pk: { field: "gsi1pk", composite: ["month"] }, sk: { field: "gsi1sk", composite: ["companyId"] } },
    },
  },
  entityConfig(),
));

/** Who or what one month counted: one item per user or vehicle, beside the month. */
export const BillingLineEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "billingline", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      month: { type: "string", required: true },
      kind: { type: ["user", "vehicle"] as const, required: true },
      id: { type: "string", required: true },
      /** username or vehicle number, as it was when billed */
      label: { type: "string", required: true },
    },
    indexes: {
      byMonth: { pk: { field: "pk", composite: ["companyId", "month"] }, sk: { field: "sk", composite: ["kind", "id"] } },
    },
  },
  entityConfig(),
));

/** One change of whether a seat or vehicle is billable, from `at` on. */
export interface BillableMark {
  billable: boolean;
  at: string;
}

export const billableHistory = {
  type: "list",
  items: { type: "map", properties: { billable: { type: "boolean", required: true }, at: { type: "string", required: true } } },
} as const;

/**
 * A removed seat or deleted vehicle's billable history, written in the removal's own transaction, so a
 * month still counts someone who left in the middle of it.
 */
export const BillingTrailEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "billingtrail", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      kind: { type: ["user", "vehicle"] as const, required: true },
      id: { type: "string", required: true },
      removedAt: { type: "string", required: true },
      label: { type: "string", required: true },
      createdAt: { type: "string", required: true },
      history: billableHistory,
    },
    indexes: {
      byCompany: { pk: { field: "pk", composite: ["companyId"] }, sk: { field: "sk", composite: ["kind", "id", "removedAt"] } },
    },
  },
  entityConfig(),
));

/** A checkout started for one month: what the webhook's session id leads back to. */
export const BillingSessionEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "billingsession", version: "1", service: SERVICE },
    attributes: {
      sessionId: { type: "string", required: true },
      companyId: { type: "string", required: true },
      month: { type: "string", required: true },
      totalAmount: { type: "number", required: true },
      currency: { type: "string", required: true },
      mode: { type: ["stripe", "test"] as const, required: true },
      status: { type: ["open", "complete"] as const, required: true, default: "open" },
      startedBy: { type: "string", required: true },
      startedById: { type: "string", required: true },
      /** the recurring-payment certification was ticked: by `startedBy`, at `createdAt` (SPEC §5) */
      recurringCertified: { type: "boolean" },
      createdAt: { type: "string", required: true, default: () => new Date().toISOString(), readOnly: true },
      /** DynamoDB TTL (seconds): a session is kept 90 days */
      expiresAt: { type: "number" },
    },
    indexes: {
      byId: { pk: { field: "pk", composite: ["sessionId"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
));

/** A webhook event handled: created in the same transaction as its effect, so a replay changes nothing. */
export const BillingEventEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "billingevent", version: "1", service: SERVICE },
    attributes: {
      eventId: { type: "string", required: true },
      type: { type: "string", required: true },
      at: { type: "string", required: true, default: () => new Date().toISOString(), readOnly: true },
    },
    indexes: {
      byId: { pk: { field: "pk", composite: ["eventId"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
));

export type BillingMonthItem = EntityItem<typeof BillingMonthEntity>;
export type BillingLineItem = EntityItem<typeof BillingLineEntity>;
export type BillingSessionItem = EntityItem<typeof BillingSessionEntity>;
