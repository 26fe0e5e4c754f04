import { Entity, type EntityItem } from "../db/electrodb";
import { entityConfig, SERVICE } from "../db/service";
import { lazyEntity } from "../db/lazy";

export const VEHICLE_TYPES = ["truck", "tractor", "trailer", "van", "car", "bus", "equipment", "other"] as const;
export const FUEL_TYPES = ["diesel", "gasoline", "electric", "hybrid", "cng", "lpg", "other"] as const;

/** A vehicle of a company (SPEC §3 Vehicle), with its activation history for billing. */
export const VehicleEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "vehicle", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      vehicleId: { type: "string", required: true },
      vin: { type: "string", required: true, default: "" },
      type: { type: "string", required: true, default: "" },
      engine: { type: "string", required: true, default: "" },
      fuelType: { type: "string", required: true, default: "" },
      vehicleNumber: { type: "string", required: true },
      description: { type: "string", required: true, default: "" },
      isActive: { type: "boolean", required: true, default: true },
      /**
       * every activation and deactivation, oldest first: billing asks "active at any time in that month?".
       * `by` is the username at the time; `byId` (entries since it existed) names the person on the vehicle's page.
       */
      history: {
        type: "list",
        items: {
          type: "map",
          properties: { isActive: { type: "boolean", required: true }, at: { type: "string", required: true }, by: { type: "string", required: true }, byId: { type: "string" } },
        },
      },
      /** submissions that picked the vehicle; a delete is conditioned on none (written with each submission) */
      useCount: { type: "number", required: true, default: 0 },
      version: { type: "number", required: true, default: 1 },
      createdAt: { type: "string", required: true, default: () => new Date().toISOString(), readOnly: true },
      updatedAt: { type: "string", required: true, default: () => new Date().toISOString(), watch: "*", set: () => new Date().toISOString() },
    },
    indexes: {
      // the vehicles of one company: the register, the form's picker and checks of a submitted vehicle
      byCompany: { pk: { field: "pk", composite: ["companyId"] }, sk: { field: "sk", composite: ["vehicleId"] } },
    },
  },
  entityConfig(),
));

/** A VIN or vehicle number taken in a company: created and moved in the same transaction as the vehicle. */
export const VehicleClaimEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "vehicleclaim", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      kind: { type: ["vin", "number"] as const, required: true },
      /** upper-cased */
      value: { type: "string", required: true },
      vehicleId: { type: "string", required: true },
    },
    indexes: {
      byValue: { pk: { field: "pk", composite: ["companyId", "kind", "value"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
));

/** A submission that picked a vehicle, written with the submission: the vehicle page lists them. */
export const VehicleUseEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "vehicleuse", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      vehicleId: { type: "string", required: true },
      // zero-padded in the key, so the newest submission sorts last
      submissionId: { type: "number", required: true, padding: { length: 12, char: "0" } },
      formId: { type: "number", required: true },
    },
    indexes: {
      byVehicle: { pk: { field: "pk", composite: ["companyId", "vehicleId"] }, sk: { field: "sk", composite: ["submissionId"] } },
    },
  },
  entityConfig(),
));

export type VehicleItem = EntityItem<typeof VehicleEntity>;
