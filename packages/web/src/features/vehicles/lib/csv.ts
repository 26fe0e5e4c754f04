import { parseCsv, toCsv } from "@fleetforms/core/util/csv";
import type { ImportRow } from "../types";

/** "vin: message; type: message": a row's errors in one cell. */
export function errorsText(errors: ImportRow["errors"]): string {
  return Object.entries(errors ?? {})
    .flatMap(([field, messages]) => messages.map((message) => (field && field !== "_" ? `${field}: ${message}` : message)))
    .join("; ");
}

/**
 * The rows the import refused, as a CSV to fix and import again: the file's own header and rows with an
 * "errors" column added at the end. The file is read the way the API reads it (the same parser: blank
 * lines are no row), so the preview's line N is the file's row N, the header being row 1. A row the file
 * does not have is written from what the preview knows of it.
 */
export function invalidRowsCsv(originalCsv: string, rows: readonly ImportRow[]): string {
  const records = parseCsv(originalCsv);
  const header = records[0] ?? ["vehicleNumber", "vin"];
  const fromPreview = (row: ImportRow) => header.map((name) => (/^(vehicle_?number|number)$/i.test(name.trim()) ? row.vehicleNumber : /^vin$/i.test(name.trim()) ? row.vin : ""));
  const out = rows
    .filter((row) => row.action === "error")
    .map((row) => {
      const fields = row.line >= 2 && records[row.line - 1] ? [...records[row.line - 1]!] : fromPreview(row);
      while (fields.length < header.length) fields.push("");
      return [...fields.slice(0, header.length), errorsText(row.errors)];
    });
  return toCsv([[...header, "errors"], ...out]);
}
