import { FUEL_TYPES, VEHICLE_TYPES, type Vehicle, type VehicleInput } from "../types";
import { isValidVin, normaliseVin } from "./vin";

/** docs/api-vehicles.md: the lengths the API allows. */
export const LIMITS = { vehicleNumber: 50, engine: 100, description: 500 } as const;

export type FieldName = keyof VehicleInput;
/** Translation keys of the messages, by field. */
export type FieldErrors = Partial<Record<FieldName, string>>;

export const emptyVehicle = (): VehicleInput => ({ vehicleNumber: "", vin: "", type: "truck", engine: "", fuelType: "", description: "", isActive: true });

export const inputOf = (vehicle: Vehicle): VehicleInput => ({
  vehicleNumber: vehicle.vehicleNumber,
  vin: vehicle.vin ?? "",
  type: vehicle.type ?? "",
  engine: vehicle.engine ?? "",
  fuelType: vehicle.fuelType ?? "",
  description: vehicle.description ?? "",
  isActive: vehicle.isActive,
});

/** The form's values as the API takes them: text trimmed, the VIN normalised. */
export function cleaned(input: VehicleInput): VehicleInput {
  return { ...input, vehicleNumber: input.vehicleNumber.trim(), vin: normaliseVin(input.vin), engine: input.engine.trim(), description: input.description.trim() };
}

/** The same rules as the API, checked before sending: the translation key of each field's message. */
export function validate(input: VehicleInput): FieldErrors {
  const errors: FieldErrors = {};
  if (!input.vehicleNumber) errors.vehicleNumber = "vehicles.validation.numberRequired";
  else if (input.vehicleNumber.length > LIMITS.vehicleNumber) errors.vehicleNumber = "vehicles.validation.numberTooLong";
  if (!isValidVin(input.vin)) errors.vin = "vehicles.validation.vin";
  if (input.type !== "" && !(VEHICLE_TYPES as readonly string[]).includes(input.type)) errors.type = "vehicles.validation.type";
  if (input.fuelType !== "" && !(FUEL_TYPES as readonly string[]).includes(input.fuelType)) errors.fuelType = "vehicles.validation.fuelType";
  if (input.engine.length > LIMITS.engine) errors.engine = "vehicles.validation.engineTooLong";
  if (input.description.length > LIMITS.description) errors.description = "vehicles.validation.descriptionTooLong";
  return errors;
}

/** An edit sends only what changed, so an unchanged VIN is not checked again. */
export function changes(before: VehicleInput, after: VehicleInput): Partial<VehicleInput> {
  const out: Partial<VehicleInput> = {};
  for (const key of Object.keys(after) as FieldName[]) if (after[key] !== before[key]) (out as Record<string, unknown>)[key] = after[key];
  return out;
}
