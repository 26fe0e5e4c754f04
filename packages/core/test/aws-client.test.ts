import { createHash, createHmac } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { afterEach, describe, expect, it } from "vitest";
import { marshall, unmarshall } from "../src/aws/attribute-value";
import { DocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand, BatchGetCommand, BatchWriteCommand } from "../src/aws/dynamodb";
import { AwsError } from "../src/aws/signer";
import { documentClient } from "../src/db/client";
import { Entity, createWriteTransaction } from "../src/db/electrodb";
import { tableName } from "../src/util/config";
import { call } from "../../../tests/http";
import { registerCompany, registrationPayload } from "../../../tests/auth-helpers";

const require = createRequire(import.meta.url);
/** The util-dynamodb ElectroDB itself loads when it runs unbundled: the reference our marshalling must match. */
const sdkUtil = createRequire(require.resolve("electrodb"))("@aws-sdk/util-dynamodb") as {
  marshall: (data: unknown, options?: { removeUndefinedValues?: boolean }) => unknown;
  unmarshall: (data: unknown) => unknown;
};
const { marshall: sdkMarshall, unmarshall: sdkUnmarshall } = sdkUtil;

/** A throwaway HTTP server standing in for an AWS endpoint; records every request it answers. */
async function fakeAws(answer: (request: { headers: IncomingMessage["headers"]; body: string; path: string; method: string; n: number }) => { status: number; body?: string; headers?: Record<string, string> }) {
  const seen: { headers: IncomingMessage["headers"]; body: string; path: string; method: string }[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += String(chunk)));
    req.on("end", () => {
      const request = { headers: req.headers, body, path: req.url ?? "/", method: req.method ?? "GET" };
      seen.push(request);
      const reply = answer({ ...request, n: seen.length });
      res.writeHead(reply.status, { "content-type": "application/x-amz-json-1.0", ...reply.headers }).end(reply.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** SigV4 computed independently of aws4fetch, straight from AWS's description of the algorithm. */
const rfc3986 = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
function sigv4(input: { secret: string; method: string; path: string; query: [string, string][]; headers: Record<string, string>; payloadHash: string; datetime: string; scope: string }) {
  const names = Object.keys(input.headers).sort();
  const canonical = [
    input.method,
    input.path,
    input.query
      .map(([key, value]) => [rfc3986(key), rfc3986(value)])
      .sort(([a], [b]) => (a! < b! ? -1 : 1))
      .map((pair) => pair.join("="))
      .join("&"),
    names.map((name) => `${name}:${input.headers[name]!.trim().replace(/\s+/g, " ")}\n`).join(""),
    names.join(";"),
    input.payloadHash,
  ].join("\n");
  const toSign = ["AWS4-HMAC-SHA256", input.datetime, input.scope, createHash("sha256").update(canonical).digest("hex")].join("\n");
  let key: Buffer = Buffer.from(`AWS4${input.secret}`);
  for (const part of input.scope.split("/")) key = createHmac("sha256", key).update(part).digest();
  return createHmac("sha256", key).update(toSign).digest("hex");
}

describe("marshalling", () => {
  const every = {
    text: "ñandú 日本",
    empty: "",
    integer: 42,
    negative: -7,
    fraction: 3.25,
    huge: 2n ** 60n,
    yes: true,
    no: false,
    nothing: null,
    list: [1, "two", null, [false], { inner: "x" }],
    map: { nested: { deeper: { list: [{ a: 1 }], empty: {} } } },
    bytes: new Uint8Array([0, 1, 254, 255]),
    strings: new Set(["a", "b"]),
    numbers: new Set([1, 2.5]),
    blobs: new Set([new Uint8Array([1]), new Uint8Array([2, 3])]),
  };

  it("writes every kind of value as util-dynamodb does, and reads it back", () => {
    const ours = marshall(every, { removeUndefinedValues: true });
    expect(ours).toEqual(sdkMarshall(every, { removeUndefinedValues: true }));
    expect(ours).toMatchObject({
      text: { S: "ñandú 日本" },
      empty: { S: "" },
      integer: { N: "42" },
      fraction: { N: "3.25" },
      huge: { N: "1152921504606846976" },
      yes: { BOOL: true },
      nothing: { NULL: true },
      list: { L: [{ N: "1" }, { S: "two" }, { NULL: true }, { L: [{ BOOL: false }] }, { M: { inner: { S: "x" } } }] },
      map: { M: { nested: { M: { deeper: { M: { list: { L: [{ M: { a: { N: "1" } } }] }, empty: { M: {} } } } } } } },
      strings: { SS: ["a", "b"] },
      numbers: { NS: ["1", "2.5"] },
    });
    expect(unmarshall(ours)).toEqual(every);
    expect(unmarshall(ours)).toEqual(sdkUnmarshall(sdkMarshall(every)));
  });

  it("reads binary as DynamoDB's JSON carries it (base64) and as the SDK hands it over (bytes)", () => {
    expect(unmarshall({ b: { B: "AAH+/w==" }, bs: { BS: ["AQ=="] } })).toEqual({ b: new Uint8Array([0, 1, 254, 255]), bs: new Set([new Uint8Array([1])]) });
    expect(marshall({ buffer: Buffer.from("hi") })).toEqual({ buffer: { B: Buffer.from("hi") } });
  });

  it("drops undefined from maps, lists and sets only when asked, as today's client is configured", () => {
    const sparse = { keep: 1, gone: undefined, list: [1, undefined, 2], map: { inner: undefined }, set: new Set(["a", undefined]) };
    expect(marshall(sparse, { removeUndefinedValues: true })).toEqual({ keep: { N: "1" }, list: { L: [{ N: "1" }, { N: "2" }] }, map: { M: {} }, set: { SS: ["a"] } });
    expect(() => marshall(sparse)).toThrow(/removeUndefinedValues/);
  });

  it("refuses what DynamoDB cannot store instead of storing something else", () => {
    expect(() => marshall({ n: Number.NaN })).toThrow(/NaN/);
    expect(() => marshall({ n: 2 ** 60 })).toThrow(/safe integer/);
    expect(() => marshall({ s: new Set() })).toThrow(/non-empty set/);
    expect(() => marshall({ d: new Date(0) })).toThrow(/Unsupported type/);
  });
});

describe("the document commands", () => {
  it("carry the operation explicitly, so a minified class name does not matter", () => {
    const command = new QueryCommand({ TableName: "t" });
    Object.defineProperty(command.constructor, "name", { value: "e", configurable: true });
    expect(command.operation).toBe("Query");
    Object.defineProperty(command.constructor, "name", { value: "QueryCommand", configurable: true });
  });
});

describe("the document client against DynamoDB Local", () => {
  const pk = `aws-client-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const client = () => documentClient();

  it("puts, gets, updates, queries and batches plain values", async () => {
    const TableName = tableName();
    const item = { pk, sk: "a", name: "ñandú", tags: new Set(["x", "y"]), bytes: new Uint8Array([9, 8]), nested: { list: [1, { deep: true }] }, absent: undefined };
    await client().send(new PutCommand({ TableName, Item: item }));
    const got = await client().send(new GetCommand({ TableName, Key: { pk, sk: "a" } }));
    expect(got.Item).toEqual({ pk, sk: "a", name: "ñandú", tags: new Set(["x", "y"]), bytes: new Uint8Array([9, 8]), nested: { list: [1, { deep: true }] } });
    expect(got.$metadata.httpStatusCode).toBe(200);

    const updated = await client().send(
      new UpdateCommand({ TableName, Key: { pk, sk: "a" }, UpdateExpression: "SET #n = :n", ExpressionAttributeNames: { "#n": "name" }, ExpressionAttributeValues: { ":n": "renamed", ":unused": undefined }, ReturnValues: "ALL_NEW" }),
    );
    expect(updated.Attributes).toMatchObject({ name: "renamed" });

    await client().send(new BatchWriteCommand({ RequestItems: { [TableName]: [1, 2, 3].map((n) => ({ PutRequest: { Item: { pk, sk: `b${n}`, n } } })) } }));
    const page = await client().send(new QueryCommand({ TableName, KeyConditionExpression: "pk = :pk AND begins_with(sk, :b)", ExpressionAttributeValues: { ":pk": pk, ":b": "b" }, Limit: 2 }));
    expect(page.Items?.map((entry) => entry.n)).toEqual([1, 2]);
    expect(page.LastEvaluatedKey).toEqual({ pk, sk: "b2" });
    const rest = await client().send(new QueryCommand({ TableName, KeyConditionExpression: "pk = :pk AND begins_with(sk, :b)", ExpressionAttributeValues: { ":pk": pk, ":b": "b" }, ExclusiveStartKey: page.LastEvaluatedKey }));
    expect(rest.Items?.map((entry) => entry.n)).toEqual([3]);

    const batch = await client().send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys: [{ pk, sk: "b1" }, { pk, sk: "b3" }] } } }));
    expect(batch.Responses?.[TableName]?.map((entry) => entry.n).sort()).toEqual([1, 3]);
  });

  it("throws DynamoDB's errors shaped as the v3 SDK's, with a cancelled transaction's reasons", async () => {
    const TableName = tableName();
    await client().send(new PutCommand({ TableName, Item: { pk, sk: "taken", blob: new Uint8Array([7]) } }));
    const conditional = await client()
      .send(new PutCommand({ TableName, Item: { pk, sk: "taken" }, ConditionExpression: "attribute_not_exists(pk)" }))
      .catch((error: unknown) => error);
    expect(conditional).toBeInstanceOf(AwsError);
    expect(conditional).toMatchObject({ name: "ConditionalCheckFailedException", $metadata: { httpStatusCode: 400 } });

    const cancelled = await client()
      .send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName, Item: { pk, sk: "fresh" } } },
            { Put: { TableName, Item: { pk, sk: "taken" }, ConditionExpression: "attribute_not_exists(pk)", ReturnValuesOnConditionCheckFailure: "ALL_OLD" } },
          ],
        }),
      )
      .catch((error: unknown) => error as AwsError);
    expect(cancelled).toMatchObject({ name: "TransactionCanceledException", $metadata: { httpStatusCode: 400 } });
    expect((cancelled as AwsError).message).toMatch(/ConditionalCheckFailed/);
    expect((cancelled as AwsError).CancellationReasons).toEqual([
      { Code: "None" },
      // the item stays in DynamoDB JSON, binary as bytes, as the v3 SDK leaves it for ElectroDB to unmarshall
      { Code: "ConditionalCheckFailed", Message: "The conditional request failed", Item: { pk: { S: pk }, sk: { S: "taken" }, blob: { B: new Uint8Array([7]) } } },
    ]);
  });

  it("runs the entities through it, sets and cancelled transactions included", async () => {
    const Thing = new Entity(
      {
        model: { entity: "awsClientThing", version: "1", service: "fftest" },
        attributes: { id: { type: "string", required: true }, label: { type: "string" }, tags: { type: "set", items: "string" } },
        indexes: { byId: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } } },
      },
      { client: documentClient(), table: tableName() },
    );
    const id = `${pk}-thing`;
    await Thing.create({ id, label: "first", tags: ["a"] }).go();
    expect((await Thing.get({ id }).go()).data).toEqual({ id, label: "first", tags: ["a"] });
    const result = await createWriteTransaction({ thing: Thing }, ({ thing }) => [thing.create({ id: `${id}-2`, label: "second" }).commit(), thing.create({ id, label: "again" }).commit()]).go();
    expect(result.canceled).toBe(true);
    expect(result.data.map((entry) => entry.code)).toEqual(["None", "ConditionalCheckFailed"]);
    expect((await Thing.get({ id: `${id}-2` }).go()).data).toBeNull();
  });

  it("still answers a duplicate username's registration with its 409 over HTTP", async () => {
    const first = await registerCompany();
    const again = await call("POST", "/auth/register/user-and-company", { body: registrationPayload({ username: first.payload.username }) });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "user.username_taken", message: "This username is already taken" });
  });
});

describe("signing and retries", () => {
  const credentials = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", sessionToken: "session/token=" };
  let server: Awaited<ReturnType<typeof fakeAws>> | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  const ok = { status: 200, body: JSON.stringify({ Item: { pk: { S: "k" } } }) };

  it("signs each request with SigV4 (the session token included) and sends DynamoDB's JSON protocol", async () => {
    server = await fakeAws(() => ok);
    const client = new DocumentClient({ endpoint: server.url, region: "eu-west-1", credentials });
    const got = await client.send(new GetCommand({ TableName: "t", Key: { pk: "k", bin: Buffer.from([1, 2]) } }));
    expect(got.Item).toEqual({ pk: "k" });
    const [request] = server.seen;
    expect(request!.headers["x-amz-target"]).toBe("DynamoDB_20120810.GetItem");
    expect(JSON.parse(request!.body)).toEqual({ TableName: "t", Key: { pk: { S: "k" }, bin: { B: "AQI=" } } });
    expect(request!.headers["x-amz-security-token"]).toBe("session/token=");
    const auth = /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/(\d{8}\/eu-west-1\/dynamodb\/aws4_request), SignedHeaders=([\w;-]+), Signature=([0-9a-f]{64})$/.exec(String(request!.headers.authorization));
    expect(auth).not.toBeNull();
    const [, scope, signedHeaders, signature] = auth!;
    const headers = Object.fromEntries(signedHeaders!.split(";").map((name) => [name, String(request!.headers[name])]));
    expect(Object.keys(headers)).toEqual(expect.arrayContaining(["host", "x-amz-date", "x-amz-target", "x-amz-security-token"]));
    const payloadHash = createHash("sha256").update(request!.body).digest("hex");
    expect(sigv4({ secret: credentials.secretAccessKey, method: "POST", path: "/", query: [], headers, payloadHash, datetime: String(request!.headers["x-amz-date"]), scope: scope! })).toBe(signature);
  });

  it("retries 5xx and throttling with backoff, then succeeds", async () => {
    server = await fakeAws(({ n }) =>
      n === 1 ? { status: 500, body: "{}" } : n === 2 ? { status: 400, body: JSON.stringify({ __type: "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException", message: "slow down" }) } : ok,
    );
    const client = new DocumentClient({ endpoint: server.url, region: "us-east-1", credentials });
    const got = await client.send(new GetCommand({ TableName: "t", Key: { pk: "k" } }));
    expect(got.Item).toEqual({ pk: "k" });
    expect(got.$metadata.attempts).toBe(3);
    expect(server.seen).toHaveLength(3);
  });

  it("gives up after three attempts with the last error, and never retries a client error", async () => {
    server = await fakeAws(({ path }) =>
      path === "/" ? { status: 503, body: JSON.stringify({ __type: "ServiceUnavailable", message: "down" }) } : { status: 400, body: "" },
    );
    const client = new DocumentClient({ endpoint: server.url, region: "us-east-1", credentials });
    const down = await client.send(new GetCommand({ TableName: "t", Key: { pk: "k" } })).catch((error: unknown) => error);
    expect(down).toMatchObject({ name: "ServiceUnavailable", message: "down", $fault: "server", $metadata: { httpStatusCode: 503, attempts: 3 } });
    expect(server.seen).toHaveLength(3);

    await server.close();
    server = await fakeAws(() => ({ status: 400, body: JSON.stringify({ __type: "com.amazon.coral.validate#ValidationException", message: "bad key" }) }));
    const invalid = await new DocumentClient({ endpoint: server.url, region: "us-east-1", credentials }).send(new GetCommand({ TableName: "t", Key: {} })).catch((error: unknown) => error);
    expect(invalid).toMatchObject({ name: "ValidationException", message: "bad key", $fault: "client", $metadata: { httpStatusCode: 400, attempts: 1 } });
    expect(server.seen).toHaveLength(1);
  });
});
