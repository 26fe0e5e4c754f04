import { inflateRawSync } from "node:zlib";
import { zip } from "./zip";

/*
 * The first worksheet of an .xlsx file as rows of text (issue 14's import), read without a spreadsheet
 * library: the ZIP's central directory, the shared strings and the sheet's cells. Dates stay the numbers
 * the file stores; formulas give their cached values.
 */

export class XlsxError extends Error {}

const MAX_ENTRY_BYTES = 50 * 1024 * 1024;

const SHEET_PARTS = (name: string) => /^xl\/(sharedStrings|worksheets\/sheet1|workbook)\.xml$/.test(name);

/** The files of a ZIP archive by name (stored or deflated entries), those `wanted` (a workbook's sheet parts by default). */
export function unzip(zip: Buffer, wanted: (name: string) => boolean = SHEET_PARTS): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > zip.length) throw new XlsxError("This is not an .xlsx file.");
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < entries; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) throw new XlsxError("The .xlsx file is damaged.");
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    at += 46 + nameLength + extra + comment;
    if (!wanted(name)) continue;
    if (size > MAX_ENTRY_BYTES || local + 30 > zip.length) throw new XlsxError("The .xlsx file is too large.");
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compressed);
    if (method === 0) files.set(name, data);
    else if (method === 8) files.set(name, inflateRawSync(data, { maxOutputLength: MAX_ENTRY_BYTES }));
    else throw new XlsxError("The .xlsx file uses a compression this import does not read.");
  }
  return files;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const unescapeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) =>
    entity[0] === "#" ? String.fromCodePoint(entity[1]?.toLowerCase() === "x" ? parseInt(entity.slice(2), 16) : Number(entity.slice(1))) : (ENTITIES[entity] ?? whole),
  );
/** The text of every `<t>` in a string item (rich text has several runs). */
const textOf = (xml: string) => [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((match) => unescapeXml(match[1]!)).join("");

/** "B7" → 1 (the column's index from 0). */
const columnIndex = (reference: string) => {
  const letters = reference.match(/^[A-Z]+/)?.[0] ?? "A";
  return [...letters].reduce((sum, letter) => sum * 26 + letter.charCodeAt(0) - 64, 0) - 1;
};

export function readFirstSheet(file: Buffer): string[][] {
  const files = unzip(file);
  const sheet = files.get("xl/worksheets/sheet1.xml")?.toString("utf8");
  if (!sheet) throw new XlsxError("The .xlsx file has no worksheet.");
  const shared = [...(files.get("xl/sharedStrings.xml")?.toString("utf8") ?? "").matchAll(/<si>([\s\S]*?)<\/si>/g)].map((match) => textOf(match[1]!));
  const rows: string[][] = [];
  for (const row of sheet.matchAll(/<row\b[^>]*>([\s\S]*?)<\/row>/g)) {
    const cells: string[] = [];
    for (const cell of row[1]!.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attributes = cell[1]!;
      const body = cell[2] ?? "";
      const reference = attributes.match(/\br="([A-Z]+\d+)"/)?.[1];
      const type = attributes.match(/\bt="(\w+)"/)?.[1];
      const value = body.match(/<v>([\s\S]*?)<\/v>/)?.[1];
      let text = "";
      if (type === "s") text = shared[Number(value)] ?? "";
      else if (type === "inlineStr") text = textOf(body);
      else if (type === "b") text = value === "1" ? "true" : "false";
      else if (value !== undefined) text = unescapeXml(value);
      cells[reference ? columnIndex(reference) : cells.length] = text;
    }
    const filled = Array.from(cells, (cell) => cell ?? "");
    if (filled.some((cell) => cell.trim() !== "")) rows.push(filled);
  }
  return rows;
}

/** XML 1.0 has no place for most control characters: they are dropped. */
const allowedInXml = (char: string) => {
  const code = char.charCodeAt(0);
  return code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
};

const xmlText = (value: string) =>
  [...value]
    .filter(allowedInXml)
    .join("")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

/** Column letters of a zero-based index: 0 → A, 26 → AA. */
function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** The workbook's parts but its sheet. */
const workbookParts = (sheetName: string) => [
  {
    name: "[Content_Types].xml",
    data: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  },
  {
    name: "_rels/.rels",
    data: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  },
  {
    name: "xl/workbook.xml",
    data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xmlText(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  },
  {
    name: "xl/_rels/workbook.xml.rels",
    data: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  },
];

const SHEET_START = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_END = "</sheetData></worksheet>";
const rowXml = (row: readonly string[], r: number) =>
  `<row r="${r + 1}">${row.map((cell, c) => `<c r="${columnName(c)}${r + 1}" t="inlineStr"><is><t xml:space="preserve">${xmlText(cell)}</t></is></c>`).join("")}</row>`;

/**
 * A one-sheet workbook of text cells (inline strings): the smallest file Excel, LibreOffice and Numbers open,
 * and what `readFirstSheet` reads back.
 */
export function writeSheet(rows: readonly (readonly string[])[], sheetName = "Report"): Buffer {
  return zip([...workbookParts(sheetName), { name: "xl/worksheets/sheet1.xml", data: SHEET_START + rows.map(rowXml).join("") + SHEET_END }]);
}
