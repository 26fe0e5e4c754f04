import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../src/server";

/** One raw answer, undecoded (fetch would gunzip it and hide what was sent). */
function raw(url: string, options: { method?: string; gzip?: boolean } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const sent = request(url, { method: options.method ?? "GET", headers: options.gzip ? { "accept-encoding": "gzip, deflate, br" } : {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    sent.on("error", reject);
    sent.end();
  });
}

/** The web build as the local server answers it: from memory once read, compressed once, and a rebuild seen at once. */
describe("the local server's web build files", () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  const webDir = mkdtempSync(path.join(tmpdir(), "fleetforms-web-files-"));
  const chunk = path.join(webDir, "assets", "chunk-a1.js");
  const script = `export const greeting = ${JSON.stringify("hola ".repeat(400))};\n`;

  beforeAll(async () => {
    mkdirSync(path.join(webDir, "assets"));
    writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>home</title>");
    writeFileSync(path.join(webDir, "app.html"), "<!doctype html><title>shell</title>");
    writeFileSync(chunk, script);
    writeFileSync(path.join(webDir, "assets", "logo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    server = await startServer({ port: 0, webDir });
  });
  afterAll(async () => {
    await server.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it("answers text gzipped with its compressed length, and the same bytes on every request", async () => {
    for (let i = 0; i < 3; i++) {
      const answer = await raw(`${server.url}/assets/chunk-a1.js`, { gzip: true });
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBe("gzip");
      expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
      expect(answer.body.length).toBeLessThan(Buffer.byteLength(script) / 4);
      expect(gunzipSync(answer.body).toString("utf8")).toBe(script);
    }
  });

  it("answers a client that takes no gzip, an image, and a HEAD with their plain lengths", async () => {
    const plain = await raw(`${server.url}/assets/chunk-a1.js`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toBe(script);
    expect(Number(plain.headers["content-length"])).toBe(Buffer.byteLength(script));
    const image = await raw(`${server.url}/assets/logo.png`, { gzip: true });
    expect(image.headers["content-encoding"]).toBeUndefined();
    expect([...image.body]).toEqual([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const head = await raw(`${server.url}/assets/chunk-a1.js`, { method: "HEAD", gzip: true });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
  });

  it("serves a file rebuilt while it runs, not the copy it kept", async () => {
    expect((await raw(`${server.url}/login`)).body.toString()).toContain("shell");
    writeFileSync(path.join(webDir, "app.html"), "<!doctype html><title>shell, rebuilt</title>");
    // a rebuild that keeps the size still changes the modification time
    const later = new Date(Date.now() + 5_000);
    utimesSync(path.join(webDir, "app.html"), later, later);
    expect((await raw(`${server.url}/login`)).body.toString()).toContain("shell, rebuilt");
    expect(gunzipSync((await raw(`${server.url}/forms/3`, { gzip: true })).body).toString()).toContain("shell, rebuilt");
  });
});
