import { beforeAll, describe, expect, it } from "vitest";
import { call, tokenFor, unique } from "../../../tests/http";
import { createForm } from "../../../tests/forms-fixtures";
import * as Vehicle from "@fleetforms/core/vehicle/index";
import { parseCsv } from "@fleetforms/core/util/csv";
import * as Company from "@fleetforms/core/company/index";
import { signAccessToken } from "@fleetforms/core/auth/token";
import { freshUser } from "../../../tests/auth-helpers";
import { xlsxOf } from "../../../tests/xlsx-fixture";
import { csvBytes, firstTabNotSheet1, pythonCsv } from "../../../tests/import-fixtures";

let admin: string;
let driver: string;
let viewer: string;
let beta: string;

beforeAll(async () => {
  [admin, driver, viewer, beta] = await Promise.all([tokenFor("acme_admin"), tokenFor("acme_driver"), tokenFor("acme_viewer"), tokenFor("beta_admin")]);
});

/** A VIN with the right check digit, unique per call. */
let serial = Math.floor(Math.random() * 90_000);
function vin(valid = true) {
  const draft = `1XKYD49X0KJ${String(Date.now() % 10).padStart(1, "0")}${String(serial++ % 100_000).padStart(5, "0")}`;
  const right = Vehicle.checkDigitOf(draft);
  const digit = valid ? right : right === "1" ? "2" : "1";
  return `${draft.slice(0, 8)}${digit}${draft.slice(9)}`;
}
const number = () => unique("T-").slice(0, 20);
const create = (body: Record<string, unknown>, token = admin) => call("POST", "/vehicles", { token, body });

describe("the VIN rule", () => {
  it("computes the North American check digit", () => {
    expect(Vehicle.checkDigitOf("1M8GDM9AXKP042788")).toBe("X");
    expect(Vehicle.hasValidCheckDigit("1M8GDM9AXKP042788")).toBe(true);
    expect(Vehicle.hasValidCheckDigit("11111111111111111")).toBe(true);
    expect(Vehicle.hasValidCheckDigit("1M8GDM9A1KP042788")).toBe(false);
  });
});

describe("POST /vehicles", () => {
  it("registers a vehicle, normalising the VIN, and refuses bad fields with a message per field", async () => {
    const good = vin();
    const made = await create({ vehicleNumber: number(), vin: ` ${good.slice(0, 8).toLowerCase()} ${good.slice(8)} `, type: "tractor", fuelType: "diesel", engine: "Cummins X15" });
    expect(made.status).toBe(201);
    expect(made.body.data.vehicle).toMatchObject({ vin: good, type: "tractor", fuelType: "diesel", isActive: true, version: 1, history: [{ isActive: true, by: "acme_admin" }] });

    const badPattern = await create({ vehicleNumber: number(), vin: "1FUJGLDR5CLBP883O" });
    expect(badPattern.status).toBe(400);
    expect(badPattern.body.fieldErrors.vin).toEqual(["A VIN is 17 letters and digits (no I, O or Q)"]);
    const noNumber = await create({ vin: vin() });
    expect(noNumber.body.fieldErrors.vehicleNumber).toEqual(["A vehicle number is required"]);
    expect((await create({ vehicleNumber: number(), type: "spaceship" })).body.fieldErrors.type).toEqual(["Choose a vehicle type"]);
  });

  it("refuses a wrong check digit unless the VIN is confirmed as not North American", async () => {
    const wrong = vin(false);
    const refused = await create({ vehicleNumber: number(), vin: wrong });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "vehicle.check_digit", message: "The VIN's check digit does not match. Check the VIN, or confirm it is not a North American VIN." });
    expect((await create({ vehicleNumber: number(), vin: wrong, nonNorthAmerican: true })).status).toBe(201);
  });

  it("keeps VIN and number unique in the company: of two concurrent creates exactly one succeeds", async () => {
    const shared = vin();
    const results = await Promise.all([create({ vehicleNumber: number(), vin: shared }), create({ vehicleNumber: number(), vin: shared })]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
    expect(results.find((result) => result.status === 409)!.body.message).toBe("This VIN is already registered");
    const taken = number();
    expect((await create({ vehicleNumber: taken })).status).toBe(201);
    const again = await create({ vehicleNumber: taken.toLowerCase() });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This vehicle number is already in use");
    // another company may use the same VIN and number
    expect((await create({ vehicleNumber: taken, vin: shared }, beta)).status).toBe(201);
  });

  it("refuses drivers and viewers", async () => {
    expect((await create({ vehicleNumber: number() }, driver)).status).toBe(403);
    expect((await create({ vehicleNumber: number() }, viewer)).status).toBe(403);
  });
});

describe("GET /vehicles", () => {
  it("searches by number, VIN prefix and description, filters, sorts and pages", async () => {
    const tag = unique("Q").toUpperCase().slice(0, 10);
    const vins = [vin(), vin(), vin()];
    for (const [index, value] of vins.entries()) {
      expect((await create({ vehicleNumber: `${tag}-${index + 1}`, vin: value, type: index === 2 ? "van" : "truck", description: `bench ${tag}`, isActive: index !== 1 })).status).toBe(201);
    }
    const page = await call("GET", `/vehicles?search=${tag}&limit=2&sort_by=vehicleNumber&sort_direction=desc`, { token: viewer });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ data: { total: 3, page: 1, limit: 2, totalPages: 2 }, totalPages: 2 });
    expect(page.body.data.vehicles.map((v: any) => v.vehicleNumber)).toEqual([`${tag}-3`, `${tag}-2`]);
    const byVin = await call("GET", `/vehicles?search=${vins[1]!.slice(0, 14).toLowerCase()}`, { token: driver });
    expect(byVin.body.data.vehicles.map((v: any) => v.vin)).toContain(vins[1]);
    expect((await call("GET", `/vehicles?search=${tag}&active=false`, { token: admin })).body.data.vehicles.map((v: any) => v.vehicleNumber)).toEqual([`${tag}-2`]);
    expect((await call("GET", `/vehicles?search=${tag}&type=van`, { token: admin })).body.data.vehicles.map((v: any) => v.vehicleNumber)).toEqual([`${tag}-3`]);
    expect((await call("GET", `/vehicles?search=${tag}`, { token: beta })).body.data.total).toBe(0);
    for (const bad of ["sort_by=secret", "limit=1000", "page=0", "active=maybe", "type=rocket"]) expect((await call("GET", `/vehicles?${bad}`, { token: admin })).status, bad).toBe(400);
  });
});

describe("a vehicle's life", () => {
  it("edits with the version check, keeps the activation history, leaves the picker when inactive, and cannot be deleted once a submission picked it", async () => {
    const made = (await create({ vehicleNumber: number(), vin: vin(), type: "truck" })).body.data.vehicle;
    const form = await createForm(admin, { name: unique("Vehicle check ") }, { body: [{ type: "vehicle", name: "vehicle", label: { en: "Vehicle" }, required: true }] });

    const edited = await call("PUT", `/vehicles/${made.id}`, { token: admin, body: { description: "Re-painted", version: made.version } });
    expect(edited.status).toBe(200);
    expect(edited.body.data.vehicle).toMatchObject({ description: "Re-painted", version: 2 });
    const stale = await call("PUT", `/vehicles/${made.id}`, { token: admin, body: { description: "Late", version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe("Record changed by another user. Refresh and try again.");

    const saved = await call("POST", "/submissions/save", { token: driver, body: { formId: form.id, values: { vehicle: { type: "vehicle", id: made.id } } } });
    expect(saved.status).toBe(201);
    const detail = await call("GET", `/vehicles/${made.id}`, { token: viewer });
    expect(detail.body.data.submissions).toEqual([expect.objectContaining({ id: saved.body.submission.id, formId: form.id, formName: expect.stringContaining("Vehicle check") })]);

    const referenced = await call("DELETE", `/vehicles/${made.id}`, { token: admin });
    expect(referenced.status).toBe(409);
    expect(referenced.body).toMatchObject({ code: "vehicle.referenced", message: "This vehicle is used by submissions. Deactivate it instead." });

    const off = await call("PUT", `/vehicles/${made.id}`, { token: admin, body: { isActive: false } });
    expect(off.body.data.vehicle.history.map((entry: any) => entry.isActive)).toEqual([true, false]);
    const picker = await call("GET", "/form/vehicles", { token: driver });
    expect(picker.body.vehicles.map((v: any) => v.id)).not.toContain(made.id);

    const unused = (await create({ vehicleNumber: number(), vin: vin() })).body.data.vehicle;
    expect((await call("DELETE", `/vehicles/${unused.id}`, { token: admin })).status).toBe(200);
    expect((await call("GET", `/vehicles/${unused.id}`, { token: admin })).status).toBe(404);
    // its VIN and number are free again
    expect((await create({ vehicleNumber: unused.vehicleNumber, vin: unused.vin })).status).toBe(201);
  });

  it("keeps other companies' vehicles out of reach", async () => {
    const theirs = (await create({ vehicleNumber: number() }, beta)).body.data.vehicle;
    for (const [method, body] of [["GET"], ["PUT", { description: "x" }], ["DELETE"]] as const) {
      const response = await call(method, `/vehicles/${theirs.id}`, { token: admin, body });
      expect(response.status, method).toBe(404);
      expect(response.body.message).toBe("Vehicle not found");
    }
    expect((await call("PUT", `/vehicles/${theirs.id}`, { token: viewer, body: { description: "x" } })).status).toBe(403);
  });

  it("names each activation's person on the vehicle's page by their name now, else the username it recorded", async () => {
    const company = await Company.create({ name: unique("Named fleet ") });
    const owner = await freshUser({ seats: [[company.companyId, "orgadmin"]] });
    const token = await signAccessToken({ sub: owner.user.userId, username: owner.username, companyId: company.companyId, role: "orgadmin", companies: 1 });
    const made = (await create({ vehicleNumber: number(), vin: vin() }, token)).body.data.vehicle;
    expect(made.history).toEqual([expect.objectContaining({ isActive: true, by: owner.username, byId: owner.user.userId })]);
    await call("PUT", `/vehicles/${made.id}`, { token, body: { isActive: false } });
    // an entry from before `byId`, and one by someone since deleted
    const { VehicleEntity } = await import("@fleetforms/core/vehicle/vehicle.entity");
    const stored = (await VehicleEntity.get({ companyId: company.companyId, vehicleId: made.id }).go()).data!;
    const older = [{ isActive: true, at: "2026-01-04T08:00:00.000Z", by: "old_hand" }, { isActive: false, at: "2026-01-05T08:00:00.000Z", by: "gone_person", byId: "no-such-user" }];
    await VehicleEntity.patch({ companyId: company.companyId, vehicleId: made.id }).set({ history: [...older, ...stored.history!] }).go();

    const names = async () => ((await call("GET", `/vehicles/${made.id}`, { token })).body.data.vehicle.history as { byName: string }[]).map((entry) => entry.byName);
    expect(await names()).toEqual(["old_hand", "gone_person", "Test Person", "Test Person"]);
    const { UserEntity } = await import("@fleetforms/core/user/user.entity");
    await UserEntity.patch({ userId: owner.user.userId }).set({ firstName: "Rosa", lastName: "Vidal" }).go();
    expect(await names()).toEqual(["old_hand", "gone_person", "Rosa Vidal", "Rosa Vidal"]);
  });
});

describe("import and export", () => {
  it("previews every row's errors, writes only the valid rows, and updates on re-import instead of duplicating", async () => {
    const tag = unique("IMP").toUpperCase().slice(0, 12);
    const [a, b] = [vin(), vin()];
    const csv = [
      "Vehicle Number,VIN,Type,Fuel Type,Description,Active",
      `${tag}-1,${a},truck,diesel,"Box truck, 26 ft",yes`,
      `${tag}-2,${b},van,gasoline,Transit,no`,
      `${tag}-3,NOTAVIN,truck,,Bad vin,yes`,
      `,${vin()},truck,,No number,yes`,
    ].join("\n");
    const preview = await call("POST", "/vehicles/import", { token: admin, body: { csv, dryRun: true } });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ valid: 2, invalid: 2, created: 0, updated: 0 });
    expect(preview.body.data.rows.map((row: any) => [row.line, row.action])).toEqual([[2, "create"], [3, "create"], [4, "error"], [5, "error"]]);
    expect(preview.body.data.rows[2].errors.vin).toEqual(["A VIN is 17 letters and digits (no I, O or Q)"]);
    expect(preview.body.data.rows[3].errors.vehicleNumber).toEqual(["A vehicle number is required"]);
    expect((await call("GET", `/vehicles?search=${tag}`, { token: admin })).body.data.total).toBe(0);

    const imported = await call("POST", "/vehicles/import", { token: admin, body: { csv, dryRun: false } });
    expect(imported.body.data).toMatchObject({ created: 2, updated: 0, invalid: 2 });
    const listed = (await call("GET", `/vehicles?search=${tag}`, { token: admin })).body.data.vehicles;
    expect(listed.map((v: any) => [v.vehicleNumber, v.isActive, v.description])).toEqual([[`${tag}-1`, true, "Box truck, 26 ft"], [`${tag}-2`, false, "Transit"]]);

    // the bad row fixed, the van changed, the file imported again
    const fixed = [
      "Vehicle Number,VIN,Type,Fuel Type,Description,Active",
      `${tag}-1,${a},truck,diesel,"Box truck, 26 ft",yes`,
      `${tag}-2,${b},van,gasoline,Transit 350,yes`,
      `${tag}-3,${vin()},truck,,Bad vin,yes`,
    ].join("\n");
    const again = await call("POST", "/vehicles/import", { token: admin, body: { csv: fixed, dryRun: false } });
    expect(again.body.data).toMatchObject({ created: 1, updated: 2, invalid: 0 });
    const after = (await call("GET", `/vehicles?search=${tag}`, { token: admin })).body.data.vehicles;
    expect(after).toHaveLength(3);
    expect(after.find((v: any) => v.vin === b)).toMatchObject({ description: "Transit 350", isActive: true });

    const exported = await fetch(`${(await import("vitest")).inject("apiUrl")}/vehicles/export`, { headers: { authorization: `Bearer ${viewer}` } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toContain("text/csv");
    const rows = parseCsv(await exported.text());
    expect(rows[0]).toEqual(["vehicleNumber", "vin", "type", "engine", "fuelType", "description", "isActive"]);
    expect(rows.find((row) => row[0] === `${tag}-1`)).toEqual([`${tag}-1`, a, "truck", "", "diesel", "Box truck, 26 ft", "true"]);
  });

  it("reads back the apostrophe the export puts before formula-like values", async () => {
    const tag = unique("APO").toUpperCase().slice(0, 12);
    const made = await create({ vehicleNumber: `${tag}`, description: "=cmd|' /C calc'!A0" });
    expect(made.status).toBe(201);
    const exported = await fetch(`${(await import("vitest")).inject("apiUrl")}/vehicles/export`, { headers: { authorization: `Bearer ${admin}` } });
    const text = await exported.text();
    expect(text).toContain("'=cmd");
    const line = text.split("\r\n").find((row) => row.startsWith(tag))!;
    const again = await call("POST", "/vehicles/import", { token: admin, body: { csv: `vehicleNumber,vin,type,engine,fuelType,description,isActive\n${line}`, dryRun: false } });
    expect(again.body.data).toMatchObject({ invalid: 0 });
    const listed = (await call("GET", `/vehicles?search=${tag}`, { token: admin })).body.data.vehicles;
    expect(listed).toEqual([expect.objectContaining({ description: "=cmd|' /C calc'!A0" })]);
  });

  it("imports the first worksheet of an .xlsx file the same way", async () => {
    const tag = unique("XL").toUpperCase().slice(0, 12);
    const file = xlsxOf([
      ["Vehicle number", "VIN", "Type", "Active"],
      [`${tag}-1`, vin(), "van", true],
      [`${tag}-2`, "BADVIN", "van", false],
    ]);
    const imported = await call("POST", "/vehicles/import", { token: admin, body: { xlsx: file.toString("base64"), dryRun: false } });
    expect(imported.status).toBe(200);
    expect(imported.body.data).toMatchObject({ created: 1, invalid: 1 });
    expect((await call("GET", `/vehicles?search=${tag}`, { token: admin })).body.data.vehicles).toEqual([expect.objectContaining({ vehicleNumber: `${tag}-1`, type: "van", isActive: true })]);
    const broken = await call("POST", "/vehicles/import", { token: admin, body: { xlsx: Buffer.from("not a zip").toString("base64") } });
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe("vehicle.import_xlsx");
  });

  it("imports a CSV saved by Excel in Spain (; and Windows-1252 bytes), reading its accents right and saying how it read them", async () => {
    const tag = unique("ES").toUpperCase().slice(0, 12);
    const rows = [["Número", "vehicleNumber", "description", "Active"], ["1", `${tag}-1`, "Camión grúa – 3,5 t", "sí"]];
    const ansi = csvBytes(rows, { separator: ";", encoding: "cp1252" });
    const imported = await call("POST", "/vehicles/import", { token: admin, body: { csvFile: ansi.toString("base64"), dryRun: false } });
    expect(imported.status).toBe(200);
    expect(imported.body.data).toMatchObject({ created: 1, invalid: 0, warnings: [{ code: "file.csv_windows_1252", message: expect.stringContaining("Windows-1252") }] });
    expect((await call("GET", `/vehicles?search=${tag}`, { token: admin })).body.data.vehicles).toEqual([expect.objectContaining({ vehicleNumber: `${tag}-1`, description: "Camión grúa – 3,5 t", isActive: true })]);
    // the same file in UTF-8 (with Excel's byte-order mark) has nothing to say
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), csvBytes(rows, { separator: ";" })]);
    const again = await call("POST", "/vehicles/import", { token: admin, body: { csvFile: utf8.toString("base64"), dryRun: true } });
    expect(again.body.data).toMatchObject({ valid: 1, invalid: 0, warnings: [] });
    // read as UTF-8 before it was sent (a browser's file.text()), its accents are lost: refused, saying how to save it
    const garbled = await call("POST", "/vehicles/import", { token: admin, body: { csv: new TextDecoder().decode(ansi), dryRun: true } });
    expect(garbled.status).toBe(400);
    expect(garbled.body).toMatchObject({ code: "file.csv_encoding", fieldErrors: { csv: [expect.stringContaining("CSV UTF-8")] } });
  });

  it("exports a CSV with a byte-order mark that Python's csv module reads as written: negative numbers and phone numbers unchanged", async () => {
    const tag = unique("BOM").toUpperCase().slice(0, 12);
    expect((await create({ vehicleNumber: tag, engine: "-12.5", description: "+1 555 0100" })).status).toBe(201);
    const exported = await fetch(`${(await import("vitest")).inject("apiUrl")}/vehicles/export`, { headers: { authorization: `Bearer ${admin}` } });
    const read = pythonCsv(Buffer.from(await exported.arrayBuffer()));
    expect(read.bom).toBe(true);
    expect(read.rows[0]).toEqual(["vehicleNumber", "vin", "type", "engine", "fuelType", "description", "isActive"]);
    expect(read.rows.find((row) => row[0] === tag)).toEqual([tag, "", expect.any(String), "-12.5", expect.any(String), "+1 555 0100", "true"]);
  });

  it("imports the workbook's first tab even when it is not sheet1.xml", async () => {
    const tag = unique("TAB").toUpperCase().slice(0, 12);
    const file = await firstTabNotSheet1([["vehicleNumber", "type"], [`${tag}-1`, "truck"]]);
    const imported = await call("POST", "/vehicles/import", { token: admin, body: { xlsx: file.toString("base64"), dryRun: true } });
    expect(imported.status).toBe(200);
    expect(imported.body.data.rows).toEqual([expect.objectContaining({ vehicleNumber: `${tag}-1`, action: "create" })]);
  });

  it("refuses a file without a number column, and drivers", async () => {
    const refused = await call("POST", "/vehicles/import", { token: admin, body: { csv: "vin,type\n1,truck", dryRun: true } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("The file needs a vehicleNumber column.");
    expect((await call("POST", "/vehicles/import", { token: driver, body: { csv: "vehicleNumber\n1" } })).status).toBe(403);
  });

  it("writes new vehicles in batches; a batch with a number taken meanwhile still writes the others, and the taken one says why", async () => {
    const company = await Company.create({ name: unique("Batch fleet ") });
    const owner = await freshUser({ seats: [[company.companyId, "orgadmin"]] });
    const actor = { userId: owner.user.userId, username: owner.username, companyId: company.companyId, role: "orgadmin" as const, isProviderAdmin: false };
    const fields = (vehicleNumber: string, withVin = vin()) => Vehicle.VehicleFields.parse({ vehicleNumber, vin: withVin, type: "trailer" });
    const taken = number();
    await Vehicle.create(actor, company.companyId, fields(taken));
    const fresh = Array.from({ length: Vehicle.CREATE_BATCH + 3 }, () => number());
    const inputs = [...fresh.slice(0, 5).map((n) => fields(n)), fields(taken), fields(number(), vin(false)), ...fresh.slice(5).map((n) => fields(n))];
    const outcomes = await Vehicle.createMany(actor, company.companyId, inputs);
    expect(outcomes.map((outcome) => outcome?.message)).toEqual([...fresh.slice(0, 5).map(() => undefined), Vehicle.VEHICLE_MESSAGES.numberTaken, Vehicle.VEHICLE_MESSAGES.checkDigit, ...fresh.slice(5).map(() => undefined)]);
    const numbers = (await Vehicle.listByCompany(company.companyId)).map((vehicle) => vehicle.vehicleNumber).sort();
    expect(numbers).toEqual([taken, ...fresh].sort());
  });

  it("imports 5,000 rows", { timeout: 120_000 }, async () => {
    // a company of its own, so the demo companies' pickers stay small
    const company = await Company.create({ name: unique("Bulk fleet ") });
    const owner = await freshUser({ seats: [[company.companyId, "orgadmin"]] });
    const token = await signAccessToken({ sub: owner.user.userId, username: owner.username, companyId: company.companyId, role: "orgadmin", companies: 1 });
    const tag = unique("BULK").toUpperCase().slice(0, 12);
    const lines = ["vehicleNumber,vin,type"];
    for (let i = 0; i < 5000; i++) lines.push(`${tag}-${i},${vin()},trailer`);
    const imported = await call("POST", "/vehicles/import", { token, body: { csv: lines.join("\n"), dryRun: false } });
    expect(imported.status).toBe(200);
    expect(imported.body.data).toMatchObject({ created: 5000, invalid: 0 });
    expect((await call("GET", `/vehicles?search=${tag}&limit=1`, { token })).body.data.total).toBe(5000);
  });
});
