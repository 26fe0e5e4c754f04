import { describe, expect, it } from "vitest";
import { Emissions } from "../src/emissions/index";
import type { FormDefinition } from "../src/form/definition";

/*
 * Expected values are worked by hand from the factors named in src/emissions/factors.ts (EPA GHG Emission Factors
 * Hub, January 2025): the arithmetic is in each comment.
 */

const FUEL_LOG: FormDefinition = {
  body: [
    { type: "vehicle", name: "vehicle", label: { en: "Vehicle" }, required: true },
    { type: "date", name: "fuelDate", label: { en: "Date" }, required: true },
    { type: "number", name: "fuelQuantity", label: { en: "Quantity" }, required: true },
    { type: "select", name: "fuelUnit", label: { en: "Unit" }, required: true, options: ["litres", "gallons", "kwh", "barrels"].map((value) => ({ value, label: { en: value } })) },
    { type: "select", name: "fuelType", label: { en: "Fuel" }, required: true, options: ["gasoline", "diesel", "b20", "electricity", "kerosene"].map((value) => ({ value, label: { en: value } })) },
    { type: "number", name: "odometer", label: { en: "Odometer" }, unit: "mi" },
  ],
};

const close = (actual: number | null, expected: number) => expect(actual).toBeCloseTo(expected, 6);

describe("a fill's emissions", () => {
  it("counts gasoline, diesel, LPG and propane by the gallon, and litres as gallons", () => {
    close(Emissions.emissionOf({ quantity: 10, unit: "gallons", fuelType: "gasoline" }).co2Kg, 87.8); // 10 × 8.78
    close(Emissions.emissionOf({ quantity: 20, unit: "gallons", fuelType: "diesel" }).co2Kg, 204.2); // 20 × 10.21
    close(Emissions.emissionOf({ quantity: 10, unit: "gallons", fuelType: "lpg" }).co2Kg, 56.8); // 10 × 5.68
    close(Emissions.emissionOf({ quantity: 10, unit: "gallons", fuelType: "propane" }).co2Kg, 57.2); // 10 × 5.72
    // 100 L = 100 / 3.785411784 = 26.4172052 gal; × 10.21 = 269.7196655
    close(Emissions.emissionOf({ quantity: 100, unit: "litres", fuelType: "diesel" }).co2Kg, 269.7196655);
    expect(Emissions.emissionOf({ quantity: 10, unit: "gallons", fuelType: "gasoline" }).co2eKg).toBeNull();
  });

  it("counts a biodiesel blend's fossil share as CO2 and its biodiesel share as biogenic CO2", () => {
    const b20 = Emissions.emissionOf({ quantity: 100, unit: "gallons", fuelType: "b20" });
    close(b20.co2Kg, 816.8); // 80 gal of diesel × 10.21
    close(b20.biogenicCo2Kg, 189); // 20 gal of biodiesel × 9.45
    const b5 = Emissions.emissionOf({ quantity: 100, unit: "gallons", fuelType: "b5" });
    close(b5.co2Kg, 969.95); // 95 × 10.21
    close(b5.biogenicCo2Kg, 47.25); // 5 × 9.45
  });

  it("counts CNG by the gasoline gallon equivalent", () => {
    // 10 GGE × 126.67 scf × 0.05444 kg = 68.959148
    close(Emissions.emissionOf({ quantity: 10, unit: "gallons", fuelType: "cng" }).co2Kg, 68.959148);
  });

  it("counts electricity by the eGRID U.S. average, with its CO2e", () => {
    const charge = Emissions.emissionOf({ quantity: 100, unit: "kwh", fuelType: "electricity" });
    // 0.1 MWh × 823.1 lb = 82.31 lb × 0.45359237 = 37.33518797 kg
    close(charge.co2Kg, 37.33518797);
    // (823.1 + 0.066 × 28 + 0.009 × 265) = 827.333 lb/MWh; × 0.1 × 0.45359237 = 37.52719362 kg
    close(charge.co2eKg, 37.52719362);
  });
});

describe("checking a fuel log", () => {
  const check = (values: Record<string, unknown>) => Emissions.checkFuelLog(FUEL_LOG, { vehicle: { type: "vehicle", id: "v" }, fuelDate: "2025-01-05", ...values } as never);

  it("accepts a fill that fits a tank", () => {
    expect(check({ fuelQuantity: 400, fuelUnit: "gallons", fuelType: "diesel" })).toEqual({});
    expect(check({ fuelQuantity: 1514, fuelUnit: "litres", fuelType: "b20" })).toEqual({});
    expect(check({ fuelQuantity: 1000, fuelUnit: "kwh", fuelType: "electricity" })).toEqual({});
  });

  it("refuses an impossible quantity, an unknown unit or fuel, and a fuel in kWh, by field", () => {
    expect(check({ fuelQuantity: -5, fuelUnit: "gallons", fuelType: "diesel" })).toEqual({ fuelQuantity: ["Enter a quantity greater than 0"] });
    expect(check({ fuelQuantity: 0, fuelUnit: "gallons", fuelType: "diesel" })).toEqual({ fuelQuantity: ["Enter a quantity greater than 0"] });
    expect(check({ fuelQuantity: 401, fuelUnit: "gallons", fuelType: "diesel" })).toEqual({ fuelQuantity: ["One fill cannot be more than 400 gal"] });
    expect(check({ fuelQuantity: 1515, fuelUnit: "litres", fuelType: "diesel" })).toEqual({ fuelQuantity: ["One fill cannot be more than 1514 L"] });
    expect(check({ fuelQuantity: 1001, fuelUnit: "kwh", fuelType: "electricity" })).toEqual({ fuelQuantity: ["One fill cannot be more than 1000 kWh"] });
    expect(check({ fuelQuantity: 10, fuelUnit: "barrels", fuelType: "diesel" })).toEqual({ fuelUnit: ["Choose litres, gallons or kWh"] });
    expect(check({ fuelQuantity: 10, fuelUnit: "gallons", fuelType: "kerosene" })).toEqual({ fuelType: ["Choose gasoline, diesel, B5, B20, CNG, LPG, propane or electricity"] });
    expect(check({ fuelQuantity: 10, fuelUnit: "kwh", fuelType: "diesel" })).toEqual({ fuelUnit: ["Count electricity in kWh and fuels in litres or gallons"] });
  });

  it("takes the unit from the quantity question when the form asks none, and leaves other forms alone", () => {
    const gallonsOnly: FormDefinition = { body: [{ type: "number", name: "fuelQuantity", label: { en: "Gallons" }, unit: "gal" }, { type: "select", name: "fuelType", label: { en: "Fuel" }, options: [{ value: "diesel", label: { en: "Diesel" } }] }] };
    expect(Emissions.checkFuelLog(gallonsOnly, { fuelQuantity: 450, fuelType: "diesel" })).toEqual({ fuelQuantity: ["One fill cannot be more than 400 gal"] });
    expect(Emissions.isFuelLog(gallonsOnly)).toBe(true);
    const noFuelType: FormDefinition = { body: [{ type: "number", name: "fuelQuantity", label: { en: "Gallons" }, unit: "gal" }] };
    expect(Emissions.isFuelLog(noFuelType)).toBe(false);
    expect(Emissions.checkFuelLog(noFuelType, { fuelQuantity: -1 })).toEqual({});
    const other: FormDefinition = { body: [{ type: "number", name: "gallons", label: { en: "Gallons" } }] };
    expect(Emissions.isFuelLog(other)).toBe(false);
    expect(Emissions.checkFuelLog(other, { gallons: -1 })).toEqual({});
  });
});

describe("totals per month and per distance", () => {
  const log = (submissionId: number, fuelDate: string, fuelQuantity: number, odometer?: number, vehicle = "truck", fuelType = "diesel", fuelUnit = "gallons") =>
    Emissions.fuelLogOf(FUEL_LOG, { submissionId, createdAt: "2025-06-01T00:00:00.000Z", values: { vehicle: { type: "vehicle", id: vehicle }, fuelDate, fuelQuantity, fuelUnit, fuelType, ...(odometer === undefined ? {} : { odometer }) } })!;

  it("sums a vehicle's fills by month, with CO2 per mile and per km between odometer readings", () => {
    const { months, total } = Emissions.summarize([log(3, "2025-02-03", 45, 1800), log(1, "2025-01-05", 50, 1000), log(2, "2025-01-20", 40, 1400)]);
    // January: (50 + 40) × 10.21 = 918.9 kg; the second fill closes 400 mi (643.7376 km) with 40 × 10.21 = 408.4 kg
    expect(months[0]).toMatchObject({ month: "2025-01", co2Kg: 918.9, fills: 2, distanceKm: 643.7, co2KgPerMile: 1.021, co2eKg: null });
    close(months[0]!.co2KgPerKm, 0.6344); // 408.4 / 643.7376 = 0.63442
    // February: 45 × 10.21 = 459.45 kg over 400 mi = 1.148625 kg/mi
    expect(months[1]).toMatchObject({ month: "2025-02", co2Kg: 459.45, fills: 1, co2KgPerMile: 1.1486 });
    // all: 1378.35 kg; per mile (408.4 + 459.45) / 800 = 1.0848125
    expect(total).toMatchObject({ co2Kg: 1378.35, fills: 3, co2KgPerMile: 1.0848 });
  });

  it("closes no distance without a previous reading of the same vehicle, or with a lower one", () => {
    const { total } = Emissions.summarize([log(1, "2025-03-01", 10, 5000, "a"), log(2, "2025-03-02", 10, 5200, "b"), log(3, "2025-03-03", 10, 4000, "a")]);
    expect(total).toMatchObject({ co2Kg: 306.3, distanceKm: 0, co2KgPerKm: null, co2KgPerMile: null }); // 3 × 10 × 10.21
  });

  it("gives CO2e for a month only when every fill has one, and counts a fill with no date answer on its day", () => {
    const electric = log(1, "2025-04-02", 100, undefined, "van", "electricity", "kwh");
    const { months } = Emissions.summarize([electric]);
    expect(months[0]).toMatchObject({ month: "2025-04", co2Kg: 37.335, co2eKg: 37.527 });
    expect(Emissions.summarize([electric, log(2, "2025-04-03", 10, undefined, "truck", "gasoline")]).months[0]).toMatchObject({ co2Kg: 125.135, co2eKg: null }); // 37.335 + 87.8
    const undated = Emissions.fuelLogOf({ body: FUEL_LOG.body.filter((element) => element.type !== "date") }, { submissionId: 9, createdAt: "2025-07-09T10:00:00.000Z", values: { fuelQuantity: 1, fuelUnit: "gallons", fuelType: "gasoline" } });
    expect(undated).toMatchObject({ date: "2025-07-09", vehicleId: null, co2Kg: 8.78 });
  });

  it("lays out every month of a range, empty ones as zeros", () => {
    const months = Emissions.monthsBetween("2024-11", "2025-02", Emissions.summarize([log(1, "2025-01-05", 10)]).months);
    expect(months.map((entry) => [entry.month, entry.co2Kg])).toEqual([["2024-11", 0], ["2024-12", 0], ["2025-01", 102.1], ["2025-02", 0]]);
  });
});

describe("totals over a range of months", () => {
  const log = (submissionId: number, fuelDate: string, fuelQuantity: number, odometer: number) =>
    Emissions.fuelLogOf(FUEL_LOG, { submissionId, createdAt: "2025-06-01T00:00:00.000Z", values: { vehicle: { type: "vehicle", id: "t" }, fuelDate, fuelQuantity, fuelUnit: "gallons", fuelType: "gasoline", odometer } })!;

  it("sums only the months asked for, a reading before them opening the first distance", () => {
    const { months, total } = Emissions.summarize([log(1, "2024-12-28", 20, 10_000), log(2, "2025-01-10", 10, 10_250)], { from: "2025-01", to: "2025-12" });
    // only January's fill: 10 × 8.78 = 87.8 kg over 250 mi = 0.3512 kg/mi
    expect(months).toHaveLength(1);
    expect(total).toMatchObject({ co2Kg: 87.8, fills: 1, co2KgPerMile: 0.3512 });
  });
});
