import { request as proxyRequest, type IncomingMessage, type ServerResponse } from "node:http";
import { userFileHeaders } from "@fleetforms/core/web/security-headers";
import { verifyPresigned } from "./sigv4";

export interface S3ProxyOptions {
  /** s3rver's own endpoint, on loopback */
  target: string;
  bucket: string;
  /** the credentials the product signs presigned URLs with (core's storage client) */
  credentials: Record<string, string>;
  /** origins that may call /s3 from a page (the app's own; the Vite dev server when FLEETFORMS_WEB_ORIGIN names it) */
  allowedOrigins: () => string[];
}

const METHODS = new Set(["GET", "HEAD", "PUT"]);
/** What a browser legitimately sends to storage; everything else (cookies, the app's bearer token) stays here. */
const FORWARDED = ["content-type", "content-length", "content-md5", "range", "if-match", "if-none-match", "if-modified-since", "if-unmodified-since"];

function fail(res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff", ...headers });
  res.end(JSON.stringify({ code, message }));
}

/**
 * `/s3/<bucket>/<key>`: the local stand-in for S3 on the app's own origin.
 * Like S3, it answers only requests that carry a valid presigned signature
 * for that key, method and signed headers, within the URL's expiry; it never
 * lists; user files come back with nosniff, a sandbox CSP and, unless they
 * are images or PDFs shown inline, as attachments. s3rver itself checks no
 * signature (and stays on loopback), so this is where the check happens.
 */
export function s3Proxy(options: S3ProxyOptions) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const [rawPath = "/", rawQuery = ""] = (req.url ?? "/").split(/\?(.*)/s);
    const origin = req.headers.origin;
    const cors: Record<string, string> =
      origin && options.allowedOrigins().includes(origin) ? { "access-control-allow-origin": origin, "access-control-expose-headers": "etag", vary: "origin" } : { vary: "origin" };

    if (req.method === "OPTIONS") {
      const asked = String(req.headers["access-control-request-method"] ?? "").toUpperCase();
      if (!cors["access-control-allow-origin"] || !METHODS.has(asked)) return fail(res, 403, "storage.cors_refused", "This origin may not use storage.", { vary: "origin" });
      res.writeHead(204, { ...cors, "access-control-allow-methods": "GET, HEAD, PUT", "access-control-allow-headers": "content-type", "access-control-max-age": "300" });
      return void res.end();
    }
    if (!METHODS.has(req.method ?? "")) return fail(res, 405, "route.method_not_allowed", "Method Not Allowed", { allow: "GET, HEAD, PUT", ...cors });

    // /s3/<bucket>/<key>: a request without a key is a listing, which storage never answers.
    const [, , bucket, ...key] = rawPath.split("/");
    if (bucket !== options.bucket || !key.join("/")) return fail(res, 403, "storage.listing_refused", "Storage answers only for one object through a presigned URL.", cors);

    const verdict = verifyPresigned({ method: req.method!, rawPath, rawQuery, headers: req.headers, secretFor: (id) => options.credentials[id] });
    if (!verdict.ok) return fail(res, 403, verdict.code, verdict.message, cors);

    const upstream = new URL(`${rawPath.slice("/s3".length)}${rawQuery ? `?${rawQuery}` : ""}`, options.target);
    const headers: Record<string, string | string[]> = { host: upstream.host };
    for (const name of FORWARDED) if (req.headers[name] !== undefined) headers[name] = req.headers[name]!;
    const outgoing = proxyRequest(upstream, { method: req.method, headers }, (answer) => {
      const out: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && !name.startsWith("access-control-") && name !== "vary") out[name] = value;
      }
      const type = typeof answer.headers["content-type"] === "string" ? answer.headers["content-type"] : undefined;
      const disposition = typeof answer.headers["content-disposition"] === "string" ? answer.headers["content-disposition"] : undefined;
      res.writeHead(answer.statusCode ?? 502, { ...out, ...userFileHeaders(type, disposition), ...cors });
      answer.pipe(res);
    });
    outgoing.on("error", () => {
      if (!res.headersSent) fail(res, 502, "storage.unreachable", "Storage is not reachable.");
      else res.destroy();
    });
    req.pipe(outgoing);
  };
}
