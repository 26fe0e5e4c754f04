import { crc32 } from "node:zlib";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, tokenFor } from "../../../tests/http";
import { pdfText, png, uploadAsset } from "../../../tests/forms-fixtures";

/**
 * Security issue item 9: validation looked at 16 magic bytes only, so a PNG
 * signature followed by an HTML page passed as an image. Now the whole file's
 * structure must be that of the type declared at upload.
 */

let driver: string;

beforeAll(async () => {
  driver = await tokenFor("acme_driver");
});

// --- real files, built here byte by byte ---

/** An 8×8 grey baseline JPEG: quantisation and one-code Huffman tables, one block (DC 0, EOB), EOI. */
function tinyJpeg(): Buffer {
  const segment = (marker: number, body: number[]) => [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
  const huffman = (tableClass: number) => segment(0xc4, [tableClass << 4, 1, ...Array<number>(15).fill(0), 0x00]);
  return Buffer.from([
    0xff, 0xd8,
    ...segment(0xdb, [0x00, ...Array<number>(64).fill(1)]),
    ...segment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]),
    ...huffman(0),
    ...huffman(1),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    0x3f,
    0xff, 0xd9,
  ]);
}

/** A one-page PDF with its cross-reference table at the offset startxref names. */
function tinyPdf(text = "Fleetforms upload check"): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${`BT /F1 12 Tf 20 50 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 12 Tf 20 50 Td (${text}) Tj ET\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets = objects.map((body, i) => {
    const offset = out.length;
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** The classic 1×1 GIF and a 1×1 lossless WebP (both decode in Chromium). */
const tinyGif = () => Buffer.from("R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs=", "base64");
const tinyWebp = () => Buffer.from("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==", "base64");

const HTML = Buffer.from("<!doctype html><html><body><script>fetch('/api/auth/user').then(r=>r.text()).then(alert)</script></body></html>");
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function expectRefused(bytes: Buffer, fileType: string, reason: RegExp) {
  const asset = await uploadAsset(driver, bytes, { fileType, fileName: "upload" });
  expect(asset.validationStatus).toBe("error");
  expect(asset.validationMessage).toMatch(reason);
  const status = await call("GET", `/v2/assets/${asset.id}/status`, { token: driver });
  expect(status.body).toMatchObject({ status: "error", validationStatus: "error" });
  // Nothing of it can be read back.
  expect((await call("GET", `/v2/assets/${asset.id}/content`, { token: driver })).status).toBe(404);
}

describe("upload validation walks the whole file", () => {
  it("refuses a PNG signature followed by an HTML page", async () => {
    await expectRefused(Buffer.concat([PNG_SIGNATURE, Buffer.alloc(8), HTML]), "image/png", /^The file is not a valid PNG image: /);
  });

  it("refuses a complete PNG with an HTML page after its IEND chunk", async () => {
    await expectRefused(Buffer.concat([png(21), HTML]), "image/png", /data after the end of the image \(IEND\)/);
  });

  it("refuses a truncated PNG", async () => {
    const whole = png(22);
    await expectRefused(whole.subarray(0, whole.length - 20), "image/png", /^The file is not a valid PNG image: /);
  });

  it("refuses a PNG whose IHDR says 0 × 0 pixels, and one whose chunk is damaged", async () => {
    const zero = Buffer.from(png(23));
    zero.writeUInt32BE(0, 16);
    zero.writeUInt32BE(crc32(zero.subarray(12, 29)), 29);
    await expectRefused(zero, "image/png", /PNG image: the image has no width or height$/);
    const damaged = Buffer.from(png(24));
    damaged.writeUInt8(damaged.readUInt8(damaged.length - 20) ^ 0xff, damaged.length - 20);
    await expectRefused(damaged, "image/png", /damaged \(CRC\)/);
  });

  it("refuses a PDF declared as image/png, and says what it looks like", async () => {
    await expectRefused(tinyPdf(), "image/png", /^The file's content is not image\/png \(it looks like application\/pdf\)$/);
  });

  it("refuses a JPEG without its end (no EOI) and a JPEG start followed by HTML", async () => {
    const jpeg = tinyJpeg();
    await expectRefused(jpeg.subarray(0, jpeg.length - 2), "image/jpeg", /^The file is not a valid JPEG image: /);
    await expectRefused(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), HTML]), "image/jpeg", /^The file is not a valid JPEG image: /);
  });

  it("refuses a PDF header with no startxref or %%EOF trailer, and HTML after a PDF's %%EOF", async () => {
    await expectRefused(Buffer.concat([Buffer.from("%PDF-1.7\n"), HTML]), "application/pdf", /startxref and %%EOF/);
    await expectRefused(Buffer.concat([tinyPdf(), Buffer.from("\n"), HTML, Buffer.alloc(1200, 0x20), HTML]), "application/pdf", /startxref and %%EOF/);
  });

  it("refuses a GIF and a WebP whose structure is broken", async () => {
    await expectRefused(tinyGif().subarray(0, 30), "image/gif", /^The file is not a valid GIF image: /);
    await expectRefused(Buffer.concat([tinyWebp(), HTML]), "image/webp", /^The file is not a valid WebP image: /);
  });

  it("accepts real tiny PNG, JPEG, GIF, WebP and PDF files", async () => {
    const pdf = tinyPdf();
    expect(await pdfText(pdf)).toContain("Fleetforms upload check");
    for (const [fileType, bytes] of [["image/png", png(25)], ["image/jpeg", tinyJpeg()], ["image/gif", tinyGif()], ["image/webp", tinyWebp()], ["application/pdf", pdf]] as const) {
      const asset = await uploadAsset(driver, bytes, { fileType, fileName: "real" });
      expect({ fileType, status: asset.validationStatus, message: asset.validationMessage }).toEqual({ fileType, status: "valid", message: "" });
    }
  });

  it("the multipart upload (POST /assets) applies the same check", async () => {
    const upload = async (bytes: Buffer) => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "scan.png");
      return fetch(`${inject("apiUrl")}/assets`, { method: "POST", headers: { authorization: `Bearer ${driver}` }, body: form });
    };
    const refused = await upload(Buffer.concat([PNG_SIGNATURE, HTML]));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^The file is not a valid PNG image: /);
    expect((await upload(png(26))).status).toBe(201);
  });
});
