import { describe, expect, inject, it } from "vitest";
import { call, tokenFor } from "../../../tests/http";

/**
 * Found by the route fuzzer: a multipart upload cut off inside its file part made busboy emit an error
 * nobody listened to, which ended the process (the local server; a Lambda runtime in AWS).
 */
describe("POST /assets with a body cut off inside its file part", () => {
  it("answers 400 and the server keeps answering", async () => {
    const driver = await tokenFor("acme_driver");
    const boundary = "----fleetformsTruncated";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.png"\r\nContent-Type: image/png\r\n\r\n`;
    const body = Buffer.concat([Buffer.from(head), Buffer.alloc(2048, 7)]); // no closing boundary
    const response = await fetch(`${inject("apiUrl")}/assets`, {
      method: "POST",
      headers: { authorization: `Bearer ${driver}`, "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "request.malformed_multipart" });
    expect((await call("GET", "/health")).status).toBe(200);
  });

  const B = "----fleetformsMalformed";
  const part = `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  const malformed: Record<string, string> = {
    "a closing boundary stuck to the file bytes (it ended the process)": `${part}PNGDATA--${B}--`,
    "part headers cut short (never answered)": `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Ty\r\n--${B}--`,
    "part headers never ended (never answered)": `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n--${B}--`,
    "a delimiter line with junk after it (never answered)": `${part}PNGDATA\r\n--${B}x\r\n--${B}--`,
  };
  for (const [name, body] of Object.entries(malformed)) {
    it(`answers 400 to ${name}, and the server keeps answering`, async () => {
      const driver = await tokenFor("acme_driver");
      const response = await fetch(`${inject("apiUrl")}/assets`, {
        method: "POST",
        headers: { authorization: `Bearer ${driver}`, "content-type": `multipart/form-data; boundary=${B}` },
        body,
        signal: AbortSignal.timeout(15_000),
      });
      expect(response.status).toBe(400);
      expect((await call("GET", "/health")).status).toBe(200);
    });
  }
});
