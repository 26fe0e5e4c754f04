import { crc32 } from "node:zlib";

/**
 * What a file is, from its bytes (DESIGN §5: validation looks at the content,
 * not the name or the announced type). `sniff` names a type from the first
 * bytes; `contentProblem` then walks the whole file's structure for that type,
 * so a PNG signature followed by an HTML page is not an image (security issue
 * item 9).
 */
const SIGNATURES: { type: string; test: (bytes: Buffer) => boolean }[] = [
  { type: "image/jpeg", test: (b) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: "image/png", test: (b) => b.subarray(0, 8).equals(PNG_SIGNATURE) },
  { type: "image/gif", test: (b) => ["GIF87a", "GIF89a"].includes(b.subarray(0, 6).toString("latin1")) },
  { type: "image/webp", test: (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP" },
  { type: "application/pdf", test: (b) => b.subarray(0, 5).toString("latin1") === "%PDF-" },
];
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Bytes needed to recognise every accepted type. */
export const SNIFF_BYTES = 16;

export function sniff(bytes: Buffer): string | undefined {
  return SIGNATURES.find((signature) => signature.test(bytes))?.type;
}

/** Accepted upload types and their size limits. */
export const ACCEPTED_TYPES: Record<string, { maxBytes: number }> = {
  "image/jpeg": { maxBytes: 15 * 1024 * 1024 },
  "image/png": { maxBytes: 15 * 1024 * 1024 },
  "image/webp": { maxBytes: 15 * 1024 * 1024 },
  "image/gif": { maxBytes: 10 * 1024 * 1024 },
  "application/pdf": { maxBytes: 25 * 1024 * 1024 },
};

/** Browsers and phones name a few types loosely. */
export function normalizeType(fileType: string): string {
  const type = fileType.trim().toLowerCase().split(";")[0]!.trim();
  return type === "image/jpg" || type === "image/pjpeg" ? "image/jpeg" : type;
}

/** An image wider or taller than this is not a photo or a signature: refused as implausible. */
export const MAX_DIMENSION = 50_000;

/** Why the bytes are not a well-formed file of `type`, or undefined when they are. */
type Check = (bytes: Buffer) => string | undefined;

const saneSize = (width: number, height: number) =>
  width < 1 || height < 1 ? "the image has no width or height" : width > MAX_DIMENSION || height > MAX_DIMENSION ? `the image is larger than ${MAX_DIMENSION} pixels on a side` : undefined;

/** PNG: signature, IHDR first with a sane size, every chunk inside the file with its CRC, IDAT, and IEND last. */
const png: Check = (b) => {
  let pos = PNG_SIGNATURE.length;
  let chunks = 0;
  let sawData = false;
  while (pos + 12 <= b.length) {
    const length = b.readUInt32BE(pos);
    const type = b.subarray(pos + 4, pos + 8).toString("latin1");
    if (!/^[A-Za-z]{4}$/.test(type)) return `chunk ${chunks + 1} has no valid type`;
    if (length > 0x7fffffff || pos + 12 + length > b.length) return `the ${type} chunk runs past the end of the file`;
    const data = b.subarray(pos + 8, pos + 8 + length);
    if (crc32(b.subarray(pos + 4, pos + 8 + length)) !== b.readUInt32BE(pos + 8 + length)) return `the ${type} chunk is damaged (CRC)`;
    if (chunks === 0) {
      if (type !== "IHDR" || length !== 13) return "the first chunk is not IHDR";
      const problem = saneSize(data.readUInt32BE(0), data.readUInt32BE(4));
      if (problem) return problem;
      const [depth, color, compression, filter, interlace] = [data[8]!, data[9]!, data[10]!, data[11]!, data[12]!];
      if (![1, 2, 4, 8, 16].includes(depth) || ![0, 2, 3, 4, 6].includes(color) || compression !== 0 || filter !== 0 || interlace > 1) return "the IHDR chunk is not valid";
    } else if (type === "IHDR") return "the file has a second IHDR chunk";
    if (type === "IDAT") sawData = true;
    pos += 12 + length;
    chunks++;
    if (type === "IEND") {
      if (!sawData) return "the image has no IDAT data";
      return pos === b.length ? undefined : "there is data after the end of the image (IEND)";
    }
  }
  return "the file ends before the IEND chunk";
};

const isSof = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** JPEG: SOI, a segment walk (each length inside the file) to SOF (sane size) and SOS, the scans, and EOI at the end. */
const jpeg: Check = (b) => {
  let pos = 2;
  let sawFrame = false;
  let sawScan = false;
  while (pos < b.length) {
    if (b[pos] !== 0xff) return `expected a marker at byte ${pos}`;
    while (b[pos] === 0xff && pos < b.length) pos++;
    if (pos >= b.length) break;
    const marker = b[pos]!;
    pos++;
    if (marker === 0xd9) {
      if (!sawFrame || !sawScan) return "the image ends before its frame and scan";
      return pos === b.length ? undefined : "there is data after the end of the image (EOI)";
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) return `an unexpected marker (0x${marker.toString(16)}) at byte ${pos - 1}`;
    if (pos + 2 > b.length) break;
    const length = b.readUInt16BE(pos);
    if (length < 2 || pos + length > b.length) return `a segment runs past the end of the file at byte ${pos - 2}`;
    if (isSof(marker)) {
      if (length < 8) return "the frame header is too short";
      const problem = saneSize(b.readUInt16BE(pos + 5), b.readUInt16BE(pos + 3));
      if (problem) return problem;
      sawFrame = true;
    }
    pos += length;
    if (marker === 0xda) {
      if (!sawFrame) return "a scan comes before the frame header";
      sawScan = true;
      // Entropy-coded data: FF 00 is a stuffed byte and FF D0-D7 a restart marker; any other marker ends the scan.
      while (pos < b.length - 1 && !(b[pos] === 0xff && b[pos + 1] !== 0x00 && !(b[pos + 1]! >= 0xd0 && b[pos + 1]! <= 0xd7) && b[pos + 1] !== 0xff)) pos++;
      if (pos >= b.length - 1) return "the file ends inside a scan, without EOI";
    }
  }
  return "the file ends without EOI";
};

/** Data sub-blocks (a size byte, then that many bytes) up to the empty one; the position after it, or -1. */
function skipSubBlocks(b: Buffer, pos: number): number {
  while (pos < b.length) {
    const size = b[pos]!;
    pos += 1 + size;
    if (size === 0) return pos;
  }
  return -1;
}

/** GIF: header, a sane screen size, colour tables, image and extension blocks inside the file, and the trailer last. */
const gif: Check = (b) => {
  if (b.length < 13) return "the header is cut short";
  const problem = saneSize(b.readUInt16LE(6), b.readUInt16LE(8));
  if (problem) return problem;
  const tableSize = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  let pos = 13 + tableSize(b[10]!);
  let images = 0;
  while (pos < b.length) {
    const block = b[pos]!;
    if (block === 0x3b) {
      if (images === 0) return "the file has no image";
      return pos + 1 === b.length ? undefined : "there is data after the end of the image (trailer)";
    }
    if (block === 0x21) {
      pos = pos + 2 < b.length ? skipSubBlocks(b, pos + 2) : -1;
    } else if (block === 0x2c) {
      if (pos + 10 > b.length) return "an image descriptor is cut short";
      const size = saneSize(b.readUInt16LE(pos + 5), b.readUInt16LE(pos + 7));
      if (size) return size;
      pos += 10 + tableSize(b[pos + 9]!);
      if (pos >= b.length || b[pos]! < 1 || b[pos]! > 11) return "an image has no valid LZW code size";
      pos = skipSubBlocks(b, pos + 1);
      images++;
    } else return `an unknown block (0x${block.toString(16)}) at byte ${pos}`;
    if (pos < 0) return "a block runs past the end of the file";
  }
  return "the file ends without the trailer";
};

/** WebP: the RIFF size is the file's, every chunk lies inside it, and the first is VP8, VP8L or VP8X with a sane size. */
const webp: Check = (b) => {
  if (b.length < 20) return "the header is cut short";
  if (b.readUInt32LE(4) + 8 !== b.length) return "the RIFF size is not the file's size";
  let pos = 12;
  let first = true;
  while (pos < b.length) {
    if (pos + 8 > b.length) return "a chunk header is cut short";
    const fourcc = b.subarray(pos, pos + 4).toString("latin1");
    const size = b.readUInt32LE(pos + 4);
    const data = pos + 8;
    if (data + size > b.length) return `the ${fourcc.trim()} chunk runs past the end of the file`;
    if (first) {
      let dimensions: [number, number] | undefined;
      if (fourcc === "VP8 " && size >= 10 && b[data + 3] === 0x9d && b[data + 4] === 0x01 && b[data + 5] === 0x2a) {
        dimensions = [b.readUInt16LE(data + 6) & 0x3fff, b.readUInt16LE(data + 8) & 0x3fff];
      } else if (fourcc === "VP8L" && size >= 5 && b[data] === 0x2f) {
        const bits = b.readUInt32LE(data + 1);
        dimensions = [(bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1];
      } else if (fourcc === "VP8X" && size >= 10) {
        dimensions = [b.readUIntLE(data + 4, 3) + 1, b.readUIntLE(data + 7, 3) + 1];
      }
      if (!dimensions) return "the first chunk is not a valid VP8, VP8L or VP8X header";
      const problem = saneSize(...dimensions);
      if (problem) return problem;
      first = false;
    }
    pos = data + size + (size % 2);
  }
  return pos === b.length ? undefined : "the last chunk runs past the end of the file";
};

/** PDF: a `%PDF-1.x` or `%PDF-2.x` header, and at the end `startxref`, an offset inside the file and `%%EOF`. */
const pdf: Check = (b) => {
  if (!/^%PDF-[12]\.\d/.test(b.subarray(0, 8).toString("latin1"))) return "the header is not %PDF-1.x or %PDF-2.x";
  const tail = b.subarray(Math.max(0, b.length - 1024)).toString("latin1");
  const end = /startxref\s+(\d{1,15})\s+%%EOF\s*$/.exec(tail);
  if (!end) return "the file does not end with startxref and %%EOF";
  if (Number(end[1]) >= b.length) return "startxref points past the end of the file";
  return undefined;
};

const STRUCTURE: Record<string, Check> = { "image/png": png, "image/jpeg": jpeg, "image/gif": gif, "image/webp": webp, "application/pdf": pdf };
const NAMES: Record<string, string> = { "image/png": "PNG image", "image/jpeg": "JPEG image", "image/gif": "GIF image", "image/webp": "WebP image", "application/pdf": "PDF document" };

/**
 * Why a whole file is not what was declared at upload, or undefined when it
 * is: the first bytes must name the declared type, and the structure of the
 * whole file must be that type's.
 */
export function contentProblem(declared: string, bytes: Buffer): string | undefined {
  const found = sniff(bytes);
  if (found !== declared) return `The file's content is not ${declared}${found ? ` (it looks like ${found})` : ""}`;
  const check = STRUCTURE[declared];
  if (!check) return `Files of type ${declared} are not accepted`;
  let problem: string | undefined;
  try {
    problem = check(bytes);
  } catch (error) {
    // A read past the buffer (RangeError) is a file cut short; anything else is ours to see.
    if (!(error instanceof RangeError)) throw error;
    problem = "the file is cut short";
  }
  return problem ? `The file is not a valid ${NAMES[declared]}: ${problem}` : undefined;
}
