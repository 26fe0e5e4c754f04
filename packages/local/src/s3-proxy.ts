import type { IncomingMessage, ServerResponse } from "node:http";
import { userFileHeaders } from "@fleetforms/core/web/security-headers";
import { verifyPresigned } from "./sigv4";

export interface S3ProxyOptions {
  /** s3rver's own endpoint, on loopback (the host it is told the request came to) */
  target: string;
  /**
   * s3rver's request handler, in this process: a checked request is handed to it directly instead of
   * being sent again over a second socket, which cost a large upload ~40% more than a bare PUT.
   */
  handle: (req: IncomingMessage, res: ServerResponse) => void;
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

    void verifyPresigned({ method: req.method!, rawPath, rawQuery, headers: req.headers, secretFor: (id) => options.credentials[id] }).then(
      (verdict) => (verdict.ok ? forward(req, res, rawPath, rawQuery, cors) : fail(res, 403, verdict.code, verdict.message, cors)),
      (error: unknown) => {
        console.error("The /s3 signature check failed", error);
        fail(res, 500, "server.error", "Server error. Please try again later.", cors);
      },
    );
  };

  /** A checked request goes to s3rver. */
  function forward(req: IncomingMessage, res: ServerResponse, rawPath: string, rawQuery: string, cors: Record<string, string>) {
    // Only what a browser legitimately sends to storage reaches s3rver (no cookies, no bearer token), on
    // its own host (s3rver would read another host as a bucket's virtual host).
    for (const name of Object.keys(req.headers)) if (!FORWARDED.includes(name)) delete req.headers[name];
    req.headers.host = new URL(options.target).host;
    req.url = `${rawPath.slice("/s3".length)}${rawQuery ? `?${rawQuery}` : ""}`;
    // s3rver's answer leaves with storage's headers for user files and this origin's CORS, not s3rver's
    const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      for (const name of res.getHeaderNames()) if (name.startsWith("access-control-") || name === "vary") res.removeHeader(name);
      const type = res.getHeader("content-type");
      const disposition = res.getHeader("content-disposition");
      const headers = { ...userFileHeaders(typeof type === "string" ? type : undefined, typeof disposition === "string" ? disposition : undefined), ...cors };
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      return writeHead(status, ...rest);
    }) as ServerResponse["writeHead"];
    options.handle(req, res);
  }
}
