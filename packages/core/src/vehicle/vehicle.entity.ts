import { Entity, type EntityItem } from "electrodb";
import { entityConfig, SERVICE } from "../db/service";

/** A vehicle of a company (SPEC §3 Vehicle). Minimal for now: what a form's `vehicle` element picks from. */
export const VehicleEntity = new Entity(
  {
    model: { entity: "vehicle", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      vehicleId: { type: "string", required: true },
      vin: { type: "string", required: true, default: "" },
      type: { type: "string", required: true, default: "" },
      engine: { type: "string", required: true, default: "" },
      vehicleNumber: { type: "string", required: true },
      description: { type: "string", required: true, default: "" },
      isActive: { type: "boolean", required: true, default: true },
      version: { type: "number", required: true, default: 1 },
      createdAt: { type: "string", required: true, default: () => new Date().toISOString(), readOnly: true },
    },
    indexes: {
      // the vehicles of one company: the vehicle picker of a form and checks of a submitted vehicle
      byCompany: { pk: { field: "pk", composite: ["companyId"] }, sk: { field: "sk", composite: ["vehicleId"] } },
    },
  },
  entityConfig(),
);

export type VehicleItem = EntityItem<typeof VehicleEntity>;
