/**
 * What a file's first bytes say it is (DESIGN §5: validation checks magic
 * bytes, not the name or the announced type).
 */
const SIGNATURES: { type: string; test: (bytes: Buffer) => boolean }[] = [
  { type: "image/jpeg", test: (b) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: "image/png", test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: "image/gif", test: (b) => ["GIF87a", "GIF89a"].includes(b.subarray(0, 6).toString("latin1")) },
  { type: "image/webp", test: (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP" },
  { type: "application/pdf", test: (b) => b.subarray(0, 5).toString("latin1") === "%PDF-" },
];

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
