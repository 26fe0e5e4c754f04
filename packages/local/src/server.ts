import { createServer, request as proxyRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createReadStream, existsSync, statSync } from "node:fs";
import path from "node:path";
import { createGzip } from "node:zlib";
import { pathToFileURL } from "node:url";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import { routes, type RouteDef } from "@fleetforms/functions/routes";
import { compileRoutes } from "./router";
import { lambdaContext, toEvent } from "./lambda-event";
import { FUNCTIONS_SRC, WEB_DIST } from "./settings";

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

const MIME: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

const COMPRESSIBLE = new Set([".html", ".js", ".css", ".json", ".svg", ".txt", ".webmanifest"]);

/** Largest body the local server reads: API Gateway's own payload limit. */
const MAX_BODY = 10 * 1024 * 1024;

export interface LocalServerOptions {
  port: number;
  host?: string;
  webDir?: string;
  /** where `/s3/*` is proxied: s3rver, so presigned URLs share the app's origin */
  s3Endpoint?: string;
  /** extra local-only pages (the outbox) mounted before the SPA fallback */
  extra?: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;
}

export async function startServer(options: LocalServerOptions): Promise<{ server: Server; url: string; close: () => Promise<void> }> {
  const match = compileRoutes(routes);
  const modules = new Map<string, Promise<Handler>>();
  const load = (route: RouteDef) => {
    let loaded = modules.get(route.handler);
    if (!loaded) {
      loaded = import(pathToFileURL(path.join(FUNCTIONS_SRC, `${route.handler}.ts`)).href).then((mod: { handler: Handler }) => mod.handler);
      modules.set(route.handler, loaded);
    }
    return loaded;
  };
  const webDir = options.webDir ?? WEB_DIST;

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    try {
      if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return await api(req, res, url);
      if (url.pathname.startsWith("/s3/") && options.s3Endpoint) return proxy(req, res, options.s3Endpoint, url.pathname.slice(3) + url.search);
      if (options.extra && (await options.extra(req, res, url))) return;
      return web(req, res, url);
    } catch (error) {
      console.error("local server:", error);
      if (!res.headersSent) send(res, 500, { code: "server.error", message: "Server error. Please try again later." });
      else res.end();
    }
  });

  async function api(req: IncomingMessage, res: ServerResponse, url: URL) {
    const rawPath = url.pathname.slice(4) || "/";
    const found = match(req.method ?? "GET", rawPath);
    if (req.method === "OPTIONS") return void res.writeHead(204, corsHeaders()).end();
    if (!found) return send(res, 404, { code: "route.not_found", message: "Not Found" });
    if (found === "method-not-allowed") return send(res, 405, { code: "route.method_not_allowed", message: "Method Not Allowed" });
    const body = await readBody(req);
    if (body === "too-large") return send(res, 413, { code: "request.too_large", message: "The request is too large." });
    const event = toEvent(req, body, { routeKey: found.routeKey, pathParameters: found.pathParameters, rawPath, rawQueryString: url.search.slice(1) });
    const handler = await load(found.route);
    const result = await handler(event, lambdaContext(found.route.handler.replace(/\W/g, "-"), found.route.timeoutSeconds));
    const headers: Record<string, string | string[]> = {};
    // API Gateway drops headers without a value (the security middleware unsets "Server" that way).
    for (const [name, value] of Object.entries(result.headers ?? {})) if (value !== undefined && value !== null) headers[name] = String(value);
    if (result.cookies?.length) headers["set-cookie"] = result.cookies;
    res.writeHead(result.statusCode ?? 200, headers);
    res.end(result.body ? Buffer.from(result.body, result.isBase64Encoded ? "base64" : "utf8") : undefined);
  }

  function web(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (req.method !== "GET" && req.method !== "HEAD") return send(res, 405, { code: "route.method_not_allowed", message: "Method Not Allowed" });
    const index = path.join(webDir, "index.html");
    if (!existsSync(index)) {
      res.writeHead(503, { "content-type": "text/plain; charset=utf-8" });
      return void res.end("The web app is not built yet: run `npm run build:web`.");
    }
    const relative = path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, "");
    const file = path.join(webDir, relative);
    const isFile = file.startsWith(webDir) && existsSync(file) && statSync(file).isFile();
    const target = isFile ? file : index;
    const ext = path.extname(target);
    // CloudFront compresses text in AWS; the local server does the same so it measures like production.
    const gzip = COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    res.writeHead(isFile || !path.extname(relative) ? 200 : 404, {
      "content-type": MIME[ext] ?? "application/octet-stream",
      "cache-control": target.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache",
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      vary: "accept-encoding",
      ...(gzip ? { "content-encoding": "gzip" } : {}),
    });
    if (req.method === "HEAD") return void res.end();
    const stream = createReadStream(target);
    if (gzip) stream.pipe(createGzip()).pipe(res);
    else stream.pipe(res);
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "0.0.0.0", () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  return {
    server,
    url: `http://localhost:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

function proxy(req: IncomingMessage, res: ServerResponse, target: string, pathAndQuery: string) {
  const upstream = new URL(pathAndQuery, target);
  // A presigned URL is the whole credential: the app's own bearer token and cookies are not storage's business.
  const { authorization: _authorization, cookie: _cookie, ...headers } = req.headers;
  const outgoing = proxyRequest(upstream, { method: req.method, headers: { ...headers, host: upstream.host } }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  outgoing.on("error", () => send(res, 502, { code: "storage.unreachable", message: "Storage is not reachable." }));
  req.pipe(outgoing);
}

function readBody(req: IncomingMessage): Promise<Buffer | "too-large"> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        resolve("too-large");
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

const corsHeaders = () => ({ "access-control-allow-origin": "*", "access-control-allow-headers": "authorization,content-type", "access-control-allow-methods": "GET,POST,PUT,PATCH,DELETE" });

export function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}
