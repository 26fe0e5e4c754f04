import * as Vehicle from "@fleetforms/core/vehicle/index";
import type { Actor } from "@fleetforms/core/auth/claims";
import { COMPANY_ID } from "./demo-data";

/*
 * A realistic fleet for each demo company (issue 14): a few dozen vehicles of the kinds a regional carrier
 * runs, some inactive, with VINs whose check digits are right (made from a base VIN with the digit computed).
 * Described in Spanish, like the rest of the demo companies' content (issue 40); makes and models as sold.
 */

type Kind = (typeof Vehicle.VEHICLE_TYPES)[number];
type Fuel = (typeof Vehicle.FUEL_TYPES)[number];
interface Model {
  type: Kind;
  fuelType: Fuel | "";
  engine: string;
  description: string;
  /** a 17-character VIN pattern; its serial (last five) and check digit are filled in */
  vin: string;
}

const MODELS: Model[] = [
  { type: "tractor", fuelType: "diesel", engine: "Detroit DD15", description: "Freightliner Cascadia", vin: "1FUJGLDR0CLB00000" },
  { type: "tractor", fuelType: "diesel", engine: "Cummins X15", description: "Kenworth T680", vin: "1XKYD49X0KJ100000" },
  { type: "truck", fuelType: "diesel", engine: "PACCAR PX-9", description: "Camión de caja Peterbilt 348", vin: "2NP3LJ0X0KM400000" },
  { type: "trailer", fuelType: "", engine: "", description: "Caja seca Utility de 53'", vin: "1UYVS2530KU700000" },
  { type: "van", fuelType: "gasoline", engine: "3.5L V6 EcoBoost", description: "Ford Transit 350", vin: "1FTBW3XM0HKA00000" },
  { type: "van", fuelType: "electric", engine: "Doble motor", description: "Ford E-Transit", vin: "1FTBW9CK0NKA00000" },
  { type: "car", fuelType: "hybrid", engine: "2.5L hybrid", description: "Toyota Camry Hybrid (supervisión)", vin: "4T1C31AK0LU500000" },
  { type: "bus", fuelType: "diesel", engine: "Cummins B6.7", description: "Thomas Saf-T-Liner C2", vin: "4UZABRDT0FCG00000" },
  { type: "equipment", fuelType: "diesel", engine: "Cat C3.3B", description: "Montacargas Caterpillar", vin: "" },
];

/** A model's VIN with a serial and the right check digit. */
function vinOf(pattern: string, serial: number): string {
  if (!pattern) return "";
  const draft = `${pattern.slice(0, 12)}${String(serial).padStart(5, "0")}`;
  return `${draft.slice(0, 8)}${Vehicle.checkDigitOf(draft)}${draft.slice(9)}`;
}

interface DemoVehicle {
  vehicleId: string;
  vehicleNumber: string;
  model: Model;
  isActive: boolean;
}

/** The vehicles the demo forms and submissions already name keep their ids and numbers. */
function fleet(prefix: string, models: number[], count: number, firstNumber: number, named: DemoVehicle[]): DemoVehicle[] {
  const out = [...named];
  for (let i = 0; out.length < count; i++) {
    const model = MODELS[models[i % models.length]!]!;
    out.push({ vehicleId: `${prefix}-${firstNumber + i}`, vehicleNumber: String(firstNumber + i), model, isActive: i % 7 !== 3 });
  }
  return out;
}

export const DEMO_FLEET: Record<string, DemoVehicle[]> = {
  [COMPANY_ID.acme]: fleet("acme-unit", [0, 1, 3, 3, 2, 4, 5, 6, 8], 36, 301, [
    { vehicleId: "acme-truck-101", vehicleNumber: "101", model: MODELS[0]!, isActive: true },
    { vehicleId: "acme-truck-102", vehicleNumber: "102", model: MODELS[0]!, isActive: true },
    { vehicleId: "acme-van-201", vehicleNumber: "201", model: MODELS[4]!, isActive: true },
  ]),
  [COMPANY_ID.beta]: fleet("beta-unit", [7, 7, 4, 6], 24, 11, [{ vehicleId: "beta-bus-7", vehicleNumber: "7", model: MODELS[7]!, isActive: true }]),
};

/** Seeds the fleets, each added by its company's administrator in `admins`; a company that has vehicles already is left alone. */
export async function seedFleet(admins: Record<string, Pick<Actor, "userId" | "username">>) {
  for (const [companyId, vehicles] of Object.entries(DEMO_FLEET)) {
    if ((await Vehicle.listByCompany(companyId)).length > 0) continue;
    let serial = companyId === COMPANY_ID.acme ? 10_000 : 50_000;
    for (const vehicle of vehicles) {
      const { model } = vehicle;
      await Vehicle.seed(companyId, {
        vehicleId: vehicle.vehicleId,
        vehicleNumber: vehicle.vehicleNumber,
        vin: vinOf(model.vin, serial++),
        type: model.type,
        fuelType: model.fuelType,
        engine: model.engine,
        description: model.description,
        isActive: vehicle.isActive,
      }, admins[companyId]!);
    }
  }
}
