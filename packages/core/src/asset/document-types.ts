import { ArchiveRefused, zipDirectory, type ArchiveRefusal } from "../util/archive-guard";
import { ACCEPTED_TYPES, contentProblem } from "./magic";

/*
 * What a company may keep as a document (issue 15) beyond the photo and PDF types every upload takes:
 * HEIC/HEIF photos from phones, Office files and plain text. Each is checked by its content, as the
 * others are in magic.ts: the container's structure, not the name or the announced type.
 */

type Check = (bytes: Buffer) => string | undefined | Promise<string | undefined>;

const OOXML = {
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": { folder: "word/", name: "Word document (.docx)" },
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { folder: "xl/", name: "Excel workbook (.xlsx)" },
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": { folder: "ppt/", name: "PowerPoint presentation (.pptx)" },
} as const;
const LEGACY_OFFICE = {
  "application/msword": { stream: "WordDocument", name: "Word document (.doc)" },
  "application/vnd.ms-excel": { stream: "Workbook", name: "Excel workbook (.xls)" },
  "application/vnd.ms-powerpoint": { stream: "PowerPoint Document", name: "PowerPoint presentation (.ppt)" },
} as const;
const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);

/**
 * The archive guard's directory checks (util/archive-guard.ts) for a stored Office document: nothing here
 * inflates it, so the inflated budget is only a sanity bound, and a presentation may have many parts.
 */
export const DOCUMENT_ARCHIVE_LIMITS = { entries: 10_000, inflatedBytes: 1024 * 1024 * 1024 } as const;
const DOCUMENT_ZIP_PROBLEMS: Partial<Record<ArchiveRefusal, string>> = {
  "file.too_many_parts": `the ZIP lists more than ${DOCUMENT_ARCHIVE_LIMITS.entries} entries`,
  "file.unpacked_too_large": "the ZIP's entries unpack to more than 1 GB",
  "file.overlapping_parts": "the ZIP lists entries that repeat or overlap",
};

/** The entry names of a ZIP archive from its central directory (yauzl's), each entry inside the file and apart from the others; or why not. */
export async function zipEntryNames(b: Buffer): Promise<string[] | string> {
  if (b.readUInt32LE(0) !== 0x04034b50) return "it is not a ZIP container";
  try {
    return (await zipDirectory(b, DOCUMENT_ARCHIVE_LIMITS)).map((entry) => entry.name);
  } catch (error) {
    if (!(error instanceof ArchiveRefused)) throw error;
    return DOCUMENT_ZIP_PROBLEMS[error.code] ?? `the ZIP is damaged (${error.detail})`;
  }
}

const ooxml =
  (folder: string): Check =>
  async (b) => {
    const names = await zipEntryNames(b);
    if (typeof names === "string") return names;
    if (!names.includes("[Content_Types].xml")) return "the Office package has no [Content_Types].xml";
    if (!names.some((name) => name.startsWith(folder))) return `the Office package has no ${folder} part`;
    return undefined;
  };

const CFB_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** A compound file (the pre-2007 Office format): its header, whole sectors, and the application's stream named in the directory. */
const compoundFile =
  (stream: string): Check =>
  (b) => {
    if (b.length < 512 || !b.subarray(0, 8).equals(CFB_SIGNATURE)) return "it is not an Office compound file";
    const major = b.readUInt16LE(26);
    const shift = b.readUInt16LE(30);
    if (b.readUInt16LE(28) !== 0xfffe || !((major === 3 && shift === 9) || (major === 4 && shift === 12))) return "the compound file header is not valid";
    if (b.length < 2 * 2 ** shift) return "the file is cut short";
    if (!b.includes(Buffer.from(stream, "utf16le"))) return `the file has no ${stream} stream`;
    return undefined;
  };

/** HEIF (HEIC photos): an ftyp box with a HEIF brand first, then boxes that tile the file exactly, one of them meta. */
const heif: Check = (b) => {
  if (b.length < 16 || b.subarray(4, 8).toString("latin1") !== "ftyp") return "it does not start with an ftyp box";
  let pos = 0;
  let sawMeta = false;
  let first = true;
  while (pos < b.length) {
    if (pos + 8 > b.length) return "a box header is cut short";
    let size = b.readUInt32BE(pos);
    const type = b.subarray(pos + 4, pos + 8).toString("latin1");
    if (size === 1) {
      if (pos + 16 > b.length) return "a box header is cut short";
      size = Number(b.readBigUInt64BE(pos + 8));
    } else if (size === 0) size = b.length - pos;
    if (size < 8 || pos + size > b.length) return `the ${type} box runs past the end of the file`;
    if (first) {
      const brands = [b.subarray(pos + 8, pos + 12).toString("latin1")];
      for (let at = pos + 16; at + 4 <= pos + size; at += 4) brands.push(b.subarray(at, at + 4).toString("latin1"));
      if (!brands.some((brand) => HEIF_BRANDS.has(brand))) return "the ftyp box names no HEIF brand";
      first = false;
    }
    if (type === "meta") sawMeta = true;
    pos += size;
  }
  return sawMeta ? undefined : "the file has no meta box";
};

/** UTF-8 text (a byte-order mark allowed) without NUL or other control characters than tab, line and page breaks. */
const text: Check = (b) => {
  let decoded: string;
  try {
    decoded = new TextDecoder("utf-8", { fatal: true }).decode(b);
  } catch {
    return "it is not UTF-8 text";
  }
  // eslint-disable-next-line no-control-regex
  const control = /[\u0000-\u0008\u000e-\u001f\u007f]/.exec(decoded);
  return control ? `it contains a control character (U+${control[0].charCodeAt(0).toString(16).padStart(4, "0")})` : undefined;
};

const CHECKS: Record<string, { check: Check; name: string }> = {
  "image/heic": { check: heif, name: "HEIC image" },
  "image/heif": { check: heif, name: "HEIF image" },
  ...Object.fromEntries(Object.entries(OOXML).map(([type, { folder, name }]) => [type, { check: ooxml(folder), name }])),
  ...Object.fromEntries(Object.entries(LEGACY_OFFICE).map(([type, { stream, name }]) => [type, { check: compoundFile(stream), name }])),
  "text/csv": { check: text, name: "CSV file" },
  "text/plain": { check: text, name: "text file" },
};

/** Every type a document may be: the upload types and the document-only ones above. */
export const DOCUMENT_TYPES: readonly string[] = [...Object.keys(ACCEPTED_TYPES), ...Object.keys(CHECKS)];

/** Loose names browsers and phones give some of these types. */
export function normalizeDocumentType(type: string): string {
  if (type === "application/csv" || type === "text/comma-separated-values") return "text/csv";
  if (type === "image/heic-sequence") return "image/heic";
  if (type === "image/heif-sequence") return "image/heif";
  return type;
}

/** Why a document's bytes are not the declared type, or undefined when they are. */
export async function documentContentProblem(declared: string, bytes: Buffer): Promise<string | undefined> {
  const entry = CHECKS[declared];
  if (!entry) return contentProblem(declared, bytes);
  let problem: string | undefined;
  try {
    problem = await entry.check(bytes);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    problem = "the file is cut short";
  }
  return problem ? `The file is not a valid ${entry.name}: ${problem}` : undefined;
}
