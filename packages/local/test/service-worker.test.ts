import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../src/server";

/** Issue 20: the installable app's files from the local server, as CloudFront serves them (stacks/Web.ts). */
describe("the local server's service worker and manifest", () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  const webDir = mkdtempSync(path.join(tmpdir(), "fleetforms-sw-"));

  beforeAll(async () => {
    writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>t</title>");
    writeFileSync(path.join(webDir, "sw.js"), "self.addEventListener('install', () => {})");
    writeFileSync(path.join(webDir, "manifest.webmanifest"), JSON.stringify({ name: "Fleetforms" }));
    mkdirSync(path.join(webDir, "assets"));
    writeFileSync(path.join(webDir, "assets", "index-abc.js"), "console.log(1)");
    server = await startServer({ port: 0, webDir });
  });
  afterAll(async () => {
    await server.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it("serves sw.js as JavaScript read again on every visit, unlike the hashed chunks", async () => {
    const worker = await fetch(`${server.url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-type")).toMatch(/javascript/);
    expect(worker.headers.get("cache-control")).toBe("no-cache");
    expect((await fetch(`${server.url}/assets/index-abc.js`)).headers.get("cache-control")).toMatch(/immutable/);
  });

  it("serves the manifest as a manifest, and the CSP lets the site's own worker and manifest load", async () => {
    const manifest = await fetch(`${server.url}/manifest.webmanifest`);
    expect(manifest.headers.get("content-type")).toBe("application/manifest+json");
    expect(manifest.headers.get("cache-control")).toBe("no-cache");
    const csp = manifest.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});
