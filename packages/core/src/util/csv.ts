import { CsvError, parse } from "csv-parse/browser/esm/sync";
import { stringify, type Options as StringifyOptions } from "csv-stringify/browser/esm/sync";

/*
 * CSV read by csv-parse and written by csv-stringify (issue 38), with what neither does for us: the
 * separator and the encoding a spreadsheet saved the file with, the byte-order mark that makes spreadsheets
 * read UTF-8, and a formula guard that leaves numbers alone. The browser builds of both libraries carry
 * their own Buffer, so the web app imports this module too (the import's invalid rows, a chart's rows).
 */

/** What makes Excel, LibreOffice and Numbers read a CSV as UTF-8: every CSV we write starts with it. */
export const CSV_BOM = "\ufeff";

export type CsvEncoding = "utf-8" | "windows-1252";

export const CSV_MESSAGES = {
  /** a text that lost its characters before it reached us (read as UTF-8 when it was not) */
  encoding: "The file is not saved as UTF-8, so some letters could not be read. In Excel, save it as \"CSV UTF-8 (Comma delimited) (*.csv)\" and import it again.",
  /** a file read as Windows-1252 (Excel's plain "CSV (Comma delimited)"): imported, and said so */
  windows1252: "The file was saved as Windows-1252 (Excel's plain CSV), not UTF-8: it was read as Windows-1252. Check that accented letters look right; to avoid this, save it as \"CSV UTF-8 (Comma delimited) (*.csv)\".",
  quotes: "A quoted field in the file is never closed, or has more text after its closing quote.",
} as const;

/** A CSV that cannot be read as it is; the message says how to save it. */
export class CsvReadError extends Error {
  override name = "CsvReadError";
  constructor(readonly code: "file.csv_encoding" | "file.csv_quotes") {
    super(code === "file.csv_encoding" ? CSV_MESSAGES.encoding : CSV_MESSAGES.quotes);
  }
}

/**
 * A CSV file's text from its bytes: UTF-8 (its byte-order mark dropped) when the bytes are valid UTF-8,
 * otherwise Windows-1252, what Excel writes for "CSV (Comma delimited)" on a Western-European Windows; any
 * byte sequence decodes in it, and an accent in it is almost never valid UTF-8, so the test tells them apart.
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("windows-1252").decode(bytes).replace(/[\u0080-\u009f]/g, (char) => WINDOWS_1252_80_9F[char.charCodeAt(0) - 0x80]!), encoding: "windows-1252" };
  }
}

/**
 * Windows-1252's bytes 0x80-0x9F (€, curly quotes, dashes, Š, Ž...). Node's TextDecoder (20.x, 22.x) decodes
 * "windows-1252" as ISO-8859-1, leaving them as C1 control characters (seen on Node 20.20); browsers decode
 * them right, and there this table changes nothing. The five bytes Windows-1252 leaves undefined stay as they are.
 */
const WINDOWS_1252_80_9F = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

/**
 * `,` or `;`, whichever the header line holds more of outside quotes (Excel in Spain, France or Germany
 * writes `;`, since `,` is their decimal separator). Only the header is counted: its cells are names, while
 * a row of Spanish figures (`96,4;12,5`) holds more commas than separators. csv-parse's own `delimiter_auto`
 * counts every character of every line and can pick a letter for a one-column file.
 */
export function csvSeparator(text: string): "," | ";" {
  const counts = { ",": 0, ";": 0 };
  let quoted = false;
  for (const char of text.slice(0, 64 * 1024)) {
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === "\n" || char === "\r") break;
    else if (char === "," || char === ";") counts[char]++;
  }
  return counts[";"] > counts[","] ? ";" : ",";
}

/**
 * Rows of fields, separated by `,` or `;` (csvSeparator); a blank line is no row, a byte-order mark is
 * dropped, rows may differ in length, and a stray quote inside a field is kept as text. A text that holds
 * U+FFFD lost its letters before it got here (a Windows-1252 file read as UTF-8): it is refused with how to
 * save it, rather than stored garbled. A quoted field never closed, or with text after its closing quote, is refused too.
 */
export function parseCsv(text: string): string[][] {
  if (text.includes("\ufffd")) throw new CsvReadError("file.csv_encoding");
  try {
    return parse(text, { bom: true, delimiter: csvSeparator(text.replace(/^\ufeff/, "")), record_delimiter: ["\r\n", "\n", "\r"], relax_column_count: true, relax_quotes: true, skip_empty_lines: true }) as string[][];
  } catch (error) {
    // with columns and stray quotes relaxed, what csv-parse still refuses is a quoted field gone wrong
    if (error instanceof CsvError) throw new CsvReadError("file.csv_quotes");
    throw error;
  }
}

/** A number as a spreadsheet reads one: `-12.5`, `+3`, `1e-3`, `1,5` (a decimal comma). */
const NUMBER = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)(e[+-]?\d+)?$/i;
/**
 * A phone number or the like: a sign, then only digits, spaces and `( ) . / -`. No letter, `!`, `|` or `:`,
 * so there is no function, reference, link or DDE call a spreadsheet could run; at worst it reads the digits
 * as arithmetic, which the apostrophe would not make safer and would change what people see (issue 38).
 */
const DIGITS_ONLY = /^[+-][\d\s()./-]*$/;
/** What a spreadsheet runs when a cell starts with it (OWASP CSV injection), full-width forms included (Numbers folds them). */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * The text a field is written as: a value a spreadsheet would run as a formula gets a leading apostrophe
 * (the import takes it off again). `=`, `@`, a tab or a carriage return first always; `+` or `-` first only
 * when the value is not a number or a phone number (`-12.5`, `+1 555 0100` stay as they are).
 */
export function guardFormula(text: string): string {
  if (!FORMULA_START.test(text)) return text;
  if ((text[0] === "+" || text[0] === "-") && (NUMBER.test(text) || DIGITS_ONLY.test(text))) return text;
  return `'${text}`;
}

const WRITE: StringifyOptions = {
  record_delimiter: "windows",
  // csv-stringify quotes a field holding its record delimiter (CRLF), not a lone LF or CR, which every reader takes for the end of the row
  quoted_match: /[\r\n]/,
  cast: {
    string: (value) => guardFormula(value),
    boolean: (value) => String(value),
    date: (value) => value.toISOString(),
    number: (value) => guardFormula(String(value)),
    object: (value) => guardFormula(JSON.stringify(value)),
  },
};

/** One line of a CSV (its fields, then CRLF), for files written a row at a time; the file's first line follows CSV_BOM. */
export const csvLine = (cells: readonly unknown[]): string => stringify([cells.map((cell) => cell ?? "")], WRITE);

/** One field, guarded and quoted when needed. */
export const csvField = (value: unknown): string => csvLine([value]).slice(0, -2);

/** A whole CSV file: the byte-order mark, then each row, CRLF after each. */
export const toCsv = (rows: readonly (readonly unknown[])[]): string => CSV_BOM + stringify(rows.map((row) => row.map((cell) => cell ?? "")), WRITE);
