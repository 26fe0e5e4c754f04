import { Entity } from "../db/electrodb";
import { entityConfig, SERVICE } from "../db/service";
import { lazyEntity } from "../db/lazy";

/**
 * Counters kept as the work happens (issue 16), for the native dashboards: per company and day, per
 * company, form and week, and the company's gauges. Each is an ADD in the transaction of the work it counts.
 */
export const StatsDayEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "statsday", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      day: { type: "string", required: true },
      submissions: { type: "number", required: true, default: 0 },
      inspections: { type: "number", required: true, default: 0 },
      withDefects: { type: "number", required: true, default: 0 },
    },
    indexes: { byCompany: { pk: { field: "pk", composite: ["companyId"] }, sk: { field: "sk", composite: ["day"] } } },
  },
  entityConfig(),
));

export const StatsFormWeekEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "statsformweek", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      /** the Monday the week starts on */
      week: { type: "string", required: true },
      formId: { type: "number", required: true },
      count: { type: "number", required: true, default: 0 },
    },
    indexes: { byCompany: { pk: { field: "pk", composite: ["companyId"] }, sk: { field: "sk", composite: ["week", "formId"] } } },
  },
  entityConfig(),
));

export const StatsGaugeEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "statsgauge", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      approvalsWaiting: { type: "number", required: true, default: 0 },
    },
    indexes: { byCompany: { pk: { field: "pk", composite: ["companyId"] }, sk: { field: "sk", composite: [] } } },
  },
  entityConfig(),
));

/** A person's submission waiting for approval or sent back: `/home` lists them without scanning. */
export const SubmissionFlagEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "submissionflag", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      userId: { type: "string", required: true },
      submissionId: { type: "number", required: true, padding: { length: 12, char: "0" } },
      formId: { type: "number", required: true },
      status: { type: ["pending_approval", "sent_back"] as const, required: true },
      updatedAt: { type: "string", required: true },
    },
    indexes: { byPerson: { pk: { field: "pk", composite: ["companyId", "userId"] }, sk: { field: "sk", composite: ["submissionId"] } } },
  },
  entityConfig(),
));
