import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { routes, routeKey, type RouteDef } from "../packages/functions/src/routes";
import { inputJsonSchema, schemasOf } from "../packages/functions/src/lib/handler-schemas";
import type { Schemas } from "../packages/functions/src/lib/http";
import { SERVER_ERROR_MESSAGE } from "../packages/functions/src/lib/errors";
import { COMPANY_REQUIRED_MESSAGE } from "../packages/core/src/auth/access";
import { LOGIN_FAILED_MESSAGE } from "../packages/core/src/auth/login";
import { KEY_ACCESS_MESSAGES } from "../packages/core/src/apikey/access";
import { API_KEY_PREFIX } from "../packages/core/src/apikey/scopes";
import { SUSPENDED_MESSAGE, TENANT_MESSAGES } from "../packages/core/src/tenant/index";
import { ForbiddenError, STALE_RECORD_MESSAGE, UnauthorizedError } from "../packages/core/src/util/errors";

/*
 * The OpenAPI 3.1 document of the API (issue 41), written from what the API is: the route table and the zod
 * schemas each handler parses (zod 4's JSON Schema output). `npx tsx scripts/openapi.ts` writes it to
 * packages/functions/src/openapi/openapi.json, which GET /api/openapi.json serves as it is (building it needs
 * every handler, which no function should carry); packages/functions/test/openapi.test.ts fails when that
 * file is stale, when a route is missing, or when a documented schema is not what its handler parses.
 */

export const OPENAPI_FILE = fileURLToPath(new URL("../packages/functions/src/openapi/openapi.json", import.meta.url));

type Json = Record<string, unknown>;
interface Failure {
  status: number;
  code: string;
  message: string;
}

/** SPEC §8's messages and the access check's codes: what a caller can get from a route whatever it does. */
const FAILURES = {
  invalid: { status: 400, code: "request.invalid", message: "The first problem found, e.g. \"Invalid input\"; `fieldErrors` lists every field's problems." },
  malformed: { status: 400, code: "request.malformed_json", message: "The request body must be valid JSON sent as application/json." },
  missingToken: { status: 401, code: "auth.missing_token", message: "No access token available." },
  expired: { status: 401, code: "auth.invalid_token", message: new UnauthorizedError().message },
  loginFailed: { status: 401, code: "auth.invalid_credentials", message: LOGIN_FAILED_MESSAGE },
  keyInvalid: { status: 401, code: "apikey.invalid", message: KEY_ACCESS_MESSAGES.invalid },
  keyRevoked: { status: 401, code: "apikey.revoked", message: KEY_ACCESS_MESSAGES.revoked },
  keyExpired: { status: 401, code: "apikey.expired", message: KEY_ACCESS_MESSAGES.expired },
  forbidden: { status: 403, code: "auth.forbidden", message: new ForbiddenError().message },
  company: { status: 403, code: "auth.company_required", message: COMPANY_REQUIRED_MESSAGE },
  suspended: { status: 403, code: "tenant.suspended", message: SUSPENDED_MESSAGE },
  keyScope: { status: 403, code: "apikey.scope", message: KEY_ACCESS_MESSAGES.scope },
  stale: { status: 409, code: "record.stale", message: STALE_RECORD_MESSAGE },
  tooLarge: { status: 413, code: "request.too_large", message: "The request is too large." },
  tenantLimit: { status: 429, code: "tenant.requests_limit", message: TENANT_MESSAGES.requests(600) },
  keyLimit: { status: 429, code: "apikey.rate_limited", message: KEY_ACCESS_MESSAGES.rateLimited(120) },
  server: { status: 500, code: "server.error", message: SERVER_ERROR_MESSAGE },
} satisfies Record<string, Failure>;

const STATUS_TEXT: Record<number, string> = {
  400: "The request is not valid.",
  401: "No valid access token or API key.",
  403: "The caller may not call this route.",
  409: "The item changed since it was read.",
  413: "The request body is too large.",
  429: "Too many requests; the `retry-after` header says how many seconds to wait.",
  500: "Server error; the answer carries a `requestId`.",
};

/** What a route may answer besides its own domain errors, by its access rule and what it parses. */
function failuresOf(route: RouteDef, schemas: Schemas, body: Json | undefined): Failure[] {
  const failures: Failure[] = [];
  const parses = schemas.body || schemas.query || schemas.params;
  if (parses) failures.push(FAILURES.invalid);
  if (route.method !== "GET" && !schemas.multipart) failures.push(FAILURES.malformed);
  if (route.access !== "public") failures.push(FAILURES.missingToken, FAILURES.expired);
  if (routeKey(route) === "POST /auth/login") failures.push(FAILURES.loginFailed);
  if (route.scope) failures.push(FAILURES.keyInvalid, FAILURES.keyRevoked, FAILURES.keyExpired);
  if (route.access !== "public" && route.access !== "token") failures.push(FAILURES.forbidden, FAILURES.company);
  if (route.access !== "public" && route.whileSuspended !== "allowed") failures.push(FAILURES.suspended);
  failures.push(FAILURES.keyScope);
  if (body && typeof body.properties === "object" && body.properties && "version" in body.properties) failures.push(FAILURES.stale);
  if (route.method !== "GET") failures.push(FAILURES.tooLarge);
  if (route.access !== "public" && route.access !== "token") failures.push(FAILURES.tenantLimit);
  if (route.scope) failures.push(FAILURES.keyLimit);
  failures.push(FAILURES.server);
  return failures;
}

function responsesOf(failures: Failure[]): Json {
  const responses: Json = { "2XX": { description: "Success." } };
  for (const status of [...new Set(failures.map((failure) => failure.status))]) {
    const examples = Object.fromEntries(failures.filter((failure) => failure.status === status).map((failure) => [failure.code, { $ref: `#/components/examples/${failure.code}` }]));
    responses[String(status)] = {
      description: STATUS_TEXT[status],
      ...(status === 429 ? { headers: { "retry-after": { description: "Seconds to wait before trying again.", schema: { type: "integer" } } } } : {}),
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" }, examples } },
    };
  }
  return responses;
}

/** A zod schema's JSON Schema as it sits inside the document: the dialect is the document's own. */
export function documented(schema: Parameters<typeof inputJsonSchema>[0]): Json {
  const { $schema: _dialect, ...rest } = inputJsonSchema(schema);
  return rest;
}

/** The handler's own comment (`/** … *\/` above `export const handler`), which says what the route does. */
function commentOf(route: RouteDef): string | undefined {
  const source = readFileSync(fileURLToPath(new URL(`../packages/functions/src/${route.handler}.ts`, import.meta.url)), "utf8");
  const comment = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*export const handler/.exec(source)?.[1];
  return comment
    ?.split("\n")
    .map((line) => line.replace(/^\s*\*\s?/, "").trim())
    .join(" ")
    .trim();
}

const who = (route: RouteDef) =>
  route.access === "public" ? "anyone" : route.access === "token" ? "a signed-in person" : route.access === "company" ? "a signed-in person with a company selected" : `a signed-in person with the role ${route.access.join(" or ")}`;

const operationId = (route: RouteDef) => `${route.method.toLowerCase()}_${route.path.replace(/[{}+]/g, "").split(/[/-]/).filter(Boolean).join("_")}`;
const tagOf = (route: RouteDef) => route.path.split("/").filter((segment) => segment && segment !== "v2")[0] ?? "api";

function parametersOf(route: RouteDef, schemas: Schemas): Json[] {
  const params = schemas.params ? documented(schemas.params) : undefined;
  const fromPath = [...route.path.matchAll(/\{(\w+)\+?\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: (params?.properties as Record<string, Json> | undefined)?.[name!] ?? { type: "string" },
  }));
  const query = schemas.query ? documented(schemas.query) : undefined;
  const required = new Set((query?.required as string[] | undefined) ?? []);
  const fromQuery = Object.entries((query?.properties as Record<string, Json> | undefined) ?? {}).map(([name, schema]) => ({ name, in: "query", required: required.has(name), schema }));
  return [...fromPath, ...fromQuery];
}

async function operationOf(route: RouteDef): Promise<Json> {
  const schemas = await schemasOf(route);
  const body = schemas.body ? documented(schemas.body) : undefined;
  const comment = commentOf(route);
  const access = [`Who may call: ${who(route)}.`, route.scope ? `A company API key needs the scope \`${route.scope}\`.` : "A company API key may not call it."];
  const parameters = parametersOf(route, schemas);
  return {
    operationId: operationId(route),
    tags: [tagOf(route)],
    summary: comment?.split(/(?<=\.)\s/)[0] ?? routeKey(route),
    description: [comment, ...access].filter(Boolean).join("\n\n"),
    ...(parameters.length ? { parameters } : {}),
    ...(schemas.multipart
      ? { requestBody: { required: true, content: { "multipart/form-data": { schema: { type: "object" } } } } }
      : schemas.body && body
        ? { requestBody: { required: !schemas.body.safeParse({}).success, content: { "application/json": { schema: body } } } }
        : {}),
    security: route.access === "public" ? [] : [{ accessToken: [] }, ...(route.scope ? [{ apiKey: [route.scope] }] : [])],
    "x-fleetforms-access": route.access,
    ...(route.scope ? { "x-fleetforms-scope": route.scope } : {}),
    responses: responsesOf(failuresOf(route, schemas, body)),
  };
}

/** The whole document, one operation per route of the table. */
export async function buildOpenApi(): Promise<Json> {
  const paths: Record<string, Json> = {};
  const ids = new Set<string>();
  for (const route of routes) {
    const operation = await operationOf(route);
    if (ids.has(operation.operationId as string)) throw new Error(`Two routes make the operationId ${String(operation.operationId)}`);
    ids.add(operation.operationId as string);
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Fleetforms API",
      version: "1.0.0",
      description: [
        "The API behind Fleetforms, generated from its route table and the schemas its handlers parse.",
        "Signed-in people send `Authorization: Bearer <access token>`; a company's other systems send one of its API keys the same way (`Authorization: Bearer ffk_…`), made by its administrators on /admin/integrations. A key acts for its company only, on the routes of its scopes only.",
        "Every error answers `{ code, message }`: 400s add `fieldErrors`, 429s a `retry-after` header, 500s a `requestId`.",
      ].join("\n\n"),
    },
    servers: [{ url: "/api", description: "This site's API" }],
    tags: [...new Set(routes.map(tagOf))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        accessToken: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "A person's access token, from POST /auth/login." },
        apiKey: { type: "http", scheme: "bearer", bearerFormat: `${API_KEY_PREFIX}<16 hex digits>_<43 characters>`, description: "A company API key. The operations it may call list the scope it needs." },
      },
      examples: Object.fromEntries(Object.values(FAILURES).map((failure) => [failure.code, { summary: failure.message, value: { code: failure.code, message: failure.message } }])),
      schemas: {
        Error: {
          type: "object",
          required: ["code", "message"],
          properties: {
            code: { type: "string", description: "A dotted code, e.g. `auth.invalid_token`." },
            message: { type: "string", description: "English, for people." },
            fieldErrors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } }, description: "400: each field's problems, by its dotted path." },
            retryAfterSeconds: { type: "integer", description: "429: as the `retry-after` header." },
            requestId: { type: "string", description: "500: quote it when reporting the problem." },
          },
        },
      },
    },
  };
}

export const serialize = (document: Json) => `${JSON.stringify(document, null, 1)}\n`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const document = await buildOpenApi();
  writeFileSync(OPENAPI_FILE, serialize(document));
  console.log(`Wrote ${path.relative(process.cwd(), OPENAPI_FILE)} (${Object.keys(document.paths as Json).length} paths, ${routes.length} routes).`);
}
