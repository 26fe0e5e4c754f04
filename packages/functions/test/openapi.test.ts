import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { routes, routeKey } from "@fleetforms/functions/routes";
import { schemasOf } from "../src/lib/handler-schemas";
import { OPENAPI_FILE, buildOpenApi, documented, serialize } from "../../../scripts/openapi";
import { call, tokenFor } from "../../../tests/http";
import { DEMO_API_KEYS } from "../../../packages/local/src/demo-api-keys";
import { COMPANY_ID } from "../../../packages/local/src/demo-data";

/**
 * Issue 41: GET /api/openapi.json is the API as it is. It validates as OpenAPI 3.1, names every route of the
 * table, documents for each exactly what its handler parses, and is the file scripts/openapi.ts writes today.
 */
type Operation = {
  parameters?: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  security: Record<string, string[]>[];
  responses: Record<string, { content?: { "application/json": { examples: Record<string, { $ref: string }> } } }>;
};
type Example = { value: { code: string; message: string } };
type Document = { paths: Record<string, Record<string, Operation>>; components: { examples: Record<string, Example> } };

let served: Document;
const operation = (route: (typeof routes)[number]) => served.paths[route.path]?.[route.method.toLowerCase()];

beforeAll(async () => {
  const response = await call("GET", "/openapi.json");
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
  served = response.body as Document;
});

it("validates as OpenAPI 3.1 with a kept validator", async () => {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(served) as never);
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
  expect(validator.version).toBe("3.1");
});

it("is the file scripts/openapi.ts writes from today's table and handlers (run `npx tsx scripts/openapi.ts` when it is not)", { timeout: 120_000 }, async () => {
  expect(readFileSync(OPENAPI_FILE, "utf8")).toBe(serialize(await buildOpenApi()));
});

it.each(routes.map((route) => [routeKey(route), route] as const))("documents %s as its handler parses it", async (_, route) => {
  const documentedOperation = operation(route);
  expect(documentedOperation, `${routeKey(route)} is missing from /api/openapi.json`).toBeDefined();
  const schemas = await schemasOf(route);
  const body = documentedOperation!.requestBody?.content["application/json"]?.schema;
  expect(body).toEqual(schemas.body && !schemas.multipart ? documented(schemas.body) : undefined);
  const parameters = documentedOperation!.parameters ?? [];
  const query = schemas.query ? documented(schemas.query) : undefined;
  expect(Object.fromEntries(parameters.filter((parameter) => parameter.in === "query").map((parameter) => [parameter.name, parameter.schema]))).toEqual(query?.properties ?? {});
  const params = schemas.params ? documented(schemas.params) : undefined;
  for (const parameter of parameters.filter((item) => item.in === "path")) {
    expect(parameter.schema).toEqual((params?.properties as Record<string, unknown> | undefined)?.[parameter.name] ?? { type: "string" });
  }
  expect(parameters.filter((item) => item.in === "path").map((item) => item.name)).toEqual([...route.path.matchAll(/\{(\w+)\+?\}/g)].map(([, name]) => name));
  expect(documentedOperation!.security).toEqual(route.access === "public" ? [] : [{ accessToken: [] }, ...(route.scope ? [{ apiKey: [route.scope] }] : [])]);
});

it("documents no route the table does not have", () => {
  const documentedKeys = Object.entries(served.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
  expect(documentedKeys.sort()).toEqual(routes.map(routeKey).sort());
});

/** The documented messages are the ones the API answers: each error is provoked and compared with its example. */
describe("error examples, as the API answers them", () => {
  const example = (code: string) => served.components.examples[code]!.value;
  it.each([
    ["auth.missing_token", () => call("GET", "/vehicles")],
    ["auth.invalid_token", () => call("GET", "/vehicles", { token: "not-a-jwt" })],
    ["apikey.invalid", () => call("GET", "/vehicles", { token: `ffk_${"0".repeat(16)}_${"A".repeat(43)}` })],
    ["request.malformed_json", () => call("POST", "/auth/login", { rawBody: "{", contentType: "application/json" })],
    ["auth.invalid_credentials", () => call("POST", "/auth/login", { body: { email: "nobody-openapi@example.com", password: "not the password" } })],
  ])("%s", async (code, provoke) => {
    const response = await provoke();
    expect(response.body).toMatchObject({ code, message: example(code).message });
    const route = routes.find((item) => routeKey(item) === (code.startsWith("request") || code === "auth.invalid_credentials" ? "POST /auth/login" : "GET /vehicles"))!;
    const status = String(response.status);
    expect(Object.keys(operation(route)!.responses[status]!.content!["application/json"].examples)).toContain(code);
  });
});

it("lets each demo company's key (the README's curl) read its own vehicles, and nothing it was not given", async () => {
  for (const [company, key] of Object.entries(DEMO_API_KEYS) as [keyof typeof DEMO_API_KEYS, string][]) {
    const byKey = await call("GET", "/vehicles?limit=100", { token: key });
    expect(byKey.status).toBe(200);
    const byAdmin = await call("GET", "/vehicles?limit=100", { token: await tokenFor(`${company}_admin`, COMPANY_ID[company]) });
    const ids = (response: typeof byKey) => (response.body.data.vehicles as { id: string }[]).map((vehicle) => vehicle.id).sort();
    expect(ids(byKey).length).toBeGreaterThan(0);
    expect(ids(byKey)).toEqual(ids(byAdmin));
    expect((await call("POST", "/vehicles", { token: key, body: {} })).body.code).toBe("apikey.scope");
  }
});
