import type { Actor } from "@fleetforms/core/auth/claims";
import * as Submission from "@fleetforms/core/submission/index";

/*
 * A year of Acme's fuel logs (issue 42), so the emissions chart and the vehicle pages have a shape: the two
 * Cascadias on diesel, the Transit van on gasoline (logged in litres) and the E-Transit's charges, one month after
 * another up to this one, more driving in the summer. Dates are relative to the day the demo is seeded, so the
 * last twelve months (the pages' default) always hold them; the e2e journeys compute their expectations from
 * `demoFuelYear` with the same factors.
 */

export interface DemoFill {
  vehicle: string;
  fuelDate: string;
  fuelType: "diesel" | "gasoline" | "electricity";
  fuelQuantity: number;
  fuelUnit: "gallons" | "litres" | "kwh";
  odometer: number;
}

const PLAN = [
  { vehicle: "acme-truck-101", fuelType: "diesel", fuelUnit: "gallons", odometer: 180_000, miles: 1_900, perUnit: 6.6, fills: 1 },
  { vehicle: "acme-truck-102", fuelType: "diesel", fuelUnit: "gallons", odometer: 91_000, miles: 1_600, perUnit: 6.9, fills: 1 },
  // 15 mpg, logged in litres
  { vehicle: "acme-van-201", fuelType: "gasoline", fuelUnit: "litres", odometer: 41_000, miles: 1_100, perUnit: 15 / 3.785411784, fills: 1 },
  // about 2 miles per kWh, charged twice a month
  { vehicle: "acme-unit-307", fuelType: "electricity", fuelUnit: "kwh", odometer: 12_000, miles: 800, perUnit: 2, fills: 2 },
] as const;

const pad = (n: number) => String(n).padStart(2, "0");

/** The fills of the twelve months ending with `now`'s (UTC), oldest first; the current month's on its 1st. */
export function demoFuelYear(now = new Date()): DemoFill[] {
  const fills: DemoFill[] = [];
  const odometers = new Map<string, number>(PLAN.map((plan) => [plan.vehicle, plan.odometer]));
  for (let back = 11; back >= 0; back--) {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const month = `${first.getUTCFullYear()}-${pad(first.getUTCMonth() + 1)}`;
    // July drives the most, January the least
    const season = 1 + 0.3 * Math.cos(((first.getUTCMonth() - 6) / 12) * 2 * Math.PI);
    for (const plan of PLAN) {
      for (let fill = 0; fill < plan.fills; fill++) {
        const miles = Math.round((plan.miles * season) / plan.fills);
        const odometer = odometers.get(plan.vehicle)! + miles;
        odometers.set(plan.vehicle, odometer);
        const day = back === 0 ? 1 : 8 + fill * 12;
        fills.push({ vehicle: plan.vehicle, fuelDate: `${month}-${pad(day)}`, fuelType: plan.fuelType, fuelUnit: plan.fuelUnit, fuelQuantity: Math.round((miles / plan.perUnit) * 10) / 10, odometer });
      }
    }
  }
  return fills;
}

/** Saves the year's fills as the demo driver's fuel logs of form `formId`. */
export async function seedFuelYear(formId: number, driver: Actor) {
  for (const fill of demoFuelYear()) {
    await Submission.save(driver, { formId, lang: "en", values: { ...fill, payment: "fleet_card", station: fill.fuelType === "electricity" ? "Depot charger" : "Pilot #88, Temple TX" } });
  }
}
