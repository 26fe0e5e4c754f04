import { readSheet, InvalidInputError, InvalidSpreadsheetError, SheetNotFoundError } from "read-excel-file/node";
import { XLSX_MESSAGES, XlsxError } from "./xlsx-error";

/*
 * The first worksheet of an .xlsx file as rows of text (issue 14's import), read by read-excel-file (issue 38):
 * the workbook's first tab as xl/workbook.xml orders them, whatever its part is called, prefixed tags, shared
 * and inline strings, and dates as dates. Only the read worker calls it (util/read-worker.ts), after the
 * archive guard, and loads it with import() when an .xlsx arrives.
 */


type Cell = string | number | boolean | Date | null;

/** A date without a time of day is the day (`2024-03-01`); one with a time is its ISO instant, in UTC as the file means it. */
function dateText(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso;
}

/** A cell as the import reads text: numbers as written in the file (`96.4`), booleans as `true`/`false`. */
export function cellText(cell: Cell): string {
  if (cell === null) return "";
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? "" : dateText(cell);
  return String(cell);
}

/** The first tab's rows, blank rows left out. Throws XlsxError when the file is no spreadsheet. */
export async function readFirstSheet(file: Buffer): Promise<string[][]> {
  let rows: Cell[][];
  try {
    rows = (await readSheet(file, 1, { trim: false })) as unknown as Cell[][];
  } catch (error) {
    if (error instanceof InvalidInputError) throw new XlsxError(XLSX_MESSAGES.notXlsx);
    if (error instanceof SheetNotFoundError) throw new XlsxError(XLSX_MESSAGES.noSheet);
    if (error instanceof InvalidSpreadsheetError) throw new XlsxError(XLSX_MESSAGES.unreadable);
    throw error;
  }
  return rows.map((row) => row.map(cellText)).filter((row) => row.some((cell) => cell.trim() !== ""));
}
