import { createHash } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { inject } from "vitest";
import { presignGet, presignPut } from "@fleetforms/core/asset/storage";
import { unique } from "../../../tests/http";
import { verifyPresigned } from "../src/sigv4";

/**
 * Security issue item 3: /s3 let anyone list, read and overwrite any
 * company's objects without a signature. Every URL here comes from the
 * product's own presign functions, then is tampered with.
 */

const origin = () => new URL(inject("apiUrl")).origin;
const keyFor = (name: string) => `companies/${unique("s3test")}/assets/${name}`;
const body = (text: string) => new TextEncoder().encode(text);

async function put(url: string, content: Uint8Array, contentType: string, init: RequestInit = {}) {
  return fetch(url, { method: "PUT", body: content, ...init, headers: { "content-type": contentType, ...init.headers } });
}

async function stored(key: string, content: string, contentType = "image/png") {
  const bytes = body(content);
  const response = await put(await presignPut(key, contentType, bytes.length), bytes, contentType);
  expect(response.status).toBe(200);
  return bytes;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the /s3 proxy checks presigned signatures as S3 does", () => {
  it("accepts the product's own presigned PUT and GET", async () => {
    const key = keyFor("1");
    await stored(key, "first version");
    const read = await fetch(await presignGet(key, { contentType: "image/png", fileName: "one.png", download: false }));
    expect(read.status).toBe(200);
    expect(await read.text()).toBe("first version");
  });

  it("hands a large upload to storage whole, byte for byte (the proxy passes the stream in-process)", async () => {
    const key = keyFor("large");
    const bytes = new Uint8Array(6 * 1024 * 1024).map((_, i) => (i * 31) % 251);
    const response = await put(await presignPut(key, "application/pdf", bytes.length), bytes, "application/pdf");
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toBe(`"${createHash("md5").update(bytes).digest("hex")}"`);
    const read = await fetch(await presignGet(key, { contentType: "application/pdf", fileName: "large.pdf", download: true }));
    expect(Buffer.from(await read.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });

  it("refuses a request with no signature at all (anyone could read or overwrite any company's files)", async () => {
    const key = keyFor("2");
    await stored(key, "original");
    const unsigned = new URL(await presignGet(key, { contentType: "image/png", fileName: "a.png", download: false }));
    unsigned.search = "";
    const bare = unsigned.href;
    const read = await fetch(bare);
    expect(read.status).toBe(403);
    expect(await read.json()).toMatchObject({ code: "storage.signature_missing" });
    const overwrite = await put(bare, body("forged"), "image/png");
    expect(overwrite.status).toBe(403);
    const again = await fetch(await presignGet(key, { contentType: "image/png", fileName: "a.png", download: false }));
    expect(await again.text()).toBe("original");
  });

  it("refuses a signature parameter that is present but wrong", async () => {
    const url = new URL(await presignGet(keyFor("3"), { contentType: "image/png", fileName: "a.png", download: false }));
    const signature = url.searchParams.get("X-Amz-Signature")!;
    url.searchParams.set("X-Amz-Signature", `${signature[0] === "a" ? "b" : "a"}${signature.slice(1)}`);
    const response = await fetch(url);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "storage.signature_invalid" });
  });

  it("refuses a URL signed for one key used for another (a forged cached PDF of another company)", async () => {
    const victim = keyFor("4");
    await stored(victim, "the real PDF", "application/pdf");
    const attacker = keyFor("5");
    const signed = new URL(await presignPut(attacker, "application/pdf", 6));
    signed.pathname = signed.pathname.replace(attacker, victim);
    expect(signed.pathname).toContain(victim);
    expect((await put(signed.href, body("forged"), "application/pdf")).status).toBe(403);
    const read = await fetch(await presignGet(victim, { contentType: "application/pdf", fileName: "real.pdf", download: true }));
    expect(await read.text()).toBe("the real PDF");
  });

  it("refuses a URL signed for one method used with another", async () => {
    const key = keyFor("6");
    await stored(key, "kept");
    const getUrl = await presignGet(key, { contentType: "image/png", fileName: "a.png", download: false });
    expect((await put(getUrl, body("other"), "image/png")).status).toBe(403);
    const putUrl = await presignPut(key, "image/png", 4);
    expect((await fetch(putUrl)).status).toBe(403);
  });

  it("refuses a content type other than the signed one", async () => {
    const key = keyFor("7");
    const bytes = body("<script>alert(document.cookie)</script>");
    const url = await presignPut(key, "image/png", bytes.length);
    const response = await put(url, bytes, "text/html");
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "storage.signature_invalid" });
  });

  it("refuses a body whose length differs from the signed one", async () => {
    const url = await presignPut(keyFor("8"), "image/png", 4);
    expect((await put(url, body("longer than four"), "image/png")).status).toBe(403);
  });

  it("refuses an expired URL", async () => {
    const key = keyFor("9");
    await stored(key, "old");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() - 10 * 60 * 1000);
    const stale = await presignGet(key, { contentType: "image/png", fileName: "a.png", download: false });
    vi.useRealTimers();
    const response = await fetch(stale);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "storage.url_expired" });
  });

  it("never lists a bucket or a prefix", async () => {
    const key = keyFor("10");
    await stored(key, "listed?");
    const bucket = new URL(await presignGet(key, { contentType: "image/png", fileName: "a.png", download: false })).pathname.split("/")[2];
    for (const path of [`/s3/${bucket}`, `/s3/${bucket}/`, `/s3/${bucket}?list-type=2`, `/s3/${bucket}/?prefix=companies/`, "/s3/", "/s3/other-bucket/x"]) {
      const response = await fetch(`${origin()}${path}`);
      expect(response.status, path).toBe(403);
      expect(await response.text(), path).not.toContain("ListBucketResult");
    }
  });
});

describe("files served through /s3", () => {
  it("carry nosniff and a sandbox CSP, and HTML is downloaded rather than rendered on the app's origin", async () => {
    const key = keyFor("11");
    await stored(key, "<script>fetch('/api/auth/user')</script>", "text/html");
    const response = await fetch(await presignGet(key, { contentType: "text/html", fileName: "page.html", download: false }));
    expect(response.status).toBe(200);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe("sandbox");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment\b/);
  });

  it("show images and PDFs inline when asked, still sandboxed", async () => {
    const key = keyFor("12");
    await stored(key, "%PDF-1.4", "application/pdf");
    const response = await fetch(await presignGet(key, { contentType: "application/pdf", fileName: "report.pdf", download: false }));
    expect(response.headers.get("content-disposition")).toMatch(/^inline\b/);
    expect(response.headers.get("content-security-policy")).toBe("sandbox");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("allow cross-origin reads only to the app's own origin, never with credentials", async () => {
    const key = keyFor("13");
    await stored(key, "cors");
    const url = await presignGet(key, { contentType: "image/png", fileName: "a.png", download: false });
    const foreign = await fetch(url, { headers: { origin: "https://evil.example" } });
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
    expect(foreign.headers.get("access-control-allow-credentials")).toBeNull();
    const own = await fetch(url, { headers: { origin: origin() } });
    expect(own.headers.get("access-control-allow-origin")).toBe(origin());
    expect(own.headers.get("access-control-allow-credentials")).toBeNull();
    const preflight = await fetch(url, { method: "OPTIONS", headers: { origin: "https://evil.example", "access-control-request-method": "PUT" } });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("the SigV4 check itself", () => {
  it("reproduces AWS's documented presigned-URL example", async () => {
    // https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html (GET /test.txt)
    const rawQuery =
      "X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404";
    const request = {
      method: "GET",
      rawPath: "/test.txt",
      rawQuery,
      headers: { host: "examplebucket.s3.amazonaws.com" },
      secretFor: (id: string) => (id === "AKIAIOSFODNN7EXAMPLE" ? "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" : undefined),
    };
    expect(await verifyPresigned({ ...request, now: new Date("2013-05-24T12:00:00Z") })).toEqual({ ok: true });
    expect(await verifyPresigned({ ...request, now: new Date("2013-05-25T00:00:01Z") })).toMatchObject({ ok: false, code: "storage.url_expired" });
    expect(await verifyPresigned({ ...request, rawPath: "/test2.txt", now: new Date("2013-05-24T12:00:00Z") })).toMatchObject({ ok: false, code: "storage.signature_invalid" });
    expect(await verifyPresigned({ ...request, headers: { host: "otherbucket.s3.amazonaws.com" }, now: new Date("2013-05-24T12:00:00Z") })).toMatchObject({ ok: false });
    expect(await verifyPresigned({ ...request, headers: { ...request.headers, "x-amz-acl": "public-read" }, now: new Date("2013-05-24T12:00:00Z") })).toMatchObject({ ok: false });
  });
});
