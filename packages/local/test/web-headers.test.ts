import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { FIRST_PAINT_SCRIPT } from "@fleetforms/core/web/first-paint-script";
import { contentSecurityPolicy, FIRST_PAINT_SCRIPT_HASH, securityHeaderMap, securityHeaders, userFileHeaders } from "@fleetforms/core/web/security-headers";
import { startServer } from "../src/server";

/** Security issue item 6: the web app was sent without CSP, frame-ancestors, Referrer-Policy or Permissions-Policy. */
describe("the local server's web app responses", () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  const webDir = mkdtempSync(path.join(tmpdir(), "fleetforms-web-"));
  const origins = { contactForm: "https://forms.example.com/f/123", metabase: "https://metabase.example.com" };

  beforeAll(async () => {
    writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>t</title>");
    writeFileSync(path.join(webDir, "app.js"), "console.log(1)");
    server = await startServer({ port: 0, webDir, webOrigins: origins });
  });
  afterAll(async () => {
    await server.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it("carry the shared security headers (the ones CloudFront sends), without HSTS on http://localhost", async () => {
    const expected = securityHeaderMap(securityHeaders(origins), { hsts: false });
    for (const page of ["/", "/forms/3", "/app.js"]) {
      const response = await fetch(`${server.url}${page}`);
      expect(response.status, page).toBe(200);
      for (const [name, value] of Object.entries(expected)) expect(response.headers.get(name), `${page} ${name}`).toBe(value);
      expect(response.headers.get("strict-transport-security"), page).toBeNull();
    }
  });

  it("allow only the first-paint script inline, by its hash", () => {
    const hash = createHash("sha256").update(FIRST_PAINT_SCRIPT).digest("base64");
    expect(FIRST_PAINT_SCRIPT_HASH).toBe(`'sha256-${hash}'`);
  });

  it("forbid any other inline script, framing by other sites, plugins and foreign form targets", async () => {
    const csp = (await fetch(server.url)).headers.get("content-security-policy") ?? "";
    const directive = (name: string) => csp.split("; ").find((part) => part.startsWith(`${name} `));
    expect(directive("script-src")).toBe(`script-src 'self' ${FIRST_PAINT_SCRIPT_HASH}`);
    expect(directive("frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive("object-src")).toBe("object-src 'none'");
    expect(directive("base-uri")).toBe("base-uri 'self'");
    expect(directive("form-action")).toBe("form-action 'self'");
    expect(directive("frame-src")).toBe("frame-src 'self' blob: https://forms.example.com https://metabase.example.com");
    expect(directive("connect-src")).toBe("connect-src 'self' https://metabase.example.com");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
  });
});

describe("the local server's pages, as CloudFront serves the build", () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  const webDir = mkdtempSync(path.join(tmpdir(), "fleetforms-pages-"));

  beforeAll(async () => {
    for (const [file, text] of Object.entries({ "index.html": "home", "app.html": "shell", "pricing.html": "pricing", "docs/contact.html": "contact" })) {
      mkdirSync(path.dirname(path.join(webDir, file)), { recursive: true });
      writeFileSync(path.join(webDir, file), text);
    }
    server = await startServer({ port: 0, webDir });
  });
  afterAll(async () => {
    await server.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it("answer a pre-rendered page at its path, and the app's shell at any other", async () => {
    const body = async (page: string) => {
      const response = await fetch(`${server.url}${page}`);
      expect(response.status, page).toBe(200);
      return response.text();
    };
    expect(await body("/")).toBe("home");
    expect(await body("/pricing")).toBe("pricing");
    expect(await body("/docs/contact")).toBe("contact");
    for (const page of ["/login", "/home", "/forms/3", "/pricing/more", "/docs"]) expect(await body(page), page).toBe("shell");
  });
});

describe("the shared definition", () => {
  it("names the API, the bucket and the reporting tool where they are other origins", () => {
    const csp = contentSecurityPolicy({ api: "https://abc.execute-api.us-east-1.amazonaws.com", uploads: ["https://uploads.s3.us-east-1.amazonaws.com"], metabase: "none" });
    expect(csp).toContain("connect-src 'self' https://abc.execute-api.us-east-1.amazonaws.com https://uploads.s3.us-east-1.amazonaws.com;");
    expect(csp).toContain("img-src 'self' data: blob: https://abc.execute-api.us-east-1.amazonaws.com https://uploads.s3.us-east-1.amazonaws.com;");
  });

  it("deny the powerful features the app does not use", () => {
    const policy = securityHeaders().permissionsPolicy;
    for (const feature of ["geolocation", "microphone", "camera", "payment", "usb"]) expect(policy).toContain(`${feature}=()`);
  });

  it("serve user files sandboxed, unsniffed, and downloaded unless an image or PDF is shown inline", () => {
    expect(userFileHeaders("text/html", 'inline; filename="x.html"')).toEqual({ "x-content-type-options": "nosniff", "content-security-policy": "sandbox", "content-disposition": 'attachment; filename="x.html"' });
    expect(userFileHeaders("image/svg+xml", undefined)["content-disposition"]).toBe("attachment");
    expect(userFileHeaders("image/png", 'inline; filename="a.png"')["content-disposition"]).toBe('inline; filename="a.png"');
    expect(userFileHeaders("application/pdf; charset=binary", "attachment")["content-disposition"]).toBe("attachment");
    expect(userFileHeaders("image/jpeg", undefined)).not.toHaveProperty("content-disposition");
  });
});
