export * as VehicleImport from "./import";
import * as z from "../util/zod";
import type { Actor } from "../auth/claims";
import { assertCanWrite } from "../auth/access";
import { fieldErrorsOf } from "../util/fn";
import { eachLimited } from "../util/each-limited";
import { ValidationError } from "../util/errors";
import { CSV_MESSAGES, CsvReadError, toCsv } from "../util/csv";
import { XlsxError } from "../util/xlsx-error";
import { ArchiveRefused } from "../util/archive-guard";
import { readFile, type ReadRequest } from "../util/read-worker";
import * as Vehicle from "./index";
import { type VehicleItem } from "./index";

/*
 * Import and export of the fleet register as CSV (docs/api-vehicles.md): a preview with every row's
 * errors before anything is written, then each valid row written in its own transaction (whole or not
 * at all), matched on VIN, then on number, so importing the same file again updates instead of duplicating.
 */

export const IMPORT_MAX_ROWS = 5000;
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MESSAGES = {
  header: "The file needs a vehicleNumber column.",
  tooMany: `A file holds at most ${IMPORT_MAX_ROWS} vehicles.`,
  duplicateInFile: "This vehicle appears twice in the file",
  active: "Use true or false",
} as const;

export const ImportInput = /* @__PURE__ */ z.lazySchema(() => z.object({
    csv: z.optional(z.string().check(z.maxLength(IMPORT_MAX_BYTES, `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`))),
    /** a CSV file's bytes, base64: read as UTF-8, or as Windows-1252 (with a warning) when they are not UTF-8 */
    csvFile: z.optional(z.string().check(z.maxLength(Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 4, `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`))),
    /** an .xlsx file, base64: its first worksheet is read as the CSV would be */
    xlsx: z.optional(z.string().check(z.maxLength(Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 4, `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`))),
    dryRun: z._default(z.boolean(), true),
  }).check(z.refine((input) => input.csv !== undefined || input.csvFile !== undefined || input.xlsx !== undefined, { message: "csv, csvFile or xlsx is required", path: ["csv"] })));

/** Something the import read differently from what the file may mean, shown with the preview (the app translates it by code). */
export interface ImportWarning {
  code: "file.csv_windows_1252";
  message: string;
}

/**
 * The rows of the file sent, header first, read off the request thread within the archive budgets
 * (util/archive-guard.ts); one row more than an import takes is enough to refuse a longer file.
 */
async function rowsOf(input: { csv?: string; csvFile?: string; xlsx?: string }): Promise<{ rows: string[][]; warnings: ImportWarning[] }> {
  const field = input.xlsx !== undefined && input.csv === undefined && input.csvFile === undefined ? "xlsx" : "csv";
  const request: ReadRequest =
    input.csv !== undefined ? { kind: "csv", text: input.csv } : input.csvFile !== undefined ? { kind: "csv-bytes", bytes: Buffer.from(input.csvFile, "base64") } : { kind: "xlsx", bytes: Buffer.from(input.xlsx!, "base64") };
  try {
    const { rows, encoding } = await readFile(request, IMPORT_MAX_ROWS + 2);
    return { rows, warnings: encoding === "windows-1252" ? [{ code: "file.csv_windows_1252", message: CSV_MESSAGES.windows1252 }] : [] };
  } catch (error) {
    if (error instanceof CsvReadError) throw new ValidationError(error.code, error.message, { csv: [error.message] });
    if (error instanceof ArchiveRefused && error.code !== "file.damaged") throw new ValidationError(error.code, error.message, { [field]: [error.message] });
    if (error instanceof ArchiveRefused || error instanceof XlsxError) {
      const message = error instanceof XlsxError ? error.message : "The .xlsx file is damaged.";
      throw new ValidationError("vehicle.import_xlsx", message, { xlsx: [message] });
    }
    throw error;
  }
}

const COLUMNS = ["vehicleNumber", "vin", "type", "engine", "fuelType", "description", "isActive", "nonNorthAmerican"] as const;
type Column = (typeof COLUMNS)[number];
const ALIASES: Record<string, Column> = { number: "vehicleNumber", vehiclenumber: "vehicleNumber", unit: "vehicleNumber", fuel: "fuelType", fueltype: "fuelType", active: "isActive", isactive: "isActive", status: "isActive", nonnorthamerican: "nonNorthAmerican" };
const columnOf = (header: string): Column | undefined => {
  const key = header.trim().toLowerCase().replace(/[\s_-]/g, "");
  return ALIASES[key] ?? COLUMNS.find((column) => column.toLowerCase() === key);
};
const TRUE = new Set(["true", "yes", "y", "1", "active", "sí", "si"]);
const FALSE = new Set(["false", "no", "n", "0", "inactive", "inactivo"]);

export interface ImportRow {
  line: number;
  action: "create" | "update" | "error";
  vehicleNumber: string;
  vin: string;
  errors: Record<string, string[]>;
  /** the vehicle it updates */
  vehicleId?: string;
  fields?: Vehicle.VehicleFields;
}

/** Reads and checks every row against the company's vehicles; writes nothing. */
export async function plan(companyId: string, rows: string[][]): Promise<ImportRow[]> {
  const [header = [], ...lines] = rows;
  const columns = header.map(columnOf);
  if (!columns.includes("vehicleNumber")) throw new ValidationError("vehicle.import_header", IMPORT_MESSAGES.header);
  if (lines.length > IMPORT_MAX_ROWS) throw new ValidationError("vehicle.import_too_many", IMPORT_MESSAGES.tooMany);
  const existing = await Vehicle.listByCompany(companyId);
  const byVin = new Map(existing.filter((vehicle) => vehicle.vin).map((vehicle) => [vehicle.vin, vehicle]));
  const byNumber = new Map(existing.map((vehicle) => [vehicle.vehicleNumber.toUpperCase(), vehicle]));
  const seenVins = new Set<string>();
  const seenNumbers = new Set<string>();

  return lines.map((cells, index) => {
    const line = index + 2;
    const raw: Partial<Record<Column, string>> = {};
    // the export defuses formula-like values with an apostrophe (util/csv.ts): take it off again
    const cell = (i: number) => (cells[i] ?? "").trim().replace(/^'(?=[=+\-@])/, "");
    columns.forEach((column, i) => column && (raw[column] = cell(i)));
    const errors: Record<string, string[]> = {};
    const flag = (value: string | undefined, field: Column, fallback: boolean) => {
      if (!value) return fallback;
      const lower = value.toLowerCase();
      if (TRUE.has(lower)) return true;
      if (FALSE.has(lower)) return false;
      errors[field] = [IMPORT_MESSAGES.active];
      return fallback;
    };
    const candidate = {
      vehicleNumber: raw.vehicleNumber ?? "",
      vin: raw.vin ?? "",
      type: (raw.type ?? "").toLowerCase() || undefined,
      engine: raw.engine ?? "",
      fuelType: (raw.fuelType ?? "").toLowerCase(),
      description: raw.description ?? "",
      isActive: flag(raw.isActive, "isActive", true),
      nonNorthAmerican: flag(raw.nonNorthAmerican, "nonNorthAmerican", false),
    };
    const parsed = Vehicle.VehicleFields.safeParse(candidate);
    if (!parsed.success) Object.assign(errors, fieldErrorsOf(parsed.error));
    const vin = parsed.success ? parsed.data.vin : Vehicle.normalizeVin(candidate.vin);
    const number = candidate.vehicleNumber.toUpperCase();
    if (parsed.success && vin && !parsed.data.nonNorthAmerican && !Vehicle.hasValidCheckDigit(vin)) (errors.vin ??= []).push(Vehicle.VEHICLE_MESSAGES.checkDigit);
    if (vin && seenVins.has(vin)) (errors.vin ??= []).push(IMPORT_MESSAGES.duplicateInFile);
    if (number && seenNumbers.has(number)) (errors.vehicleNumber ??= []).push(IMPORT_MESSAGES.duplicateInFile);
    if (vin) seenVins.add(vin);
    if (number) seenNumbers.add(number);

    const match: VehicleItem | undefined = (vin && byVin.get(vin)) || (!vin ? byNumber.get(number) : undefined);
    // the number (or VIN) must not be another vehicle's
    const numberOwner = byNumber.get(number);
    if (numberOwner && match && numberOwner.vehicleId !== match.vehicleId) (errors.vehicleNumber ??= []).push(Vehicle.VEHICLE_MESSAGES.numberTaken);
    if (numberOwner && !match) (errors.vehicleNumber ??= []).push(Vehicle.VEHICLE_MESSAGES.numberTaken);
    const failed = Object.keys(errors).length > 0 || !parsed.success;
    return {
      line,
      action: failed ? "error" : match ? "update" : "create",
      vehicleNumber: candidate.vehicleNumber,
      vin,
      errors,
      ...(match ? { vehicleId: match.vehicleId } : {}),
      ...(parsed.success && !failed ? { fields: parsed.data } : {}),
    } satisfies ImportRow;
  });
}

/**
 * `POST /vehicles/import`: the preview (`dryRun`), or the preview's valid rows written. A row whose write
 * fails (a VIN taken meanwhile, say) becomes an error row with the reason; the others are unaffected.
 */
export async function run(actor: Actor, companyId: string, input: z.output<typeof ImportInput>) {
  assertCanWrite(actor);
  const file = await rowsOf(input);
  const rows = await plan(companyId, file.rows);
  let created = 0;
  let updated = 0;
  if (!input.dryRun) {
    const failed = (row: ImportRow, error: Error) => {
      row.errors = { _: [error.message] };
      row.action = "error";
    };
    // new vehicles go in batches (Vehicle.createMany), existing ones one by one
    const creates = rows.filter((row) => row.action === "create");
    const updates = rows.filter((row) => row.action === "update");
    await Promise.all([
      Vehicle.createMany(actor, companyId, creates.map((row) => row.fields!)).then((outcomes) => creates.forEach((row, i) => (outcomes[i] ? failed(row, outcomes[i]) : created++))),
      eachLimited(updates, 4, async (row) => {
        try {
          await Vehicle.update(actor, companyId, row.vehicleId!, row.fields!);
          updated++;
        } catch (error) {
          failed(row, error as Error);
        }
      }),
    ]);
  }
  const invalid = rows.filter((row) => row.action === "error").length;
  return {
    data: {
      rows: rows.map(({ fields: _fields, vehicleId: _id, ...row }) => row),
      valid: rows.length - invalid,
      invalid,
      created,
      updated,
      dryRun: input.dryRun,
      warnings: file.warnings,
    },
  };
}

/** `GET /vehicles/export`: every vehicle, in the import's columns, after the byte-order mark every CSV of ours starts with. */
export async function exportCsv(companyId: string): Promise<string> {
  const vehicles = await Vehicle.listByCompany(companyId);
  return toCsv([["vehicleNumber", "vin", "type", "engine", "fuelType", "description", "isActive"], ...vehicles.map((v) => [v.vehicleNumber, v.vin, v.type, v.engine, v.fuelType ?? "", v.description, v.isActive])]);
}
