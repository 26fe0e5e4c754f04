import { once } from "node:events";
import { Writable } from "node:stream";
import type { stream } from "exceljs";

/*
 * One-sheet workbooks written as their rows arrive (issue 18's reports), on exceljs's streaming WorkbookWriter:
 * a row is written and let go, strings inline (a shared-strings table would grow with the report), so a
 * 100,000-row report is never whole in memory. Numbers are numbers and dates are dates (issue 38: every cell
 * was text, so quantities and odometers could not be summed or sorted), and the sheet's name is one Excel opens.
 */

/** A number or a date shown with its own number format (a unit, a date without a time). */
export interface Formatted {
  value: number | Date;
  format: string;
}

/** A cell: text, a number, a date and time (UTC, shown so), or one of those formatted. */
export type Cell = string | number | Date | Formatted | null | undefined;

const DATE_TIME = 'yyyy-mm-dd hh:mm "UTC"';
const DATE = "yyyy-mm-dd";

/** A number shown with its unit (`96.4 km`): still a number to sum and sort. */
export const quantity = (value: number, unit: string | undefined): Cell => (unit ? { value, format: `General" ${unit.replace(/["\\]/g, "")}"` } : value);

/** A day without a time (a form's date answer, `YYYY-MM-DD`); text that is not one stays text. */
export function day(value: string): Cell {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? { value: new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))), format: DATE } : value;
}

/** Characters Excel refuses in a sheet's name, and what takes their place. */
const REFUSED = /[/\\?*:[\]]/g;
const INSTEAD: Record<string, string> = { "[": "(", "]": ")" };
const MAX_SHEET_NAME = 31;

/**
 * A sheet name Excel opens (issue 38: one built from a schedule's name could hold `/ [ ] :`): `/ \ ? * : `
 * become `-` and brackets parentheses, no apostrophe at either end, at most 31 characters (a character
 * outside the BMP is not cut in half), `fallback` when nothing is left.
 */
export function sheetName(name: string, fallback = "Report"): string {
  const replaced = name
    .replace(REFUSED, (char) => INSTEAD[char] ?? "-")
    .trim()
    .replace(/^'+|'+$/g, "");
  let cut = "";
  for (const char of replaced) {
    if (cut.length + char.length > MAX_SHEET_NAME) break;
    cut += char;
  }
  cut = cut.trim().replace(/'+$/, "");
  return cut || fallback;
}

type WorkbookWriter = stream.xlsx.WorkbookWriter;

/**
 * exceljs's streaming writer alone, loaded at the first workbook (STYLE rule 11): its package entry point
 * carries the reader, CSV and the in-memory workbook too (1.1 MB minified against 0.5 MB).
 */
const loadWriter = async () => (await import("exceljs/lib/stream/xlsx/workbook-writer.js")).default;

/** What exceljs is given for one cell: a number format goes on the cell's style. */
function valueOf(cell: Cell): { value: string | number | Date | null; format?: string } {
  if (cell === null || cell === undefined) return { value: null };
  if (cell instanceof Date) return { value: cell, format: DATE_TIME };
  if (typeof cell === "object") return { value: cell.value, format: cell.format };
  if (typeof cell === "number" && !Number.isFinite(cell)) return { value: String(cell) };
  return { value: cell };
}

/** The sink as the writable stream exceljs writes to: a write completes when the sink has taken it. */
function sinkStream(sink: (chunk: Buffer) => Promise<void>) {
  return new Writable({
    highWaterMark: 1024 * 1024,
    write(chunk: Buffer, _encoding, done) {
      sink(chunk).then(() => done(), done);
    },
  });
}

/** A one-sheet workbook of `rows` (the first is the header), each piece handed to `sink` as it is made. */
export async function streamSheet(rows: AsyncIterable<readonly Cell[]> | Iterable<readonly Cell[]>, sink: (chunk: Buffer) => Promise<void>, options: { sheetName: string }): Promise<void> {
  const Writer = await loadWriter();
  const output = sinkStream(sink);
  const failed = once(output, "error").then(([error]) => Promise.reject(error as Error));
  failed.catch(() => undefined);
  const workbook: WorkbookWriter = new Writer({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(options.sheetName));
  for await (const cells of rows) {
    const row = sheet.addRow(cells.map((cell) => valueOf(cell).value));
    cells.forEach((cell, i) => {
      const format = valueOf(cell).format;
      if (format) row.getCell(i + 1).numFmt = format;
    });
    row.commit();
    // the sink is behind: let the archive's output catch up before more rows are made
    if (output.writableNeedDrain) await Promise.race([once(output, "drain"), failed]);
  }
  sheet.commit();
  await Promise.race([workbook.commit(), failed]);
  if (!output.writableFinished) await Promise.race([once(output, "finish"), failed]);
}
