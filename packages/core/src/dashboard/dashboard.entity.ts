import { Entity, type EntityItem } from "../db/electrodb";
import { entityConfig, SERVICE } from "../db/service";
import { lazyEntity } from "../db/lazy";

/** A dashboard of the reporting tool (SPEC §3 Dashboard), managed by provider administrators. */
export const DashboardEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "dashboard", version: "1", service: SERVICE },
    attributes: {
      dashboardId: { type: "string", required: true },
      name: { type: "string", required: true },
      description: { type: "string", required: true, default: "" },
      metabaseId: { type: "number", required: true },
      /** text of a JSON object */
      defaultParams: { type: "string", required: true, default: "" },
      version: { type: "number", required: true, default: 1 },
      createdAt: { type: "string", required: true, default: () => new Date().toISOString(), readOnly: true },
      updatedAt: { type: "string", required: true, default: () => new Date().toISOString() },
    },
    indexes: {
      // every dashboard (provider administrators' list): one partition, a few hundred at most
      all: { pk: { field: "pk", composite: [] }, sk: { field: "sk", composite: ["dashboardId"] } },
    },
  },
  entityConfig(),
));

/** A dashboard associated with a company, with the company's own parameters. */
export const DashboardLinkEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "dashboardlink", version: "1", service: SERVICE },
    attributes: {
      dashboardId: { type: "string", required: true },
      companyId: { type: "string", required: true },
      companyName: { type: "string", required: true, default: "" },
      customParams: { type: "string", required: true, default: "" },
      createdAt: { type: "string", required: true, default: () => new Date().toISOString() },
    },
    indexes: {
      // the companies of a dashboard (its delete removes them all)
      byDashboard: { pk: { field: "pk", composite: ["dashboardId"] }, sk: { field: "sk", composite: ["companyId"] } },
      // the dashboards of a company (/dashboards)
      byCompany: { index: "gsi1", pk: { field: "gsi1pk", composite: ["companyId"] }, sk: { field: "gsi1sk", composite: ["dashboardId"] } },
    },
  },
  entityConfig(),
));

/** A person's pin and last opening of a dashboard, in one company. */
export const DashboardPinEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "dashboardpin", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      userId: { type: "string", required: true },
      dashboardId: { type: "string", required: true },
      pinned: { type: "boolean", required: true, default: false },
      pinnedAt: { type: "string", required: true, default: "" },
      openedAt: { type: "string", required: true, default: "" },
    },
    indexes: {
      byPerson: { pk: { field: "pk", composite: ["companyId", "userId"] }, sk: { field: "sk", composite: ["dashboardId"] } },
      // every pin of a dashboard in a company: removed with the association
      byDashboard: { index: "gsi1", pk: { field: "gsi1pk", composite: ["dashboardId", "companyId"] }, sk: { field: "gsi1sk", composite: ["userId"] } },
    },
  },
  entityConfig(),
));

export type DashboardItem = EntityItem<typeof DashboardEntity>;
export type DashboardLinkItem = EntityItem<typeof DashboardLinkEntity>;
export type DashboardPinItem = EntityItem<typeof DashboardPinEntity>;
