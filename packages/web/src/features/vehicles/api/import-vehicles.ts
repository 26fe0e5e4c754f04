import { api } from "@/lib/api-client";
import type { ImportResult } from "../types";

/** The limits of `POST /vehicles/import` (docs/api-vehicles.md). */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;

/** The file to import: CSV text, or an .xlsx file as base64 (its first worksheet is read). */
export type ImportFile = { csv: string } | { xlsx: string };

/** `POST /vehicles/import`: a preview that writes nothing (dryRun), or every valid row written. */
export async function importVehicles(file: ImportFile, dryRun: boolean, signal?: AbortSignal): Promise<ImportResult> {
  const response = await api<{ data: ImportResult }>("/vehicles/import", { method: "POST", body: { ...file, dryRun }, signal });
  return { ...response.data, rows: response.data.rows ?? [] };
}
