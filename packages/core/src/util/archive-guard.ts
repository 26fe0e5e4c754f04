import { inflateRawSync } from "node:zlib";
import { fromBufferPromise, type Entry, type ZipFile } from "yauzl";

/*
 * Hard budgets for the archives people send (issue 36, finding 8), checked around whichever reader opens
 * them (read-excel-file's, util/xlsx-read.ts; issue 38). A ZIP's central directory is read by yauzl on its
 * own and refused before any reader sees it when it lists too many entries, says they unpack to too much,
 * or lists entries that repeat or overlap (the "one deflated entry listed 800 times" bomb); every entry is
 * then inflated once, where yauzl found it, within its declared size, so a header that lies is caught too. XML parts may not
 * declare entities, and a worksheet's cells must lie inside its own `<dimension>`, inside the spreadsheet
 * grid, and within a row and cell budget that bounds what any reader allocates for it.
 * docs/security.md, "Import and archive budgets", lists the numbers and their tests.
 */

export const ARCHIVE_LIMITS = {
  /** entries in one archive's directory (an .xlsx has 10 to 30) */
  entries: 1_000,
  /** the sum of every entry's inflated size (a 5,000-row sheet of 30 text columns is about 13 MB) */
  inflatedBytes: 16 * 1024 * 1024,
  /** `<row>` elements in one worksheet (blank formatted rows count: the import itself keeps 5,000 vehicles) */
  sheetRows: 10_000,
  /** a worksheet's rows times its last column: what a reader's row arrays hold at most */
  sheetCells: 1_000_000,
  /** Excel's grid: column XFD, row 1,048,576. Nothing a spreadsheet writes lies beyond. */
  lastColumn: 16_384,
  lastRow: 1_048_576,
  /** one file's reading, off the request thread: its worker is terminated at the time limit and cannot grow past the memory one */
  readMs: 1_000,
  readMemoryMb: 128,
} as const;

const n = (value: number) => value.toLocaleString("en-US");

/** The refusals, each naming its limit (the app translates them by code: vehicles.errors.limits.*). */
export const ARCHIVE_MESSAGES = {
  "file.too_many_parts": `The file is made of more than ${n(ARCHIVE_LIMITS.entries)} parts (the limit for an import).`,
  "file.unpacked_too_large": `The file unpacks to more than ${ARCHIVE_LIMITS.inflatedBytes / 1024 / 1024} MB (the limit for an import).`,
  "file.overlapping_parts": "The file lists parts that repeat or overlap, which no spreadsheet writes.",
  "file.xml_entities": "The file declares XML entities (a DOCTYPE), which no spreadsheet writes.",
  "file.outside_dimension": "A cell lies outside the range its sheet declares.",
  "file.beyond_grid": `A cell lies beyond column XFD or row ${n(ARCHIVE_LIMITS.lastRow)}, the edge of a spreadsheet.`,
  "file.too_many_rows": `The sheet has more than ${n(ARCHIVE_LIMITS.sheetRows)} rows (the limit for an import).`,
  "file.too_many_cells": `The sheet spans more than ${n(ARCHIVE_LIMITS.sheetCells)} cells, rows times columns (the limit for an import).`,
  "file.read_time": `The file took more than ${ARCHIVE_LIMITS.readMs / 1000} second to read and was stopped (the limit for an import).`,
  "file.read_memory": `The file needed more than ${ARCHIVE_LIMITS.readMemoryMb} MB to read and was stopped (the limit for an import).`,
  "file.damaged": "The file is damaged.",
} as const;
export type ArchiveRefusal = keyof typeof ARCHIVE_MESSAGES;

export class ArchiveRefused extends Error {
  override name = "ArchiveRefused";
  constructor(
    readonly code: ArchiveRefusal,
    /** what exactly was found, for the log; the message is the translated one */
    readonly detail = "",
  ) {
    super(ARCHIVE_MESSAGES[code]);
  }
}

export interface ZipEntry {
  name: string;
  method: number;
  packed: number;
  size: number;
  /** where its local header starts and its compressed data ends */
  start: number;
  dataStart: number;
  end: number;
}

/** A streaming reader finds an entry by its 30-byte local header: a gap shorter than that hides none. */
const LOCAL_HEADER_BYTES = 30;

const damaged = (error: unknown) => (error instanceof ArchiveRefused ? error : new ArchiveRefused("file.damaged", error instanceof Error ? error.message : String(error)));

async function nextEntry(archive: ZipFile): Promise<Entry | undefined> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      archive.off("entry", onEntry);
      archive.off("end", onEnd);
      archive.off("error", onError);
    };
    const onEntry = (entry: Entry) => (settle(), resolve(entry));
    const onEnd = () => (settle(), resolve(undefined));
    const onError = (error: Error) => (settle(), reject(error));
    archive.once("entry", onEntry);
    archive.once("end", onEnd);
    archive.once("error", onError);
    archive.readEntry();
  });
}

/**
 * The directory as yauzl reads it (entries one at a time, nothing inflated), each entry checked against the
 * others on top of what yauzl checks: within the entry and inflated-size budgets, no name twice, not encrypted,
 * its local header naming the same file, no two entries sharing or overlapping bytes, and no room between
 * them or before the directory for an entry the directory does not list (a streaming reader, which walks
 * the local headers, would read it unchecked).
 */
async function listEntries(archive: ZipFile, limits: { entries: number; inflatedBytes: number }) {
  if (archive.entryCount > limits.entries) throw new ArchiveRefused("file.too_many_parts", `${archive.entryCount} entries`);
  // where the central directory starts: yauzl's cursor before the first entry is read (it documents no other name for it)
  const directoryStart = (archive as unknown as { readEntryCursor: number }).readEntryCursor;
  const listed: { entry: Entry; info: ZipEntry }[] = [];
  const names = new Set<string>();
  const localNames: { name: string; raw: Buffer; local: Buffer }[] = [];
  let inflated = 0;
  for (let entry = await nextEntry(archive); entry; entry = await nextEntry(archive)) {
    const name = entry.fileName;
    inflated += entry.uncompressedSize;
    if (inflated > limits.inflatedBytes) throw new ArchiveRefused("file.unpacked_too_large", `${inflated} bytes declared by ${name}`);
    if (names.has(name)) throw new ArchiveRefused("file.overlapping_parts", `${name} listed twice`);
    names.add(name);
    if (entry.isEncrypted()) throw new ArchiveRefused("file.damaged", `${name} is encrypted`);
    const local = await archive.readLocalFileHeaderPromise(entry);
    localNames.push({ name, raw: entry.fileNameRaw, local: local.fileName });
    const start = entry.relativeOffsetOfLocalHeader;
    const end = local.fileDataStart + entry.compressedSize;
    if (end > directoryStart) throw new ArchiveRefused("file.damaged", `${name} runs into the directory`);
    listed.push({ entry, info: { name, method: entry.compressionMethod, packed: entry.compressedSize, size: entry.uncompressedSize, start, dataStart: local.fileDataStart, end } });
  }
  const byStart = listed.map(({ info }) => info).sort((a, b) => a.start - b.start);
  let covered = 0;
  for (const [i, info] of byStart.entries()) {
    if (i > 0 && info.start < covered) throw new ArchiveRefused("file.overlapping_parts", `${info.name} overlaps ${byStart[i - 1]!.name}`);
    if (info.start - covered >= LOCAL_HEADER_BYTES) throw new ArchiveRefused("file.damaged", `${info.start - covered} bytes before ${info.name} that no entry lists`);
    covered = info.end;
  }
  if (directoryStart - covered >= LOCAL_HEADER_BYTES) throw new ArchiveRefused("file.damaged", `${directoryStart - covered} bytes before the directory that no entry lists`);
  // a reader that walks the local headers (a streaming one) must find the files the directory names
  for (const { name, raw, local } of localNames) if (!local.equals(raw)) throw new ArchiveRefused("file.damaged", `${name}: its local header names ${local.toString("utf8").slice(0, 80)}`);
  return listed;
}

/** The archive opened by yauzl for `work`, closed after it; whatever yauzl finds wrong is a damaged file. */
async function withArchive<T>(zip: Buffer, work: (archive: ZipFile) => Promise<T>): Promise<T> {
  let archive: ZipFile;
  try {
    archive = await fromBufferPromise(zip, { lazyEntries: true, autoClose: false, validateEntrySizes: true, decodeStrings: true, strictFileNames: false });
  } catch (error) {
    throw damaged(error);
  }
  try {
    return await work(archive);
  } catch (error) {
    throw damaged(error);
  } finally {
    archive.close();
  }
}

/** A ZIP's central directory, every entry checked against the file and the others (listEntries). Reads no entry's data. */
export function zipDirectory(zip: Buffer, limits: { entries: number; inflatedBytes: number } = ARCHIVE_LIMITS): Promise<ZipEntry[]> {
  return withArchive(zip, async (archive) => (await listEntries(archive, limits)).map(({ info }) => info));
}

/**
 * One entry's bytes, where yauzl located them, inflated by zlib in one call to exactly the size its headers
 * declare, no more (yauzl's own streams inflate in 16 KB steps, several times slower on a 13 MB sheet).
 */
function inflateEntry(zip: Buffer, entry: ZipEntry): Buffer {
  const data = zip.subarray(entry.dataStart, entry.dataStart + entry.packed);
  let out: Buffer;
  if (entry.method === 0) out = data;
  else if (entry.method === 8) {
    try {
      out = inflateRawSync(data, { maxOutputLength: entry.size + 1 });
    } catch (error) {
      if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw new ArchiveRefused("file.unpacked_too_large", `${entry.name} inflates past its declared ${entry.size} bytes`);
      throw new ArchiveRefused("file.damaged", `${entry.name}: ${(error as Error).message}`);
    }
  } else throw new ArchiveRefused("file.damaged", `${entry.name}: compression method ${entry.method}`);
  if (out.length !== entry.size) throw new ArchiveRefused("file.damaged", `${entry.name} is ${out.length} bytes, not the ${entry.size} declared`);
  return out;
}

const DOCTYPE = Buffer.from("<!DOCTYPE", "utf8");
const DOCTYPE_UTF16 = [Buffer.from("<!DOCTYPE", "utf16le"), Buffer.from("<!DOCTYPE", "utf16le").swap16()];
/** A part in UTF-16 starts with a byte-order mark or has a zero byte in its first character. */
const isUtf16 = (data: Buffer) => data.length >= 2 && (data[0] === 0xff || data[0] === 0xfe || data[0] === 0 || data[1] === 0);

/** No document type declaration, in UTF-8 or UTF-16: entities (the "billion laughs") can be declared only there. */
export function assertNoEntities(name: string, data: Buffer) {
  if (data.includes(DOCTYPE) || (isUtf16(data) && DOCTYPE_UTF16.some((mark) => data.includes(mark)))) throw new ArchiveRefused("file.xml_entities", name);
}

const COLUMN = /^[A-Za-z]{1,3}$/;
/** "XFD" → 16384 (1-based); beyond three letters is beyond any grid. */
const columnNumber = (letters: string) => (COLUMN.test(letters) ? [...letters.toUpperCase()].reduce((sum, letter) => sum * 26 + letter.charCodeAt(0) - 64, 0) : Infinity);
const rowNumber = (digits: string) => (digits.length > 8 ? Infinity : Number(digits));
const REFERENCE = /^([A-Za-z]+)(\d+)$/;

/** The bounds a worksheet declares (`<dimension ref="A1:H20"/>`), or the grid's when it declares none. */
function declaredBounds(xml: string, limits: typeof ARCHIVE_LIMITS) {
  const ref = /<(?:[\w.-]+:)?dimension\b[^>]*?\bref="([^"]*)"/.exec(xml)?.[1];
  const last = ref?.split(":").pop()?.match(REFERENCE);
  if (!last) return { columns: limits.lastColumn, rows: limits.lastRow };
  const columns = columnNumber(last[1]!);
  const rows = rowNumber(last[2]!);
  if (columns > limits.lastColumn || rows > limits.lastRow) throw new ArchiveRefused("file.beyond_grid", `dimension ${ref}`);
  return { columns, rows };
}

/**
 * A worksheet's rows and cells against its own dimension, the grid and the budgets: one linear pass over
 * its tags (prefixed ones too, `<x:c>`), before any reader builds a row.
 */
export function assertSheetBounds(xml: string, limits: typeof ARCHIVE_LIMITS = ARCHIVE_LIMITS) {
  const bounds = declaredBounds(xml, limits);
  let rows = 0;
  let lastColumn = 1;
  const outside = (columns: number, row: number, where: string) => {
    if (columns > limits.lastColumn || row > limits.lastRow) throw new ArchiveRefused("file.beyond_grid", where);
    if (columns > bounds.columns || row > bounds.rows) throw new ArchiveRefused("file.outside_dimension", where);
  };
  // a tag, then its r attribute read on from where the tag's name ends (two plain patterns: one with the attribute captured costs ten times more)
  const tags = /<(?:[\w.-]+:)?(row|c)(?=[\s/>])/g;
  const referenceOf = /[^>]*?\sr="([^"]*)"/y;
  for (let tag = tags.exec(xml); tag; tag = tags.exec(xml)) {
    referenceOf.lastIndex = tags.lastIndex;
    const reference = referenceOf.exec(xml)?.[1];
    if (tag[1] === "row") {
      if (++rows > limits.sheetRows) throw new ArchiveRefused("file.too_many_rows", `${rows} rows`);
      if (reference !== undefined) outside(1, rowNumber(reference), `row ${reference.slice(0, 20)}`);
      continue;
    }
    if (reference === undefined) continue;
    const cell = REFERENCE.exec(reference);
    if (!cell) throw new ArchiveRefused("file.damaged", `cell reference ${reference.slice(0, 20)}`);
    const column = columnNumber(cell[1]!);
    outside(column, rowNumber(cell[2]!), `cell ${reference.slice(0, 20)}`);
    if (column > lastColumn) lastColumn = column;
    if (Math.max(rows, 1) * lastColumn > limits.sheetCells) throw new ArchiveRefused("file.too_many_cells", `${rows} rows to column ${lastColumn}`);
  }
  if (rows * lastColumn > limits.sheetCells) throw new ArchiveRefused("file.too_many_cells", `${rows} rows to column ${lastColumn}`);
}

const SHEET_DATA = Buffer.from("sheetData", "utf8");

/**
 * An .xlsx (or any Office package) checked whole before a reader opens it: its directory, every entry
 * inflated within its declared size (the total within budget), no entity declarations in any entry, and
 * the bounds of every entry holding sheet data, whatever its name (a reader may follow the workbook's
 * relationships to any part). Throws ArchiveRefused naming the limit.
 */
export function assertWorkbookWithinLimits(file: Buffer, limits: typeof ARCHIVE_LIMITS = ARCHIVE_LIMITS): Promise<void> {
  return withArchive(file, async (archive) => {
    for (const { info } of await listEntries(archive, limits)) {
      const data = inflateEntry(file, info);
      assertNoEntities(info.name, data);
      // the tags and references are ASCII, which latin1 decodes as UTF-8 would, at a fraction of the cost
      if (data.includes(SHEET_DATA)) assertSheetBounds(data.toString("latin1"), limits);
    }
  });
}
