import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import { findRoute, routes, type RouteDef } from "@fleetforms/functions/routes";
import { serveRouteTable } from "@fleetforms/functions/lib/route";
import { securityHeaderMap, securityHeaders, type WebOrigins } from "@fleetforms/core/web/security-headers";
import { compileRoutes } from "./router";
import { lambdaContext, toEvent } from "./lambda-event";
import { s3Proxy, type S3ProxyOptions } from "./s3-proxy";
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

/** API Gateway HTTP APIs refuse payloads over 10 MB with a 413; no route accepts more. */
export const API_GATEWAY_MAX_BODY = 10 * 1024 * 1024;
/** A route's limit when its entry sets none (the same default the middleware applies). */
export const DEFAULT_MAX_BODY = 1024 * 1024;
/** How long an idle keep-alive connection stays open: the 65 s AWS recommends behind its load balancers. */
export const KEEP_ALIVE_MS = 65_000;
/** After a 413 the rest of the body is read and dropped, so the client sees the answer; past this the connection is cut. */
const DRAIN_LIMIT = 16 * 1024 * 1024;

export interface LocalServerOptions {
  port: number;
  /** default 127.0.0.1: nothing beyond this machine reaches the local stack unless HOST says so */
  host?: string;
  webDir?: string;
  /** `/s3/*`: s3rver behind a presigned-signature check, so presigned URLs share the app's origin */
  s3?: Omit<S3ProxyOptions, "allowedOrigins">;
  /** extra local-only pages (the outbox) mounted before the SPA fallback */
  extra?: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;
  /** what the stack is still doing (seeding the demo data...): /api/health answers 503 until it is empty */
  pending?: () => string[];
  /** third-party origins the web app's build talks to, for its Content-Security-Policy */
  webOrigins?: WebOrigins;
}

/** A route's body limit: its own, else the default, never past API Gateway's. */
const limitOf = (route: RouteDef) => Math.min(route.maxBodyBytes ?? DEFAULT_MAX_BODY, API_GATEWAY_MAX_BODY);

const sizeText = (bytes: number) => (bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${Math.round(bytes / 1024)} KiB`);

export async function startServer(options: LocalServerOptions): Promise<{ server: Server; url: string; close: () => Promise<void> }> {
  const match = compileRoutes(routes);
  // one process serves every route: the handlers find theirs in the table (functions/lib/route.ts)
  serveRouteTable(findRoute);
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
  const webHeaders = securityHeaderMap(securityHeaders(options.webOrigins), { hsts: false });
  const builtFile = builtFiles();
  let origin = "";
  const proxyS3 = options.s3 && s3Proxy({ ...options.s3, allowedOrigins: () => [origin, ...(process.env.FLEETFORMS_WEB_ORIGIN ? [process.env.FLEETFORMS_WEB_ORIGIN] : [])] });

  /** The body limit of the route an /api request goes to; undefined when no route takes it. */
  const apiLimit = (req: IncomingMessage, url: URL) => {
    const found = isApi(url) ? match(req.method ?? "GET", apiPath(url)) : undefined;
    return found && found !== "method-not-allowed" ? limitOf(found.route) : undefined;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = parseUrl(req.url);
    // API Gateway answers a malformed percent-encoding with a 400; decoding it later would be a 500.
    if (!url) return send(res, 400, { code: "request.malformed_path", message: "The address is not valid: it does not parse or has a malformed percent-encoding." });
    try {
      if (isApi(url)) return await api(req, res, url);
      if (url.pathname.startsWith("/s3/") && proxyS3) return proxyS3(req, res);
      if (options.extra && (await options.extra(req, res, url))) return;
      return web(req, res, url);
    } catch (error) {
      console.error("local server:", error);
      if (!res.headersSent) send(res, 500, { code: "server.error", message: "Server error. Please try again later." });
      else res.end();
    }
  };
  const server = createServer((req, res) => void handle(req, res));
  // Clients that pool connections (Playwright's request context among them) ignore the server's
  // "Keep-Alive: timeout" hint and reuse a socket Node's default 5 s has just closed: the request
  // dies with ECONNRESET. An idle socket lives as long as behind a load balancer instead.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  // curl and others ask before sending a large body: a body over the route's limit is refused unsent.
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    const url = parseUrl(req.url);
    const limit = url && apiLimit(req, url);
    if (limit !== undefined && Number(req.headers["content-length"]) > limit) return tooLarge(req, res, limit);
    res.writeContinue();
    void handle(req, res);
  });

  async function api(req: IncomingMessage, res: ServerResponse, url: URL) {
    const rawPath = apiPath(url);
    const found = match(req.method ?? "GET", rawPath);
    if (req.method === "OPTIONS") return void res.writeHead(204, corsHeaders()).end();
    if (!found) return send(res, 404, { code: "route.not_found", message: "Not Found" });
    if (found === "method-not-allowed") return send(res, 405, { code: "route.method_not_allowed", message: "Method Not Allowed" });
    const pending = options.pending?.() ?? [];
    if (found.route.path === "/health" && pending.length) {
      res.setHeader("retry-after", "1");
      return send(res, 503, { status: "starting", code: "stack.starting", message: `The local stack is still starting: waiting for ${pending.join(", ")}.`, pending });
    }
    const limit = limitOf(found.route);
    const body = await readBody(req, limit);
    if (body === "too-large") return tooLarge(req, res, limit);
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
      res.writeHead(503, { ...webHeaders, "content-type": "text/plain; charset=utf-8" });
      return void res.end("The web app is not built yet: run `npm run build:web`.");
    }
    // As CloudFront serves the build (stacks/Web.ts): / and /pricing are the pre-rendered index.html and
    // pricing.html; any other path without a file is the app's shell, app.html (index.html in older builds).
    const relative = path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, "");
    const isFileAt = (candidate: string) => candidate.startsWith(webDir) && existsSync(candidate) && statSync(candidate).isFile();
    const asPage = relative.endsWith("/") ? `${relative}index.html` : path.extname(relative) ? relative : `${relative}.html`;
    const file = [path.join(webDir, relative), path.join(webDir, asPage)].find(isFileAt);
    const isFile = file !== undefined;
    const shell = path.join(webDir, "app.html");
    const target = file ?? (existsSync(shell) ? shell : index);
    const ext = path.extname(target);
    // CloudFront compresses text in AWS; the local server does the same so it measures like production.
    const gzip = COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    const built = builtFile(target);
    const body = gzip ? built.gzipped() : built.body;
    res.writeHead(isFile || !path.extname(relative) ? 200 : 404, {
      ...webHeaders,
      "content-type": MIME[ext] ?? "application/octet-stream",
      "cache-control": target.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache",
      vary: "accept-encoding",
      ...(gzip ? { "content-encoding": "gzip" } : {}),
      "content-length": String(body.length),
    });
    res.end(req.method === "HEAD" ? undefined : body);
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  origin = `http://localhost:${port}`;
  return {
    server,
    url: `http://localhost:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

const isApi = (url: URL) => url.pathname === "/api" || url.pathname.startsWith("/api/");
const apiPath = (url: URL) => url.pathname.slice(4) || "/";

/** The request's URL, or undefined when it does not parse or its path has a percent-encoding that does not decode. */
function parseUrl(raw: string | undefined): URL | undefined {
  try {
    const url = new URL(raw ?? "/", "http://localhost");
    decodeURIComponent(url.pathname);
    return url;
  } catch (error) {
    if (error instanceof URIError || error instanceof TypeError) return undefined;
    throw error;
  }
}

/**
 * Reads a body of at most `limit` bytes: a Content-Length over it is refused
 * before anything is read, a stream that passes it as soon as it does.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | "too-large"> {
  if (Number(req.headers["content-length"]) > limit) return Promise.resolve("too-large");
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off("data", onData);
      chunks.length = 0;
      resolve("too-large");
    };
    req.on("data", onData);
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/**
 * The web build's files, read and compressed once per version (size and modification time) and then answered
 * from memory, as CloudFront answers from its cache. A page of the app loads ~50 chunks: each read from disk
 * and gzipped afresh was three file operations and a new zlib stream per chunk, which made every page load of
 * the end-to-end journeys wait on the one local server. A rebuild (`npm run build:web`) is picked up on the next request.
 */
function builtFiles() {
  const files = new Map<string, { version: string; body: Buffer; gzipped: () => Buffer }>();
  return (file: string) => {
    const stat = statSync(file);
    const version = `${stat.size}:${stat.mtimeMs}`;
    let entry = files.get(file);
    if (entry?.version !== version) {
      const body = readFileSync(file);
      let gzipped: Buffer | undefined;
      entry = { version, body, gzipped: () => (gzipped ??= gzipSync(body)) };
      files.set(file, entry);
    }
    return entry;
  };
}

/** 413 as API Gateway answers it, then the rest of the body is dropped unread so the client gets to see the answer. */
function tooLarge(req: IncomingMessage, res: ServerResponse, limit: number) {
  send(res, 413, { code: "request.too_large", message: `The request is too large: this endpoint accepts at most ${sizeText(limit)}.` });
  let drained = 0;
  req.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT) req.destroy();
  });
  req.resume();
}

// the API's CORS in AWS (stacks/Api.ts), Idempotency-Key included
const corsHeaders = () => ({
  "access-control-allow-origin": "*",
  "access-control-allow-headers": "authorization,content-type,idempotency-key",
  "access-control-allow-methods": "GET,POST,PUT,PATCH,DELETE",
});

export function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}
