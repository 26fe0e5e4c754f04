/**
 * Content-Disposition for a file name of any script (RFC 6266 with RFC 5987's
 * `filename*`). Header values must be Latin-1 (Node refuses anything else),
 * so the quoted `filename` is an ASCII fallback — accents dropped, anything
 * else an underscore — and browsers that read `filename*` get the name as it
 * was. A name that is already plain ASCII carries only `filename`.
 */
export function contentDisposition(kind: "inline" | "attachment", fileName: string): string {
  const fallback = asciiFileName(fileName);
  const plain = `${kind}; filename="${fallback}"`;
  return fallback === fileName ? plain : `${plain}; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

/** `ñandú` → `nandu`; characters with no ASCII base, quotes, backslashes, percent signs and separators → `_`. */
export function asciiFileName(fileName: string): string {
  return fileName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\%/]/gu, "_");
}

/** RFC 5987 `value-chars`: UTF-8 percent-encoded, with the characters encodeURIComponent leaves but attr-char excludes. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}
