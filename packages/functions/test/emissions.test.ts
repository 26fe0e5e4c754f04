import { beforeAll, describe, expect, it } from "vitest";
import { call, tokenFor, unique } from "../../../tests/http";
import { createForm } from "../../../tests/forms-fixtures";
import { claimsOf, registerCompany } from "../../../tests/auth-helpers";
import { pythonCsv } from "../../../tests/import-fixtures";
import { pythonSheet } from "../../../tests/independent-readers";
import readXlsxFile from "read-excel-file/node";

/*
 * Issue 42: emissions from fuel logs through HTTP, in a company of the test's own (the demo companies' fills would
 * move the sums). Expected values are worked by hand from the factors in core/src/emissions/factors.ts (EPA GHG
 * Emission Factors Hub, January 2025): diesel 10.21 and gasoline 8.78 kg CO2 per gallon, 1 gal = 3.785411784 L,
 * electricity 823.1 lb CO2 per MWh (eGRID), 1 lb = 0.45359237 kg, 1 mi = 1.609344 km.
 */

const options = (values: string[]) => values.map((value) => ({ value, label: { en: value, es: value } }));
const FUEL_LOG = {
  body: [
    { type: "vehicle", name: "vehicle", label: { en: "Vehicle", es: "Vehículo" }, required: true },
    { type: "date", name: "fuelDate", label: { en: "Date", es: "Fecha" }, required: true },
    { type: "select", name: "fuelType", label: { en: "Fuel", es: "Combustible" }, required: true, options: options(["diesel", "gasoline", "electricity", "kerosene"]) },
    { type: "number", name: "fuelQuantity", label: { en: "Quantity", es: "Cantidad" }, required: true },
    { type: "radio", name: "fuelUnit", label: { en: "Unit", es: "Unidad" }, required: true, options: options(["gallons", "litres", "kwh", "barrels"]) },
    { type: "number", name: "odometer", label: { en: "Odometer", es: "Odómetro" }, integer: true, unit: "mi" },
  ],
};

let admin: string;
let formId: number;
let truck: string;
let van: string;

const fill = (values: Record<string, unknown>, token = admin) => call("POST", "/submissions/save", { token, body: { formId, values } });
const vehicle = async (token: string) => {
  const made = await call("POST", "/vehicles", { token, body: { vehicleNumber: unique("E-").slice(0, 20), type: "truck" } });
  expect(made.status).toBe(201);
  return made.body.data.vehicle.id as string;
};

beforeAll(async () => {
  admin = (await registerCompany()).tokens.access_token;
  [truck, van] = [await vehicle(admin), await vehicle(admin)];
  formId = (await createForm(admin, {}, FUEL_LOG)).id;
  const fills = [
    { vehicle: truck, fuelDate: "2025-01-05", fuelType: "diesel", fuelQuantity: 50, fuelUnit: "gallons", odometer: 1000 },
    { vehicle: truck, fuelDate: "2025-01-20", fuelType: "diesel", fuelQuantity: 40, fuelUnit: "gallons", odometer: 1400 },
    { vehicle: truck, fuelDate: "2025-02-03", fuelType: "diesel", fuelQuantity: 45, fuelUnit: "gallons", odometer: 1800 },
    { vehicle: van, fuelDate: "2025-02-10", fuelType: "electricity", fuelQuantity: 100, fuelUnit: "kwh" },
    { vehicle: van, fuelDate: "2025-02-11", fuelType: "gasoline", fuelQuantity: 100, fuelUnit: "litres" },
  ];
  for (const values of fills) expect((await fill(values)).status).toBe(201);
});

describe("GET /vehicles/{id}/emissions", () => {
  it("sums a vehicle's fills by month, with CO2 per mile and per km between odometer readings", async () => {
    const response = await call("GET", `/vehicles/${truck}/emissions?from=2025-01&to=2025-03`, { token: admin });
    expect(response.status).toBe(200);
    const { months, total, factors } = response.body.data;
    // January: (50 + 40) × 10.21 = 918.9 kg; the 40 gal fill closes 400 mi: 408.4 / 400 = 1.021 kg/mi, / 643.7376 km = 0.6344 kg/km
    expect(months[0]).toEqual({ month: "2025-01", co2Kg: 918.9, co2eKg: null, biogenicCo2Kg: 0, fills: 2, distanceKm: 643.7, co2KgPerKm: 0.6344, co2KgPerMile: 1.021 });
    // February: 45 × 10.21 = 459.45 kg over 400 mi; March: nothing
    expect(months[1]).toMatchObject({ month: "2025-02", co2Kg: 459.45, fills: 1, co2KgPerMile: 1.1486 });
    expect(months[2]).toMatchObject({ month: "2025-03", co2Kg: 0, fills: 0, co2KgPerMile: null });
    // the three months: 1378.35 kg, (408.4 + 459.45) / 800 mi = 1.0848 kg/mi
    expect(total).toMatchObject({ co2Kg: 1378.35, fills: 3, co2KgPerMile: 1.0848 });
    expect(factors).toEqual({ source: "U.S. EPA GHG Emission Factors Hub", edition: "2025-01", electricity: "eGRID2022" });
  });

  it("sums litres and kWh, CO2e only for a month whose every fill has one, and is not found in another company", async () => {
    const { body } = await call("GET", `/vehicles/${van}/emissions?from=2025-02&to=2025-02`, { token: admin });
    // 100 kWh: 0.1 × 823.1 × 0.45359237 = 37.335 kg; 100 L of gasoline: 26.4172 gal × 8.78 = 231.943 kg
    expect(body.data.months).toEqual([expect.objectContaining({ month: "2025-02", co2Kg: 269.278, co2eKg: null, fills: 2 })]);
    expect((await call("GET", `/vehicles/${van}/emissions`, { token: await tokenFor("beta_admin") })).status).toBe(404);
  });

  it("refuses a range it cannot read", async () => {
    const badMonth = await call("GET", `/vehicles/${truck}/emissions?from=2025-13`, { token: admin });
    expect(badMonth.status).toBe(400);
    const backwards = await call("GET", `/vehicles/${truck}/emissions?from=2025-03&to=2025-01`, { token: admin });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe("The first month must not be after the last");
  });
});

describe("GET /emissions", () => {
  it("sums the company's fills by month", async () => {
    const response = await call("GET", "/emissions?from=2024-12&to=2025-02", { token: admin });
    expect(response.status).toBe(200);
    const { months, total } = response.body.data;
    expect(months.map((month: { month: string; co2Kg: number }) => [month.month, month.co2Kg])).toEqual([
      ["2024-12", 0],
      ["2025-01", 918.9],
      // 459.45 + 37.335188 + 231.943062 = 728.728
      ["2025-02", 728.728],
    ]);
    expect(total).toMatchObject({ co2Kg: 1647.628, fills: 5, co2eKg: null });
  });

  it("is for those who read every submission: a driver is refused", async () => {
    expect((await call("GET", "/emissions", { token: await tokenFor("acme_driver") })).status).toBe(403);
    expect((await call("GET", "/emissions", { token: await tokenFor("acme_viewer") })).status).toBe(200);
  });
});

describe("a fuel log that cannot be counted", () => {
  it("is refused at submission with a message on its field, and nothing is counted", async () => {
    const base = { vehicle: truck, fuelDate: "2025-03-02", fuelType: "diesel", fuelUnit: "gallons" };
    const negative = await fill({ ...base, fuelQuantity: -5 });
    expect(negative.status).toBe(400);
    expect(negative.body.fieldErrors).toEqual({ fuelQuantity: ["Enter a quantity greater than 0"] });
    const overTank = await fill({ ...base, fuelQuantity: 450 });
    expect(overTank.body.fieldErrors).toEqual({ fuelQuantity: ["One fill cannot be more than 400 gal"] });
    const litres = await fill({ ...base, fuelUnit: "litres", fuelQuantity: 1600 });
    expect(litres.body.fieldErrors).toEqual({ fuelQuantity: ["One fill cannot be more than 1514 L"] });
    expect((await fill({ ...base, fuelQuantity: 10, fuelUnit: "barrels" })).body.fieldErrors).toEqual({ fuelUnit: ["Choose litres, gallons or kWh"] });
    expect((await fill({ ...base, fuelQuantity: 10, fuelType: "kerosene" })).body.fieldErrors).toEqual({ fuelType: ["Choose gasoline, diesel, B5, B20, CNG, LPG, propane or electricity"] });
    expect((await fill({ ...base, fuelQuantity: 10, fuelUnit: "kwh" })).body.fieldErrors).toEqual({ fuelUnit: ["Count electricity in kWh and fuels in litres or gallons"] });
    const { body } = await call("GET", `/vehicles/${truck}/emissions?from=2025-03&to=2025-03`, { token: admin });
    expect(body.data.total.fills).toBe(0);
  });
});

describe("the emissions report", () => {
  const schedule = (format: "csv" | "xlsx", lang: "en" | "es") => ({
    name: unique("Emissions "),
    what: "emissions",
    // a run by hand covers a week back to now: the fills this file just made
    period: "since_last_run",
    format,
    lang,
    recipientEmails: [],
    recipientUserIds: [claimsOf(admin).sub as string],
    cadence: { kind: "monthly", day: 1, time: "07:00" },
    timeZone: "America/Chicago",
  });
  const fileOf = async (format: "csv" | "xlsx", lang: "en" | "es") => {
    const created = await call("POST", "/reports", { token: admin, body: schedule(format, lang) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.schedule.id as string;
    expect((await call("POST", `/reports/${id}/run`, { token: admin })).status).toBeLessThan(300);
    for (let i = 0; i < 100; i++) {
      const [run] = (await call("GET", `/reports/${id}`, { token: admin })).body.data.runs as { id: string; status: string; rows: number }[];
      if (run && (run.status === "succeeded" || run.status === "failed")) {
        expect(run).toMatchObject({ status: "succeeded", rows: 6 });
        const file = await call("GET", `/reports/${id}/runs/${encodeURIComponent(run.id)}/file`, { token: admin });
        return Buffer.from(await (await fetch(file.body.data.url)).arrayBuffer());
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("the report did not finish");
  };

  it("lists each fill with its CO2, then the total, in CSV (read by Python's csv) in English and Spanish", async () => {
    const { bom, rows } = pythonCsv(await fileOf("csv", "en"));
    expect(bom).toBe(true);
    expect(rows[0]).toEqual(["Fill date", "Vehicle", "Fuel", "Quantity", "Unit", "kg CO2", "kg CO2e", "kg biogenic CO2", "Submission"]);
    expect(rows.slice(1, 6).map((row) => [row[2], row[3], row[4], row[5], row[6]])).toEqual([
      ["Diesel", "50", "gal", "510.5", ""], // 50 × 10.21
      ["Diesel", "40", "gal", "408.4", ""],
      ["Diesel", "45", "gal", "459.45", ""],
      ["Electricity", "100", "kWh", "37.335", "37.527"],
      ["Gasoline", "100", "L", "231.943", ""],
    ]);
    expect(rows[6]).toEqual(["Total", "", "", "", "", "1647.628", "", "0", ""]);
    const spanish = pythonCsv(await fileOf("csv", "es")).rows;
    expect(spanish[0]).toEqual(["Fecha de carga", "Vehículo", "Combustible", "Cantidad", "Unidad", "kg CO2", "kg CO2e", "kg CO2 biogénico", "Envío"]);
    expect(spanish[4]![2]).toBe("Electricidad");
  });

  it("writes the same rows to XLSX with numbers and dates typed (read by read-excel-file and Python's zipfile)", async () => {
    const book = await fileOf("xlsx", "en");
    const [sheet] = await readXlsxFile(book);
    expect(sheet!.data[1]![0]).toBeInstanceOf(Date);
    expect(sheet!.data[1]!.slice(2, 6)).toEqual(["Diesel", 50, "gal", 510.5]);
    expect(sheet!.data[6]!.slice(0, 1).concat(sheet!.data[6]!.slice(5, 6))).toEqual(["Total", 1647.628]);
    const { rows } = pythonSheet(book);
    expect(rows[1]![0]).toMatchObject({ kind: "date" });
    expect(rows[1]![5]).toMatchObject({ kind: "number", value: "510.5" });
  });
});
