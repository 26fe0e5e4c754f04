import { Entity, type EntityItem } from "../db/electrodb";
import { entityConfig, SERVICE } from "../db/service";
import { SEAT_ROLES } from "../user/roles";
import { billableHistory } from "../billing/billing.entity";
import { lazyEntity } from "../db/lazy";

export const CompanyEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "company", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      name: { type: "string", required: true },
      /** lower-cased name, the sort key of the provider-admin listing */
      sortName: { type: "string", watch: ["name"], set: (_, item) => String(item.name ?? "").toLowerCase() },
      companyEmail: { type: "string", default: "" },
      companyWebsite: { type: "string", default: "" },
      companyPhone: { type: "string", default: "" },
      companyAddress: { type: "string", default: "" },
      city: { type: "string", default: "" },
      state: { type: "string", default: "" },
      zipCode: { type: "string", default: "" },
      /** IANA zone the company's PDFs print times in; missing on companies made before it existed (read as UTC) */
      timeZone: { type: "string" },
      /** lines printed under the name on the company's reports */
      reportDetails: { type: "string" },
      /** the company's logo on its reports: an image asset of the company, kept (attached) while it is the logo */
      logoAssetId: { type: "number" },
      /** a suspended tenant's people are refused at sign-in and on every call; nothing is deleted */
      status: { type: ["active", "suspended"] as const, default: "active" },
      suspendedReason: { type: "string" },
      suspendedAt: { type: "string" },
      suspendedBy: { type: "string" },
      /** the provider's limits for this tenant; a missing one is the default (core/tenant) */
      limits: {
        type: "map",
        properties: {
          requestsPerMinute: { type: "number" },
          storageBytes: { type: "number" },
          users: { type: "number" },
          pdfRendersPerDay: { type: "number" },
          reportSchedules: { type: "number" },
        },
      },
      version: { type: "number", default: 1 },
      createdAt: { type: "string", default: () => new Date().toISOString(), readOnly: true },
    },
    indexes: {
      byId: { pk: { field: "pk", composite: ["companyId"] }, sk: { field: "sk", composite: [] } },
      // every company by name: the provider administrators' company list (one partition, deliberately)
      all: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: [] },
        sk: { field: "gsi1sk", composite: ["sortName", "companyId"] },
      },
    },
  },
  entityConfig(),
));

/** A user's seat in a company, with the role they hold there (SPEC §3 "Company seat"). */
export const SeatEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "seat", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      userId: { type: "string", required: true },
      role: { type: SEAT_ROLES, required: true },
      /** per company (docs/api-admin.md): an inactive seat cannot sign in to this company */
      status: { type: ["active", "inactive"] as const, default: "active" },
      /** per company (issue 42): the company marks the person as a mechanic, who may certify defect repairs */
      mechanic: { type: "boolean" },
      /** per company: whether this company pays for the seat */
      isBillable: { type: "boolean", default: true },
      /** every change of whether the company pays for the seat (billing/billable.ts); empty until the first */
      history: billableHistory,
      // A copy of the account's profile, kept in step by every edit, so the users of a company are one
      // Query of its partition (thousands of users, sorted and filtered by any column) rather than a
      // Query plus a BatchGet per hundred users. Seats written before the copy existed lack `username`;
      // the listing reads those accounts instead.
      username: { type: "string" },
      email: { type: "string" },
      firstName: { type: "string" },
      lastName: { type: "string" },
      phone: { type: "string" },
      lang: { type: "string" },
      lastSignInAt: { type: "string" },
      version: { type: "number", default: 1 },
      createdAt: { type: "string", default: () => new Date().toISOString(), readOnly: true },
    },
    indexes: {
      // the users of one company, for admin screens and access checks
      byCompany: { pk: { field: "pk", composite: ["companyId"] }, sk: { field: "sk", composite: ["userId"] } },
      // the companies of one user, for company selection and the `companies` claim
      byUser: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["userId"] },
        sk: { field: "gsi1sk", composite: ["companyId"] },
      },
    },
  },
  entityConfig(),
));

export type CompanyItem = EntityItem<typeof CompanyEntity>;
export type SeatItem = EntityItem<typeof SeatEntity>;
