import { crc32, deflateRawSync } from "node:zlib";

/*
 * Hostile .xlsx files for the archive budgets (issue 36, finding 8; docs/security.md, "Import and archive
 * budgets"): each is what an attacker with an administrator's account can send to `POST /vehicles/import`.
 * Used by the core tests, the API test and bench/imports.ts.
 */

const CONTENT_TYPES = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';
const WORKBOOK =
  '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Fleet" sheetId="1" r:id="rId1"/></sheets></workbook>';
const WORKBOOK_RELS =
  '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>';
const sheetXml = (body: string, prolog = "") => `<?xml version="1.0"?>${prolog}<worksheet><sheetData>${body}</sheetData></worksheet>`;
const HEADER_ROW = '<row r="1"><c r="A1" t="inlineStr"><is><t>vehicleNumber</t></is></c></row>';

/** A workbook whose first sheet is the XML given, as the import reads it. */
export const workbookWith = (sheet: string) =>
  zipOf([
    { name: "[Content_Types].xml", data: CONTENT_TYPES },
    { name: "xl/workbook.xml", data: WORKBOOK },
    { name: "xl/_rels/workbook.xml.rels", data: WORKBOOK_RELS },
    { name: "xl/worksheets/sheet1.xml", data: sheet },
  ]);

/** A few hundred bytes naming column AAAAAA: our reader built a row of 321 million cells for it. */
export const farColumn = () => workbookWith(sheetXml(`${HEADER_ROW}<row r="2"><c r="AAAAAA2" t="inlineStr"><is><t>T-1</t></is></c></row>`));

/** A cell beyond the range the sheet itself declares (`<dimension ref="A1:B2"/>`). */
export const outsideDimension = () =>
  workbookWith(`<?xml version="1.0"?><worksheet><dimension ref="A1:B2"/><sheetData>${HEADER_ROW}<row r="2"><c r="Z2" t="inlineStr"><is><t>T-1</t></is></c></row></sheetData></worksheet>`);

/** "Billion laughs": ten entities of ten references each, declared in the sheet's DOCTYPE. */
const ENTITY_PROLOG = `<!DOCTYPE worksheet [${['<!ENTITY lol0 "lol">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`)].join("")}]>`;
export const entityBomb = () => workbookWith(sheetXml(`${HEADER_ROW}<row r="2"><c r="A2" t="inlineStr"><is><t>&lol9;</t></is></c></row>`, ENTITY_PROLOG));

/** Rows past the budget: a million of them (as in issue 38's list). */
export const millionRows = () => workbookWith(sheetXml(HEADER_ROW + Array.from({ length: 1_000_000 }, (_, i) => `<row r="${i + 2}"/>`).join("")));

/**
 * A cell with half a million attributes (2.5 MB, within every size and count budget) that read-excel-file takes
 * about a minute over on this machine before its stack overflows (its attribute handling is quadratic): only the
 * worker's time limit stops it. The earlier fixture (rows opened, never closed) was slow for the reader we
 * wrote; read-excel-file refuses it in a few hundred milliseconds, so on a fast machine it was refused as
 * unreadable before the time limit, and the test depended on the machine's speed.
 */
export const slowToRead = () => workbookWith(sheetXml(`${HEADER_ROW}<row r="2"><c r="A2" t="inlineStr"${' x=""'.repeat(500_000)}><is><t>T-1</t></is></c></row>`));

interface RawEntry {
  name: string;
  /** where the entry's local header starts */
  offset: number;
  packed: number;
  size: number;
  crc: number;
  method?: number;
}

/** A ZIP laid out by hand: the local parts given, then a central directory that says whatever it is told. */
function rawZip(locals: Buffer[], directory: RawEntry[]): Buffer {
  const body = Buffer.concat(locals);
  const central = directory.map((entry) => {
    const name = Buffer.from(entry.name, "utf8");
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(entry.method ?? 8, 10);
    header.writeUInt32LE(entry.crc >>> 0, 16);
    header.writeUInt32LE(entry.packed, 20);
    header.writeUInt32LE(entry.size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(entry.offset, 42);
    return Buffer.concat([header, name]);
  });
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(directory.length, 8);
  end.writeUInt16LE(directory.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(body.length, 16);
  return Buffer.concat([body, dir, end]);
}

function localPart(name: string, packed: Buffer, size: number, crc: number, method = 8) {
  const nameBytes = Buffer.from(name, "utf8");
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(0x0800, 6);
  header.writeUInt16LE(method, 8);
  header.writeUInt32LE(crc >>> 0, 14);
  header.writeUInt32LE(packed.length, 18);
  header.writeUInt32LE(size, 22);
  header.writeUInt16LE(nameBytes.length, 26);
  return Buffer.concat([header, nameBytes, packed]);
}

/**
 * An honest ZIP of the files given, each deflated, laid out here (a test's file needs no writer of the
 * product's, and the hostile ones above are laid out the same way).
 */
export function zipOf(files: { name: string; data: string | Buffer; unlisted?: boolean }[]): Buffer {
  const locals: Buffer[] = [];
  const directory: RawEntry[] = [];
  let offset = 0;
  for (const file of files) {
    const data = typeof file.data === "string" ? Buffer.from(file.data, "utf8") : file.data;
    const packed = deflateRawSync(data);
    const local = localPart(file.name, packed, data.length, crc32(data));
    if (!file.unlisted) directory.push({ name: file.name, offset, packed: packed.length, size: data.length, crc: crc32(data) });
    locals.push(local);
    offset += local.length;
  }
  return rawZip(locals, directory);
}

/**
 * An honest workbook whose body holds one more entry its directory does not list: a second
 * xl/worksheets/sheet1.xml declaring an entity bomb. A reader that walks the local headers, as
 * read-excel-file's streaming unzip does, would read it; a guard that reads only the directory would not.
 */
export function unlistedEntry() {
  return zipOf([
    { name: "[Content_Types].xml", data: CONTENT_TYPES },
    { name: "xl/workbook.xml", data: WORKBOOK },
    { name: "xl/_rels/workbook.xml.rels", data: WORKBOOK_RELS },
    { name: "xl/worksheets/sheet1.xml", data: sheetXml(HEADER_ROW) },
    { name: "xl/worksheets/sheet1.xml", data: sheetXml(`${HEADER_ROW}<row r="2"><c r="A2" t="inlineStr"><is><t>&lol9;</t></is></c></row>`, ENTITY_PROLOG), unlisted: true },
  ]);
}

/** A worksheet of `megabytes` MB: the header row, then spaces (which deflate about 1,000 to 1). */
function bigSheet(megabytes: number) {
  const data = Buffer.from(sheetXml(HEADER_ROW + " ".repeat(megabytes * 1024 * 1024)), "utf8");
  return { data, packed: deflateRawSync(data), crc: crc32(data) };
}

/**
 * Issue 36's file: one deflated 50 MB worksheet, stored once, listed `times` times in the central directory
 * under its own name. Our reader inflated it again for each listing: 800 of them in ~58 KB is 40 GB.
 */
export function repeatedEntryBomb(times = 800) {
  const sheet = bigSheet(50);
  const local = localPart("xl/worksheets/sheet1.xml", sheet.packed, sheet.data.length, sheet.crc);
  return rawZip([local], Array.from({ length: times }, () => ({ name: "xl/worksheets/sheet1.xml", offset: 0, packed: sheet.packed.length, size: sheet.data.length, crc: sheet.crc })));
}

/** Small entries under different names whose bytes are the same (same local header) or overlap. */
export function overlappingEntries(kind: "same-offset" | "overlap" = "same-offset") {
  const content = Buffer.from(sheetXml(HEADER_ROW), "utf8");
  const packed = deflateRawSync(content);
  const crc = crc32(content);
  const first = localPart("xl/worksheets/sheet1.xml", packed, content.length, crc);
  const second = localPart("xl/worksheets/sheet2.xml", packed, content.length, crc);
  const entry = (name: string, offset: number) => ({ name, offset, packed: packed.length, size: content.length, crc });
  if (kind === "same-offset") return rawZip([first], [entry("xl/worksheets/sheet1.xml", 0), entry("xl/worksheets/sheet2.xml", 0)]);
  // the second entry's header starts inside the first's data: its "data" is the first's tail
  const inside = Math.floor(first.length / 2);
  const forged = Buffer.concat([first.subarray(0, inside), second, first.subarray(inside)]);
  return rawZip([forged], [entry("xl/worksheets/sheet1.xml", 0), entry("xl/worksheets/sheet2.xml", inside)]);
}

/**
 * The classic high-ratio bomb: one entry of `megabytes` MB that deflates about 1,000 to 1. `lying` makes its
 * headers declare 1 KB, as bombs do to pass a check of the declared sizes.
 */
export function classicBomb({ megabytes = 64, lying = false } = {}) {
  const sheet = bigSheet(megabytes);
  const size = lying ? 1024 : sheet.data.length;
  const local = localPart("xl/worksheets/sheet1.xml", sheet.packed, size, sheet.crc);
  return rawZip([local], [{ name: "xl/worksheets/sheet1.xml", offset: 0, packed: sheet.packed.length, size, crc: sheet.crc }]);
}

/** A real 5,000-vehicle workbook (40 columns of text), to show the budgets leave room for what people send. */
export function largeHonestWorkbook(columns = 8) {
  const rows = [["vehicleNumber", "vin", ...Array.from({ length: columns - 2 }, (_, c) => `note${c}`)], ...Array.from({ length: 5000 }, (_, r) => [`T-${r}`, "", ...Array.from({ length: columns - 2 }, (_, c) => `row ${r} column ${c} of the fleet register`)])];
  const cell = (text: string, ref: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
  const column = (c: number) => (c < 26 ? "" : String.fromCharCode(64 + Math.floor(c / 26))) + String.fromCharCode(65 + (c % 26));
  const xml = rows.map((row, r) => `<row r="${r + 1}">${row.map((text, c) => cell(text, `${column(c)}${r + 1}`)).join("")}</row>`).join("");
  return workbookWith(`<?xml version="1.0"?><worksheet><dimension ref="A1:${column(columns - 1)}${rows.length}"/><sheetData>${xml}</sheetData></worksheet>`);
}
