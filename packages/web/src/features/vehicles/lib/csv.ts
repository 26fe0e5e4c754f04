import type { ImportRow } from "../types";

/** A record of a CSV file and the line it starts on (the header is line 1). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const source = text.replace(/^\uFEFF/, "");
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  let touched = false;
  const endField = () => {
    fields.push(field);
    field = "";
  };
  const endRecord = () => {
    endField();
    if (touched || fields.length > 1 || fields[0] !== "") records.push({ line: start, fields });
    fields = [];
    touched = false;
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === "\n") line++;
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
      touched = true;
    } else if (char === ",") {
      endField();
      touched = true;
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && source[i + 1] === "\n") i++;
      endRecord();
      line++;
      start = line;
    } else field += char;
  }
  if (field !== "" || fields.length > 0 || touched) endRecord();
  return records;
}

const quote = (value: string) => (/[",\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export const toCsvLine = (fields: readonly string[]) => fields.map(quote).join(",");

/** "vin: message; type: message": a row's errors in one cell. */
export function errorsText(errors: ImportRow["errors"]): string {
  return Object.entries(errors ?? {})
    .flatMap(([field, messages]) => messages.map((message) => (field && field !== "_" ? `${field}: ${message}` : message)))
    .join("; ");
}

/**
 * The rows the import refused, as a CSV to fix and import again: the file's own header and rows
 * (found by the line the preview names) with an "errors" column added at the end. A row the file
 * no longer has is written from what the preview knows of it.
 */
export function invalidRowsCsv(originalCsv: string, rows: readonly ImportRow[]): string {
  const records = parseCsv(originalCsv);
  const header = records[0]?.fields ?? ["vehicleNumber", "vin"];
  const byLine = new Map(records.map((record) => [record.line, record]));
  const lines = [toCsvLine([...header, "errors"])];
  for (const row of rows.filter((entry) => entry.action === "error")) {
    const record = byLine.get(row.line);
    const fields = record ? [...record.fields] : header.map((name) => (/^(vehicleNumber|number)$/i.test(name.trim()) ? row.vehicleNumber : /^vin$/i.test(name.trim()) ? row.vin : ""));
    while (fields.length < header.length) fields.push("");
    lines.push(toCsvLine([...fields.slice(0, header.length), errorsText(row.errors)]));
  }
  return `${lines.join("\r\n")}\r\n`;
}
