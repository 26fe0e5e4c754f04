import { createHash, randomUUID } from "node:crypto";
import { Agent, request as httpRequest } from "node:http";
import fc from "fast-check";
import * as z from "@fleetforms/core/util/zod";
import { routes, routeKey, type RouteDef } from "../packages/functions/src/routes";
import type { Schemas } from "../packages/functions/src/lib/http";
import { inputJsonSchema, schemasOf } from "../packages/functions/src/lib/handler-schemas";
import { pngImage } from "../packages/local/src/demo-forms";

/**
 * The route fuzzer shared by packages/functions/test/fuzz-routes.test.ts
 * (a fixed seed, 200 bodies a route, in `npm test`) and bench/fuzz.ts
 * (`npm run bench -- fuzz`, a random seed and more bodies). It builds bodies
 * from each write route's zod schemas (read off the handler `http()` returns),
 * mutates them, sends them over HTTP as a signed-in caller with a role the
 * route admits, and checks two things: never a 5xx, and a 4xx changes none of
 * the items of the company the caller works in.
 *
 * It needs the local stack's environment in `process.env` (DynamoDB Local,
 * the JWT secret): core is imported only once that is so.
 */

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  maxItems?: number;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
};

/** Every route that writes: POST, PUT, PATCH and DELETE, read from the route table so new routes are fuzzed too. */
export const writeRoutes = () => routes.filter((route) => route.method !== "GET");

const toJson = (schema: z.ZodMiniType): JsonSchema => inputJsonSchema(schema) as JsonSchema;

// ---------------------------------------------------------------- values

const BIDI_AND_CONTROL = ["\u0000", "\u0001", "\u0007", "\b", "\t", "\n", "\r", "\u001b", "\u007f", "\u0085", "\u00a0", "\u200b", "\u200e", "\u200f", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u2028", "\u2029", "\ufeff", "\ufffe", "\ud800", "\udfff"];
const nastyChar = fc.oneof(fc.constantFrom(...BIDI_AND_CONTROL), fc.string({ unit: "binary", minLength: 1, maxLength: 1 }));
const nastyText = fc.oneof(
  fc.string({ unit: nastyChar, maxLength: 24 }),
  fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...BIDI_AND_CONTROL), fc.string({ maxLength: 8 })).map(([a, b, c]) => `${a}${b}${c}`),
  fc.string({ unit: "binary", maxLength: 32 }),
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1e3",
    "NaN",
    "null",
    "true",
    "__proto__",
    "constructor",
    "prototype",
    "toString",
    "hasOwnProperty",
    "../../../../etc/passwd",
    "..\\..\\windows\\win.ini",
    "<script>alert(1)</script>",
    "{{constructor.constructor('return process')()}}",
    "{{{raw}}}",
    "' OR '1'='1' --",
    "${jndi:ldap://example.invalid/a}",
    "a\r\nSet-Cookie: x=y",
    "%00",
    "%E0%A4%A",
    "file:///etc/passwd",
    "http://169.254.169.254/latest/meta-data/",
    "evil\u202egnp.exe",
    "😀".repeat(20),
    "é".normalize("NFD"),
  ),
);
/** Sizes around the limits: the 1 MiB body limit, the 4 MiB upload limit, and zod's max lengths. */
const HUGE_SIZES = [257, 1001, 2001, 4001, 65_537, 200_001, 1_100_000] as const;
const hugeText = fc.tuple(fc.constantFrom(...HUGE_SIZES), fc.constantFrom("a", "é", "😀", "\u202e", "\u0000")).map(([size, unit]) => unit.repeat(Math.ceil(size / unit.length)));
const edgeNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 0.5, -0.5, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53 - 1, 2 ** 53, -(2 ** 53), Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, 1e21, 1e-7),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
/** Numbers that only exist as JSON text: they overflow, underflow or lose precision when parsed. */
const RAW_NUMBERS = ["1e400", "-1e400", "1e-400", "9007199254740993", "123456789012345678901234567890", "-0.0", "0.1e1", "1E2"];
const deepArray = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
const RAW_DEEP = [deepArray(64), deepObject(64), deepArray(5_000), deepObject(5_000), deepArray(100_000)];
/** How a raw value is named in a report: the number itself, or how deep its nesting goes. */
const rawName = (raw: string) => (raw.length > 40 ? `${raw.startsWith("[") ? "arrays" : "objects"} nested ${raw.split(raw[0]!).length - 1} deep` : raw);
const PROTO_KEYS = ["__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty", "__defineGetter__"];

/** A JSON value that a schema did not ask for: wrong types, edge numbers, nasty or huge text, containers. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: nastyText, weight: 4 },
  { arbitrary: edgeNumber, weight: 2 },
  { arbitrary: fc.constantFrom(null, true, false, [], {}), weight: 2 },
  { arbitrary: hugeText, weight: 1 },
  { arbitrary: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 4 }), weight: 1 },
  { arbitrary: fc.dictionary(fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom(...PROTO_KEYS)), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
);

/** Values that push a valid-shaped body past the schema into the domain: the ids of the fixtures, small versions. */
export interface Hints {
  formId?: number;
  assetId?: number;
  userId?: string;
  values?: unknown;
  formDefinition?: string;
}

const word = fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/);
/** An address zod's e-mail rule accepts (fast-check's own are often stricter RFC forms it refuses). */
const email = fc.tuple(word, word, fc.constantFrom("com", "org", "example", "mx")).map(([user, domain, tld]) => `${user}@${domain}.${tld}`);
const PHONE = fc.oneof(fc.stringMatching(/^[2-9]\d{9}$/), fc.constantFrom("(512) 555-0100", "1-512-555-0100", "+1 512 555 0100"));

/** By field name, values that push a valid-shaped body past the schema into the domain: the fixtures' ids, small versions, real-looking contact details. */
function hinted(key: string, hints: Hints, schema: JsonSchema): fc.Arbitrary<unknown> | undefined {
  const id = (value: number | string | undefined) => (value === undefined ? undefined : fc.constantFrom(value, String(value)));
  switch (key) {
    case "formId":
      return id(hints.formId);
    case "assetId":
      return id(hints.assetId);
    case "id":
      return id(hints.formId ?? hints.assetId);
    case "userId":
      return hints.userId === undefined ? undefined : fc.constant(hints.userId);
    case "version":
      return fc.integer({ min: 1, max: 4 });
    case "values":
      return hints.values === undefined ? undefined : fc.constant(hints.values);
    case "formDefinition":
      return hints.formDefinition === undefined ? undefined : fc.constant(hints.formDefinition);
    case "fileType":
    case "mimetype":
      return fc.constantFrom("image/png", "image/jpeg", "application/pdf");
    case "size":
      return fc.integer({ min: 1, max: 4 * 1024 * 1024 });
    case "password":
      return fc.constantFrom("correct horse battery staple", "a long enough passphrase", "Tr0ub4dor&3-and-more");
  }
  const text = schema.type === "string" || schema.anyOf?.some((option) => option.type === "string");
  if (!text) return undefined;
  if (/phone/i.test(key)) return fc.oneof(PHONE, fc.constant(""));
  if (/email/i.test(key)) return email;
  if (/url|link|website/i.test(key)) return fc.oneof(fc.webUrl({ validSchemes: ["https"] }), fc.constant(""));
  return undefined;
}

const SHORT = 40;

/** A value that fits the JSON schema zod produced for the route (io: input). Refinements zod cannot express are left to chance. */
export function fromSchema(schema: JsonSchema, hints: Hints = {}, depth = 0): fc.Arbitrary<unknown> {
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map((option) => fromSchema(option, hints, depth + 1)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case "object": {
      const properties = schema.properties ?? {};
      if (Object.keys(properties).length === 0 && typeof schema.additionalProperties === "object") {
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
      }
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(properties)) {
        const hint = hinted(key, hints, property);
        const plain = fromSchema(property, hints, depth + 1);
        model[key] = hint ? fc.oneof({ arbitrary: hint, weight: 3 }, { arbitrary: plain, weight: 1 }) : plain;
      }
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in model) });
    }
    case "array":
      return fc.array(schema.items ? fromSchema(schema.items, hints, depth + 1) : fc.jsonValue({ maxDepth: 1 }), { maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case "string": {
      if (schema.format === "email") return fc.oneof(email, fc.emailAddress().filter((address) => address.length <= (schema.maxLength ?? 254)));
      if (schema.format === "uri" || schema.format === "url") return fc.webUrl();
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? SHORT, SHORT));
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern);
        return fc.stringMatching(pattern).filter((text) => text.length >= minLength && text.length <= (schema.maxLength ?? Infinity));
      }
      return fc.oneof(fc.string({ minLength, maxLength }), fc.string({ unit: "grapheme", minLength, maxLength }));
    }
    case "integer":
    case "number": {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (schema.type === "integer" ? 1 : Number.EPSILON) : undefined);
      const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (schema.type === "integer" ? 1 : Number.EPSILON) : undefined);
      if (schema.type === "integer") return fc.integer({ min: Math.max(min ?? -(2 ** 31), Number.MIN_SAFE_INTEGER), max: Math.min(max ?? 2 ** 31, Number.MAX_SAFE_INTEGER) });
      return fc.double({ min: min ?? -1e9, max: max ?? 1e9, noNaN: true, noDefaultInfinity: true });
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return depth > 3 ? fc.constant(null) : fc.jsonValue({ maxDepth: 3 });
  }
}

// ---------------------------------------------------------------- cases

export interface FuzzCase {
  /** what was done to the body, for the report */
  kind: string;
  /** the path parameters, already encoded as they go in the URL */
  params: Record<string, string>;
  query: string;
  body?: string | Buffer;
  contentType?: string;
  /** set where the case is sure to be refused though the schemas cannot tell (multipart is parsed before they see it) */
  refused?: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const MARK = "\u0000fuzz-mark\u0000";
/** JSON text of `body` with `key` set to raw JSON text (numbers JSON.stringify cannot write, deep nesting, own `__proto__` keys: a computed key is an own property). */
function withRawField(body: Record<string, unknown>, key: string, raw: string): string {
  return JSON.stringify({ ...body, [key]: MARK }).replace(JSON.stringify(MARK), raw);
}

function jsonBodyCase(schema: JsonSchema | undefined, hints: Hints): fc.Arbitrary<Omit<FuzzCase, "params" | "query">> {
  const valid = schema ? fromSchema(schema, hints) : fc.constant({});
  const keysOf = (value: unknown) => (isRecord(value) ? Object.keys(value) : []);
  const known = Object.keys(schema?.properties ?? {});
  const json = (kind: string, value: unknown) => ({ kind, body: JSON.stringify(value) ?? "", contentType: "application/json" });
  const pickKey = (value: unknown) => fc.constantFrom(...(keysOf(value).length ? keysOf(value) : known.length ? known : ["x"]));
  return fc.oneof(
    { weight: 2, arbitrary: valid.map((value) => json("valid", value)) },
    {
      weight: 5,
      arbitrary: valid.chain((value) => fc.tuple(fc.constant(value), pickKey(value), nastyValue)).map(([value, key, bad]) => json(`field ${key}: wrong value`, { ...(isRecord(value) ? value : {}), [key]: bad })),
    },
    {
      weight: 1,
      arbitrary: valid.chain((value) => fc.tuple(fc.constant(value), pickKey(value), fc.constantFrom(...RAW_NUMBERS, ...RAW_DEEP))).map(([value, key, raw]) => ({
        kind: `field ${key}: raw ${rawName(raw)}`,
        body: withRawField(isRecord(value) ? value : {}, key, raw),
        contentType: "application/json",
      })),
    },
    {
      weight: 1,
      arbitrary: valid.chain((value) => fc.tuple(fc.constant(value), pickKey(value))).map(([value, key]) => {
        const rest = { ...(isRecord(value) ? value : {}) };
        delete rest[key];
        return json(`field ${key}: missing`, rest);
      }),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(valid, fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 12 })), fc.oneof(nastyValue, fc.constant({ isAdmin: true, role: "admin", companyId: "acme-logistics" }))).map(([value, key, extra]) => ({
        kind: `extra field ${JSON.stringify(key)}`,
        body: withRawField(isRecord(value) ? value : {}, key, JSON.stringify(extra) ?? "null"),
        contentType: "application/json",
      })),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(
        valid.map((value) => json("array of the body", [value, value])),
        nastyValue.map((value) => json("body: wrong type", value)),
        fc.constantFrom(...RAW_DEEP).map((raw) => ({ kind: `body: ${rawName(raw)}`, body: raw, contentType: "application/json" })),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.constantFrom("", "{", "}", "[", '{"a":', "nul", "undefined", "{'a':1}", "{a:1}", "\u0000", "\ufeff{}", "<xml/>", "a=1&b=2", "--x\r\n", "{}{}", '{"a":1,}', "NaN").map((text) => ({ kind: `not JSON: ${JSON.stringify(text)}`, body: text, contentType: "application/json" })),
        fc.tuple(valid, fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "application/xml", "multipart/form-data; boundary=x", "application/json; charset=utf-16", "application/jsonp", "")).map(([value, type]) => ({
          kind: `content type ${JSON.stringify(type)}`,
          body: JSON.stringify(value) ?? "",
          contentType: type,
        })),
        fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ kind: "random bytes as JSON", body: Buffer.from(bytes), contentType: "application/json" })),
      ),
    },
  );
}

const BOUNDARY = "----fleetformsFuzzBoundary7MA4YWxkTrZu0gW";
type Part = { name: string; filename?: string; type?: string; data: Buffer | string };
function multipartOf(parts: Part[], boundary = BOUNDARY, close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? "" : `; filename="${part.filename}"`}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ""}\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from("\r\n"));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const PNG = pngImage(8, 8, (x, y) => [x * 30, y * 30, 90]);
const FILE_HEADERS = `Content-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n`;
const fileBytes = fc.oneof(
  fc.constant(PNG),
  fc.constant(Buffer.from("%PDF-1.4\n%fuzz\n")),
  fc.constant(Buffer.alloc(0)),
  fc.constant(Buffer.from("<html><script>alert(1)</script></html>")),
  fc.constant(Buffer.from("MZ\u0090\u0000")),
  fc.constant(Buffer.concat([PNG.subarray(0, 8), Buffer.from("not really a png")])),
  fc.uint8Array({ maxLength: 256 }).map((bytes) => Buffer.from(bytes)),
  fc.constantFrom(4 * 1024 * 1024 + 1, 4 * 1024 * 1024 + 128 * 1024).map((size) => Buffer.concat([PNG, Buffer.alloc(size)])),
);
const fileName = fc.oneof(fc.constantFrom("photo.png", "report.pdf", "../../etc/passwd", "a\"b.png", "x.png\r\nX-Injected: 1", "evil\u202egnp.exe", "", ".png", "CON", "😀.png"), nastyText, hugeText.map((text) => text.slice(0, 2000)));
const mimeType = fc.oneof(fc.constantFrom("image/png", "image/jpeg", "application/pdf", "text/html", "image/svg+xml", "application/octet-stream", "application/x-msdownload", "", "image/png; charset=utf-8"), nastyText);

function multipartCase(): fc.Arbitrary<Omit<FuzzCase, "params" | "query">> {
  const type = `multipart/form-data; boundary=${BOUNDARY}`;
  const field = fc.tuple(fc.constantFrom("fileName", "category", "description", "file", "__proto__", "constructor"), fc.oneof(nastyText, hugeText.map((text) => text.slice(0, 70_000))));
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.tuple(fileName, mimeType, fileBytes, fc.array(field, { maxLength: 3 })).map(([name, mime, data, fields]) => ({
        kind: `file ${JSON.stringify(name.slice(0, 40))} (${mime.slice(0, 30)}, ${data.length} bytes) + ${fields.length} fields`,
        body: multipartOf([{ name: "file", filename: name, type: mime, data }, ...fields.map(([fieldName, value]) => ({ name: fieldName, data: value }))]),
        contentType: type,
      })),
    },
    { weight: 1, arbitrary: fc.array(field, { maxLength: 3 }).map((fields) => ({ kind: "no file", refused: true, body: multipartOf(fields.map(([name, value]) => ({ name, data: value }))), contentType: type })) },
    { weight: 1, arbitrary: fc.constant({ kind: "two files", body: multipartOf([{ name: "file", filename: "a.png", type: "image/png", data: PNG }, { name: "file", filename: "b.png", type: "image/png", data: PNG }]), contentType: type }) },
    { weight: 1, arbitrary: fc.constant({ kind: "too many fields", refused: true, body: multipartOf(Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, data: "x" }))), contentType: type }) },
    {
      weight: 2,
      // Bodies busboy cannot finish: cut off inside the file part, a closing boundary without its CRLF, part
      // headers cut short or never ended, a delimiter line with something after it.
      arbitrary: fc.constantFrom(
        { kind: "unterminated", body: `--${BOUNDARY}\r\n${FILE_HEADERS}\r\n<bytes>` },
        { kind: "half a closing boundary", body: `--${BOUNDARY}\r\n${FILE_HEADERS}\r\n<bytes>\r\n--${BOUNDARY.slice(0, 10)}` },
        { kind: "closing boundary without CRLF", body: `--${BOUNDARY}\r\n${FILE_HEADERS}\r\n<bytes>--${BOUNDARY}--` },
        { kind: "part headers cut short", body: `--${BOUNDARY}\r\n${FILE_HEADERS}Content-Ty\r\n--${BOUNDARY}--` },
        { kind: "part headers never ended", body: `--${BOUNDARY}\r\n${FILE_HEADERS}\r\n--${BOUNDARY}--` },
        { kind: "delimiter line with junk", body: `--${BOUNDARY}\r\n${FILE_HEADERS}\r\n<bytes>\r\n--${BOUNDARY}x\r\n--${BOUNDARY}--` },
      ).map(({ kind, body }) => {
        const [head, tail] = body.split("<bytes>");
        return { kind, refused: true, body: tail === undefined ? Buffer.from(head!) : Buffer.concat([Buffer.from(head!), PNG, Buffer.from(tail)]), contentType: type };
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: "wrong boundary", refused: true, body: multipartOf([{ name: "file", filename: "a.png", type: "image/png", data: PNG }], "other"), contentType: type }) },
    { weight: 1, arbitrary: fc.constantFrom("multipart/form-data", "multipart/form-data; boundary=", "multipart/mixed; boundary=x").map((contentType) => ({ kind: `content type ${contentType}`, refused: true, body: multipartOf([{ name: "file", filename: "a.png", data: PNG }]), contentType })) },
    { weight: 1, arbitrary: fc.tuple(nastyValue, fc.constantFrom("application/json", "text/plain", "")).map(([value, contentType]) => ({ refused: true, kind: `not multipart (${contentType || "no type"})`, body: JSON.stringify(value) ?? "", contentType })) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ kind: "random bytes as multipart", refused: true, body: Buffer.from(bytes), contentType: type })) },
  );
}

/** Path segments other than the fixture's id: out of range, not numbers, traversal, bad percent-encoding. */
const badSegment = fc.oneof(
  fc.constantFrom("0", "-1", "1.5", "1e3", "99999999999999999999", "9007199254740993", "0x10", "%20", "abc", "__proto__", "constructor", "..", "%2e%2e", "%2F", "%00", "%", "%zz", "%E0%A4%A", "%C0%AF", "%ED%A0%80", "%F4%90%80%80"),
  nastyText.map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, "x")) || "x"),
  fc.integer({ min: 1, max: 1e6 }).map(String),
);

export function caseArbitrary(route: RouteDef, schemas: Schemas, hints: Hints, fixtureParams: Record<string, string>): fc.Arbitrary<FuzzCase> {
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const paramsSchema = schemas.params ? toJson(schemas.params) : undefined;
  const paramArb = (name: string): fc.Arbitrary<string> => {
    const fromParams = paramsSchema?.properties?.[name] ? fromSchema(paramsSchema.properties[name]!).map((value) => encodeURIComponent(String(value))) : fc.string({ minLength: 1, maxLength: 8 }).map(encodeURIComponent);
    const fixture = fixtureParams[name];
    return fc.oneof({ weight: 8, arbitrary: fixture ? fc.constant(fixture) : fromParams }, { weight: 1, arbitrary: fromParams }, { weight: 1, arbitrary: badSegment });
  };
  const params = fc.record(Object.fromEntries(names.map((name) => [name, paramArb(name)])));
  const query = schemas.query
    ? fc.oneof(
        fromSchema(toJson(schemas.query)).map((value) => new URLSearchParams(Object.entries(isRecord(value) ? value : {}).map(([name, item]): [string, string] => [name, String(item)])).toString()),
        fc.constantFrom("a=%", "a=%zz", "__proto__[x]=1", "a=1&a=2"),
      )
    : fc.constant("");
  const body = schemas.multipart ? multipartCase() : jsonBodyCase(schemas.body ? toJson(schemas.body) : undefined, hints);
  return fc.record({ params, query, body }).map(({ params: values, query: text, body: rest }) => ({ ...rest, params: values, query: text }));
}

// ---------------------------------------------------------------- HTTP

export interface Reply {
  status: number;
  body: string;
}

/**
 * A small HTTP client that sends Buffers as they are and connects from its
 * own loopback address, so the fuzzer's sign-in, reset and SMS attempts count
 * against an address of its own and never throttle other tests' 127.0.0.1.
 */
export class Client {
  private readonly agent: Agent;
  private readonly base: URL;
  constructor(
    apiUrl: string,
    private readonly localAddress: string | undefined,
  ) {
    this.base = new URL(apiUrl);
    if (localAddress && this.base.hostname === "localhost") this.base.hostname = "127.0.0.1";
    this.agent = new Agent({ keepAlive: true, maxSockets: 32 });
  }

  /** Node's advice for keep-alive: a request on a reused socket the server had just closed never reached it, so it is sent again. */
  async send(method: string, path: string, options: { token?: string; body?: string | Buffer; contentType?: string } = {}): Promise<Reply> {
    try {
      return await this.once(method, path, options);
    } catch (error) {
      if ((error as { reusedSocket?: boolean }).reusedSocket) return this.once(method, path, options);
      throw error;
    }
  }

  private once(method: string, path: string, options: { token?: string; body?: string | Buffer; contentType?: string }): Promise<Reply> {
    const headers: Record<string, string | number> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) {
      const bytes = typeof options.body === "string" ? Buffer.from(options.body) : options.body;
      headers["content-length"] = bytes.length;
      if (options.contentType) headers["content-type"] = options.contentType;
      options = { ...options, body: bytes };
    }
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: this.base.hostname,
          port: this.base.port,
          localAddress: this.localAddress,
          method,
          path: `${this.base.pathname.replace(/\/$/, "")}${path}`,
          headers,
          agent: this.agent,
          timeout: 60_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
          res.on("error", reject);
        },
      );
      req.on("timeout", () => req.destroy(new Error(`${method} ${path}: no answer in 60 s`)));
      req.on("error", (error: NodeJS.ErrnoException) => reject(Object.assign(error, { reusedSocket: req.reusedSocket && (error.code === "ECONNRESET" || error.message === "socket hang up") })));
      req.end(options.body);
    });
  }

  async json<T = any>(method: string, path: string, token: string | undefined, body?: unknown): Promise<T> {
    const reply = await this.send(method, path, { token, body: body === undefined ? undefined : JSON.stringify(body), contentType: "application/json" });
    if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${reply.body.slice(0, 300)}`);
    return JSON.parse(reply.body) as T;
  }

  close() {
    this.agent.destroy();
  }
}

/** A loopback address of the fuzzer's own (127.0.0.0/8 is all loopback on Linux); falls back to the default when it cannot bind one. */
export async function fuzzClient(apiUrl: string): Promise<Client> {
  const address = `127.${80 + Math.floor(Math.random() * 100)}.${Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`;
  const own = new Client(apiUrl, address);
  try {
    if ((await own.send("GET", "/health")).status > 0) return own;
  } catch {
    own.close();
  }
  return new Client(apiUrl, undefined);
}

// ---------------------------------------------------------------- the company under fuzz

type Role = "orgadmin" | "user" | "admin";

interface Person {
  userId: string;
  email: string;
}

interface Fixtures {
  formId?: number;
  submissionId?: number;
  assetId?: number;
  invitationId?: string;
  /** the invitation link's token, read from the e-mail in the outbox */
  invitationToken?: string;
}

/** A fresh company of its own for each route, with an orgadmin and a user, and a provider admin for admin-only routes. */
export class FuzzCompany {
  readonly companyId = `fuzz-${randomUUID()}`;
  private readonly tokens = new Map<Role, string>();
  /** the partitions of the sessions the fuzzer started: a new one appearing is the fuzzer's doing, not the route's */
  readonly sessions = new Set<string>();
  fixtures: Fixtures = {};

  private constructor(
    readonly client: Client,
    readonly people: Record<Role, Person>,
  ) {}

  static async create(client: Client, providerAdmin: Person): Promise<FuzzCompany> {
    const { Account } = await import("../packages/core/src/user/account");
    const { Company } = await import("../packages/core/src/company/index");
    const person = async (): Promise<Person> => {
      const username = `fz_${randomUUID().replace(/-/g, "").slice(0, 14)}`;
      const user = await Account.create({ username, email: `${username}@fuzz.example.com`, firstName: "Fuzz", lastName: "Tester", lang: "en" });
      return { userId: user.userId, email: user.email };
    };
    const [orgadmin, user] = await Promise.all([person(), person()]);
    const company = new FuzzCompany(client, { orgadmin, user, admin: providerAdmin });
    await Company.create({ companyId: company.companyId, name: `Fuzz ${company.companyId}` });
    await Promise.all([
      Company.addSeat({ companyId: company.companyId, userId: orgadmin.userId, role: "orgadmin" }),
      Company.addSeat({ companyId: company.companyId, userId: user.userId, role: "user" }),
    ]);
    return company;
  }

  /** One session per role, started in process (no password hashing); started again when a route ended it. */
  async token(role: Role, fresh = false): Promise<string> {
    const cached = this.tokens.get(role);
    if (cached && !fresh) return cached;
    const { User } = await import("../packages/core/src/user/index");
    const { startSession } = await import("../packages/core/src/auth/session");
    const user = await User.mustGet(this.people[role].userId);
    const { access_token } = await startSession(user, false, this.companyId);
    this.tokens.set(role, access_token);
    const { sid } = JSON.parse(Buffer.from(access_token.split(".")[1] ?? "", "base64url").toString("utf8")) as { sid?: string };
    if (sid) this.sessions.add(key(["familyid", sid]));
    return access_token;
  }

  /** The role a route admits that can do the most inside the company. */
  static roleFor(route: RouteDef): Role | undefined {
    if (route.access === "public") return undefined;
    if (route.access === "token" || route.access === "company") return "orgadmin";
    for (const role of ["orgadmin", "user", "admin"] as const) if (route.access.includes(role)) return role;
    return undefined;
  }

  static readonly DEFINITION = { body: [{ type: "text", name: "note", label: { en: "Note", es: "Nota" }, required: true }] };

  /** The form, submission and asset the route's path names, made through the API. */
  async prepare(route: RouteDef): Promise<Record<string, string>> {
    const admin = await this.token("orgadmin");
    const under = (prefix: string) => route.path.startsWith(prefix);
    if ((under("/form") || under("/submissions")) && this.fixtures.formId === undefined) {
      const created = await this.client.json("POST", "/form", admin, { name: "Fuzz form", isActive: true, status: "active", supportsAmendments: true, canBeShared: true, needsApproval: true });
      const formId = created.data.form.id as number;
      await this.client.json("POST", `/form/${formId}/edit`, admin, { formId, formDefinition: JSON.stringify(FuzzCompany.DEFINITION) });
      await this.client.json("POST", `/form/template/${formId}`, admin, { template: "<h1>{{note}}</h1>", exampleData: { note: "x" } });
      this.fixtures.formId = formId;
    }
    if (under("/submissions") && this.fixtures.submissionId === undefined) {
      const saved = await this.client.json("POST", "/submissions/save", await this.token("user"), { formId: this.fixtures.formId, values: { note: "fixture" } });
      this.fixtures.submissionId = saved.submission.id as number;
    }
    if (route.path.includes("assets") && this.fixtures.assetId === undefined) {
      const reply = await this.client.send("POST", "/assets", { token: admin, body: multipartOf([{ name: "file", filename: "fixture.png", type: "image/png", data: PNG }]), contentType: `multipart/form-data; boundary=${BOUNDARY}` });
      if (reply.status !== 201) throw new Error(`fixture asset: ${reply.status} ${reply.body.slice(0, 300)}`);
      this.fixtures.assetId = (JSON.parse(reply.body) as { asset: { id: number } }).asset.id;
    }
    if (route.path.includes("invitations") && this.fixtures.invitationId === undefined) {
      const invitee = `fz_${randomUUID().slice(0, 8)}@fuzz.example.com`;
      const invited = await this.client.json("POST", "/user/invite", admin, { email: invitee });
      this.fixtures.invitationId = invited.invitation?.id as string | undefined;
      const [mail] = await query("gsi2pk", key(["to", invitee]));
      const links = ((mail?.links as { L?: { S?: string }[] } | undefined)?.L ?? []).map((link) => link.S ?? "");
      this.fixtures.invitationToken = links.map((link) => new URL(link).searchParams.get("token")).find(Boolean) ?? undefined;
    }
    const { formId, submissionId, assetId, invitationId, invitationToken } = this.fixtures;
    const id = route.path.includes("invitations") ? invitationId : under("/submissions") ? submissionId : route.path.includes("assets") ? assetId : formId;
    const params: Record<string, string> = {};
    for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) {
      const value = name === "token" ? invitationToken : id;
      if (value !== undefined) params[name!] = encodeURIComponent(String(value));
    }
    return params;
  }

  hints(role: Role | undefined): Hints {
    return {
      formId: this.fixtures.formId,
      assetId: this.fixtures.assetId,
      userId: role ? this.people[role].userId : undefined,
      values: { note: "fuzzed" },
      formDefinition: JSON.stringify(FuzzCompany.DEFINITION),
    };
  }

  /**
   * The items a route could touch, as DynamoDB holds them: the company
   * partition (company, seats, forms, assets, invitations), the company's
   * submissions, the fixtures' partitions (definitions, template; the
   * submission, its amendments and share links), both people's user items and
   * responses, the orgadmin's sessions, and the mail and SMS sent to the
   * orgadmin and the fixture's submitter. Eight reads at most, in parallel.
   */
  async snapshot(): Promise<Map<string, string>> {
    const company = key(["companyid", this.companyId]);
    const reads: Promise<Record<string, unknown>[]>[] = [query("pk", company), query("gsi2pk", company)];
    const people = [this.people.orgadmin, this.people.user];
    const points = people.map((person) => ({ pk: key(["userid", person.userId]), sk: "$user_1" }));
    const { formId, submissionId } = this.fixtures;
    if (formId !== undefined) {
      reads.push(query("pk", key(["companyid", this.companyId], ["formid", formId])));
      points.push(...people.map((person) => ({ pk: key(["companyid", this.companyId], ["formid", formId], ["userid", person.userId]), sk: "$formresponse_1" })));
    }
    if (submissionId !== undefined) {
      const submission = key(["companyid", this.companyId], ["submissionid", submissionId]);
      reads.push(query("pk", submission), query("gsi1pk", submission));
    }
    // The caller's sessions (and seats elsewhere): a refused logout or password change must end none.
    reads.push(query("gsi1pk", key(["userid", this.people.orgadmin.userId])));
    reads.push(getAll(points));
    // Mail to the orgadmin (the caller), and to the user where they submitted the fixture (approval mails go to them).
    reads.push(...people.slice(0, submissionId === undefined ? 1 : 2).map((person) => query("gsi2pk", key(["to", person.email]))));
    const items = new Map<string, string>();
    const text = (value: unknown) => (value as { S?: string } | undefined)?.S ?? stable(value);
    // `lastSignInAt` is written by every sign-in, and the fuzzer signs in again when a route ended its session
    const ownWrites = (item: Record<string, unknown>) => Object.fromEntries(Object.entries(item).filter(([name]) => name !== "lastSignInAt"));
    for (const item of (await Promise.all(reads)).flat()) {
      // every request to a tenant is counted, refused or not (core/tenant): usage is not a change the route made
      if (text(item.sk).startsWith("$usage_1#")) continue;
      items.set(`${text(item.pk)}|${text(item.sk)}`, stable(ownWrites(item)));
    }
    return items;
  }
}

/** ElectroDB's key text (service `ff`, lower-cased composites), written out so the snapshot does not depend on any one entity module. */
const key = (...parts: [string, string | number][]) => `$ff${parts.map(([name, value]) => `#${name}_${String(value).toLowerCase()}`).join("")}`;

type Field = "pk" | "gsi1pk" | "gsi2pk";
const INDEX: Record<Field, string | undefined> = { pk: undefined, gsi1pk: "gsi1", gsi2pk: "gsi2" };

/**
 * DynamoDB Local's JSON API, used directly (items stay in their wire form,
 * which is all a comparison needs). It wants a SigV4-shaped Authorization
 * header but does not check it.
 */
async function dynamo<T>(operation: string, input: object): Promise<T> {
  const { dynamoEndpoint } = await import("../packages/core/src/util/config");
  const endpoint = dynamoEndpoint();
  if (!endpoint) throw new Error("The route fuzzer reads DynamoDB Local: FLEETFORMS_DYNAMODB_ENDPOINT is not set");
  const response = await fetch(endpoint, {
    method: "POST",
    headers: {
      "content-type": "application/x-amz-json-1.0",
      "x-amz-target": `DynamoDB_20120810.${operation}`,
      authorization: "AWS4-HMAC-SHA256 Credential=local/20250101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0",
    },
    body: JSON.stringify(input),
  });
  const output = (await response.json()) as T & { message?: string };
  if (!response.ok) throw new Error(`DynamoDB Local ${operation}: ${response.status} ${output.message ?? ""}`);
  return output;
}

/** One partition, every page. */
async function query(field: Field, value: string): Promise<Record<string, unknown>[]> {
  const { tableName } = await import("../packages/core/src/util/config");
  const items: Record<string, unknown>[] = [];
  let start: unknown;
  do {
    const page = await dynamo<{ Items?: Record<string, unknown>[]; LastEvaluatedKey?: unknown }>("Query", {
      TableName: tableName(),
      IndexName: INDEX[field],
      KeyConditionExpression: "#k = :v",
      ExpressionAttributeNames: { "#k": field },
      ExpressionAttributeValues: { ":v": { S: value } },
      ExclusiveStartKey: start,
    });
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Single items by their exact keys, in one BatchGetItem. */
async function getAll(keys: { pk: string; sk: string }[]): Promise<Record<string, unknown>[]> {
  const { tableName } = await import("../packages/core/src/util/config");
  const table = tableName();
  const items: Record<string, unknown>[] = [];
  let pending: unknown = { [table]: { Keys: keys.map(({ pk, sk }) => ({ pk: { S: pk }, sk: { S: sk } })) } };
  while (pending && Object.keys(pending).length) {
    const output = await dynamo<{ Responses?: Record<string, Record<string, unknown>[]>; UnprocessedKeys?: unknown }>("BatchGetItem", { RequestItems: pending });
    items.push(...(output.Responses?.[table] ?? []));
    pending = output.UnprocessedKeys;
  }
  return items;
}

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((name) => `${JSON.stringify(name)}:${stable((value as Record<string, unknown>)[name])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "undefined";
}

export function differences(before: Map<string, string>, after: Map<string, string>, ours: Set<string>): string[] {
  const changed: string[] = [];
  for (const [name, value] of after) {
    if (before.has(name) ? before.get(name) === value : ours.has(name.slice(0, name.indexOf("|")))) continue;
    changed.push(`${before.has(name) ? "changed" : "added"} ${name}`);
  }
  for (const name of before.keys()) if (!after.has(name)) changed.push(`removed ${name}`);
  return changed;
}

// ---------------------------------------------------------------- running

/**
 * Cases left out of runs against a shared stack until they are fixed, because they take the stack down
 * rather than get a wrong answer. Empty: the multipart bodies that ended the process or were never answered
 * (a closing boundary without its CRLF, part headers cut short or never ended, a delimiter line with junk)
 * are 400s since lib/multipart.ts reads bodies with busboy directly and listens to every stream.
 */
export const LEFT_OUT_UNTIL_FIXED: Record<string, string> = {};

export interface Finding {
  route: string;
  kind: string;
  status: number;
  /** what the server answered, or which items a 4xx changed */
  detail: string;
  request: string;
}

export interface RouteReport {
  route: string;
  role: string;
  counts: { "2xx": number; "3xx": number; "4xx": number; "5xx": number };
  /** the error codes of the 4xx answers, to see how far the bodies got */
  codes: Record<string, number>;
  /** answers in a group the schemas were expected to refuse where one still succeeded: not checked one by one */
  unattributed: number;
  findings: Finding[];
}

export const seedFor = (seed: number, route: RouteDef) => (seed ^ Number.parseInt(createHash("sha256").update(routeKey(route)).digest("hex").slice(0, 8), 16)) | 0;

const describeCase = (route: RouteDef, path: string, item: FuzzCase) => {
  const body = item.body === undefined ? "" : Buffer.isBuffer(item.body) ? `<${item.body.length} bytes>` : item.body.length > 400 ? `${item.body.slice(0, 400)}… (${item.body.length} chars)` : item.body;
  return `${route.method} ${path} [${item.contentType ?? "no content type"}] ${body}`;
};

const JSON_TYPE = /^application\/(.+\+)?json($|;.+)/i;

/**
 * Whether the handler's own schemas could accept the case, read the way the
 * middleware reads it (an empty or `null` JSON body is `{}`). A case they
 * refuse is certain to get a 4xx, so such cases are sent together and the
 * company compared once after them; a case that may pass goes alone, with
 * the company compared right after it.
 */
export function mayPass(schemas: Schemas, item: FuzzCase): boolean {
  if (schemas.multipart) return !item.refused;
  try {
    const params = Object.fromEntries(Object.entries(item.params).map(([name, value]) => [name, decodeURIComponent(value)]));
    if (schemas.params && !schemas.params.safeParse(params).success) return false;
    if (schemas.query && !schemas.query.safeParse(Object.fromEntries(new URLSearchParams(item.query))).success) return false;
    const text = item.body === undefined ? "" : item.body.toString();
    if (text === "") return !schemas.body || schemas.body.safeParse({}).success;
    if (!JSON_TYPE.test(item.contentType ?? "")) return false;
    const parsed: unknown = JSON.parse(text) ?? {};
    return !schemas.body || schemas.body.safeParse(parsed).success;
  } catch {
    return false;
  }
}

type Answer = { item: FuzzCase; path: string; reply: Reply };

/**
 * Sends `runs` bodies to one route and compares the company's items before
 * and after: every case the schemas refuse, sent in groups, must leave the
 * company as it was; every case that may pass is sent alone and, when it gets
 * a 4xx, must leave it as it was too. Public routes have no caller in the
 * company, so nothing they answer may change it.
 */
export async function fuzzRoute(options: { client: Client; providerAdmin: Person; route: RouteDef; runs: number; seed: number; concurrency?: number; leaveOut?: readonly string[] }): Promise<RouteReport> {
  const { client, route, runs } = options;
  const company = await FuzzCompany.create(client, options.providerAdmin);
  const role = FuzzCompany.roleFor(route);
  const schemas = await schemasOf(route);
  const fixtureParams = await company.prepare(route);
  if (role) await company.token(role);
  const leaveOut = new Set(options.leaveOut ?? []);
  const cases = fc.sample(
    caseArbitrary(route, schemas, company.hints(role), fixtureParams).filter((item) => !leaveOut.has(item.kind)),
    { seed: seedFor(options.seed, route), numRuns: runs },
  );
  const report: RouteReport = { route: routeKey(route), role: role ?? "public", counts: { "2xx": 0, "3xx": 0, "4xx": 0, "5xx": 0 }, codes: {}, unattributed: 0, findings: [] };
  const concurrency = options.concurrency ?? 16;

  const send = async (item: FuzzCase): Promise<Answer> => {
    const path = `${route.path.replace(/\{(\w+)\}/g, (_, name: string) => item.params[name] ?? "x")}${item.query ? `?${item.query}` : ""}`;
    const attempt = async (token: string | undefined): Promise<Reply> => {
      try {
        return await client.send(route.method, path, { token, body: item.body, contentType: item.contentType });
      } catch (error) {
        return { status: 599, body: `no answer: ${(error as Error).message}` };
      }
    };
    let reply = await attempt(role ? await company.token(role) : undefined);
    // An earlier case may have ended the session (a logout): sign in again and send the case once more.
    if (reply.status === 401 && role) reply = await attempt(await company.token(role, true));
    const family = `${Math.floor(reply.status / 100)}xx` as keyof RouteReport["counts"];
    if (family in report.counts) report.counts[family]++;
    if (reply.status >= 400 && reply.status < 500) {
      const code = /"code":"([^"]+)"/.exec(reply.body)?.[1] ?? `${reply.status} without a code`;
      report.codes[code] = (report.codes[code] ?? 0) + 1;
    }
    if (reply.status >= 500 || reply.status < 200) report.findings.push({ route: report.route, kind: item.kind, status: reply.status, detail: reply.body.slice(0, 500), request: describeCase(route, path, item) });
    return { item, path, reply };
  };
  /** A pool of `concurrency` requests in flight, so one slow answer (reset and SMS take 400 ms) holds up no others. */
  const sendAll = async (items: FuzzCase[]) => {
    const answers: Answer[] = new Array(items.length);
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < items.length; i = next++) answers[i] = await send(items[i]!);
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
    return answers;
  };
  const changedBy = (answers: Answer[], changed: string[]) => {
    const culprit = answers.find(({ reply }) => reply.status >= 400) ?? answers[0]!;
    const others = answers.length > 1 ? ` (one of ${answers.length} refused requests sent together)` : "";
    report.findings.push({ route: report.route, kind: culprit.item.kind, status: culprit.reply.status, detail: `the company changed${others}: ${changed.slice(0, 5).join("; ")}`, request: describeCase(route, culprit.path, culprit.item) });
  };

  // `before` is the company as last read; `unchecked` are the refusals sent since, compared all together at the next read.
  let before = await company.snapshot();
  let unchecked: Answer[] = [];
  const compare = async () => {
    const after = await company.snapshot();
    const changed = differences(before, after, company.sessions);
    if (changed.length && unchecked.length) changedBy(unchecked, changed);
    before = after;
    unchecked = [];
  };
  const GROUP = 64;
  let group: FuzzCase[] = [];
  const flush = async () => {
    if (!group.length) return;
    const answers = await sendAll(group);
    group = [];
    if (route.access === "public") {
      // No caller in the company: whatever a public route answers, the company stays as it was.
      unchecked.push(...answers);
      return compare();
    }
    if (answers.some(({ reply }) => reply.status < 400)) {
      // The local guess was wrong (the schemas took a case they were expected to refuse): this group cannot be blamed one by one.
      report.unattributed += answers.length + unchecked.length;
      unchecked = [];
      before = await company.snapshot();
      return;
    }
    unchecked.push(...answers);
  };
  for (const item of cases) {
    if (route.access === "public" || !mayPass(schemas, item)) {
      group.push(item);
      if (group.length >= GROUP) await flush();
      continue;
    }
    await flush();
    // A case that may succeed starts from a company read after the refusals before it, so a success is never blamed on them.
    if (unchecked.length) await compare();
    const answer = await send(item);
    if (answer.reply.status >= 200 && answer.reply.status < 400) before = await company.snapshot();
    else unchecked.push(answer);
  }
  await flush();
  if (unchecked.length) await compare();
  return report;
}

/** A provider administrator for the routes only `admin` may call, made once a run. */
export async function providerAdmin(): Promise<Person> {
  const { Account } = await import("../packages/core/src/user/account");
  const username = `fz_${randomUUID().replace(/-/g, "").slice(0, 14)}`;
  const user = await Account.create({ username, email: `${username}@fuzz.example.com`, firstName: "Fuzz", lastName: "Admin", lang: "en", providerAdmin: true });
  return { userId: user.userId, email: user.email };
}
