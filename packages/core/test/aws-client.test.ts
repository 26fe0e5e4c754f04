import { createHash, createHmac } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Context } from "aws-lambda";
import { marshall, unmarshall } from "../src/aws/attribute-value";
import { DocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand, BatchGetCommand, BatchWriteCommand } from "../src/aws/dynamodb";
import { AwsError } from "../src/aws/signer";
import { presignedUrl, signedHeaders } from "../src/aws/sigv4";
import { AwsV4Signer } from "aws4fetch";
import { S3Bucket } from "../src/aws/s3";
import { documentClient } from "../src/db/client";
import { Entity, createWriteTransaction } from "../src/db/electrodb";
import { tableName } from "../src/util/config";
import { asciiFileName, contentDisposition } from "../src/util/http-headers";
import { call, DEMO_PASSWORD } from "../../../tests/http";
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

/** A presigned URL's signature as S3 computes it, given the method and the key the URL is meant to address. */
function presignedSignatureOf(url: URL, secret: string, method: string, key: string, signedHeaderValues: Record<string, string> = {}) {
  const query = [...url.searchParams].filter(([name]) => name !== "X-Amz-Signature") as [string, string][];
  const scope = url.searchParams.get("X-Amz-Credential")!.split("/").slice(1).join("/");
  const headers = Object.fromEntries(url.searchParams.get("X-Amz-SignedHeaders")!.split(";").map((name) => [name, name === "host" ? url.host : signedHeaderValues[name]!]));
  const path = `/${key.split("/").map(rfc3986).join("/")}`;
  return sigv4({ secret, method, path, query, headers, payloadHash: "UNSIGNED-PAYLOAD", datetime: url.searchParams.get("X-Amz-Date")!, scope });
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

  it("names S3's XML errors and a bare HEAD 404 as the SDK does", async () => {
    server = await fakeAws(({ method }) =>
      method === "HEAD" ? { status: 404 } : { status: 404, body: "<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>", headers: { "content-type": "application/xml" } },
    );
    const bucket = new S3Bucket({ bucket: "b", endpoint: server.url, credentials });
    await expect(bucket.headObject("missing")).rejects.toMatchObject({ name: "NotFound", $metadata: { httpStatusCode: 404 } });
    await expect(bucket.getObject("missing")).rejects.toMatchObject({ name: "NoSuchKey", message: "The specified key does not exist." });
  });
});

describe("SigV4 headers (sigv4.ts)", () => {
  const credentials = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" };
  const now = new Date("2015-08-30T12:36:00Z");

  it("reproduces AWS's signature test suite (get-vanilla)", () => {
    const headers = signedHeaders({ method: "GET", url: new URL("https://example.amazonaws.com/"), credentials, service: "service", region: "us-east-1", now });
    expect(headers["x-amz-date"]).toBe("20150830T123600Z");
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31",
    );
  });

  // the same requests signed by aws4fetch, which this signer replaced (a test-only dependency since)
  it.each([
    ["DynamoDB's JSON protocol", "POST", "http://127.0.0.1:8000/", "dynamodb", { "content-type": "application/x-amz-json-1.0", "x-amz-target": "DynamoDB_20120810.Query" }, '{"TableName":"t"}'],
    ["an S3 key with spaces, a plus, unicode and brackets", "PUT", "https://bucket.s3.eu-west-1.amazonaws.com/companies/c1/a%20b%2Bc%C3%B1%28x%29.pdf", "s3", { "content-type": "application/pdf" }, new Uint8Array([1, 2, 3])],
    ["an S3 query with a repeated key and an empty value", "GET", "https://bucket.s3.amazonaws.com/k?uploads=&x=2&x=1&a=b*c", "s3", {}, undefined],
    ["a path with doubled slashes outside S3", "POST", "https://sns.us-east-1.amazonaws.com//a//b", "sns", { "content-type": "application/x-www-form-urlencoded" }, "Action=Publish&Message=hola%20%C3%B1"],
    ["SSM with a session token", "POST", "https://ssm.us-east-1.amazonaws.com/", "ssm", { "x-amz-target": "AmazonSSM.GetParameter", "content-type": "application/x-amz-json-1.1" }, '{"Name":"/x"}', "token/with=chars"],
  ] as const)("signs %s exactly as aws4fetch does", async (_, method, url, service, headers, body, sessionToken?: string) => {
    const withToken = sessionToken ? { ...credentials, sessionToken } : credentials;
    const ours = signedHeaders({ method, url: new URL(url), headers: { ...headers }, body, credentials: withToken, service, region: "eu-west-1", now });
    const theirs = await new AwsV4Signer({ method, url, headers: { ...headers }, body, ...withToken, service, region: "eu-west-1", datetime: "20150830T123600Z" }).sign();
    expect(ours.authorization).toBe(theirs.headers.get("authorization"));
    for (const [name, value] of theirs.headers) expect(ours[name], name).toBe(value);
  });

  // presigned URLs as aws4fetch wrote them before presignedUrl replaced it (one signer in every bundle, issue 10)
  it.each([
    ["a PUT with its type and length signed", "PUT", "https://bucket.s3.eu-west-1.amazonaws.com/pending/companies/a%252F..%252Fb/assets/%C3%B1and%C3%BA%20%281%29%2A.pdf?X-Amz-Expires=300", { "content-type": "application/pdf", "content-length": "1234" }, undefined],
    ["a GET with response headers and a session token", "GET", "https://bucket.s3.eu-west-1.amazonaws.com/k/informe.pdf?X-Amz-Expires=60&response-content-disposition=attachment%3B%20filename%3D%22a%20b.pdf%22&response-content-type=application%2Fpdf", {}, "tok+en/="],
    ["a path-style GET on a local endpoint", "GET", "http://127.0.0.1:4569/fleetforms/companies/c1/assets/7?X-Amz-Expires=300", {}, undefined],
  ] as const)("presigns %s exactly as aws4fetch does", async (_, method, url, headers, sessionToken?: string) => {
    const withToken = sessionToken ? { ...credentials, sessionToken } : credentials;
    const ours = presignedUrl({ method, url: new URL(url), headers: { ...headers }, credentials: withToken, service: "s3", region: "eu-west-1", now });
    const theirs = (await new AwsV4Signer({ method, url, headers: { ...headers }, ...withToken, service: "s3", region: "eu-west-1", signQuery: true, allHeaders: true, datetime: "20150830T123600Z" }).sign()).url;
    expect(Object.fromEntries(ours.searchParams)).toEqual(Object.fromEntries(theirs.searchParams));
    expect(ours.pathname).toBe(theirs.pathname);
  });
});

describe("presigned S3 URLs", () => {
  const secret = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";

  it("are checked by an implementation that reproduces AWS's documented example", () => {
    const url = new URL(
      "https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404",
    );
    expect(presignedSignatureOf(url, secret, "GET", "test.txt")).toBe(url.searchParams.get("X-Amz-Signature"));
  });

  it("sign a PUT, virtual-hosted, for its exact key, type and length, with the session token", async () => {
    const bucket = new S3Bucket({ bucket: "examplebucket", region: "us-east-1", credentials: { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: secret, sessionToken: "tok+en/=" } });
    const key = "companies/a%2F..%2Fb/assets/ñandú (1)*.pdf";
    const headers = { "content-type": "application/pdf", "content-length": "1234" };
    const url = new URL(await bucket.presign(key, { method: "PUT", expiresIn: 300, signedHeaders: headers, now: new Date("2013-05-24T00:00:00Z") }));
    expect(url.host).toBe("examplebucket.s3.us-east-1.amazonaws.com");
    expect(url.pathname).toBe("/companies/a%252F..%252Fb/assets/%C3%B1and%C3%BA%20%281%29%2A.pdf");
    expect(url.searchParams.get("X-Amz-Date")).toBe("20130524T000000Z");
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;content-type;host");
    expect(url.searchParams.get("X-Amz-Security-Token")).toBe("tok+en/=");
    expect(presignedSignatureOf(url, secret, "PUT", key, headers)).toBe(url.searchParams.get("X-Amz-Signature"));
    expect(presignedSignatureOf(url, secret, "PUT", key, { ...headers, "content-length": "1235" })).not.toBe(url.searchParams.get("X-Amz-Signature"));
  });

  it("sign a GET whose response headers name a file of any script", async () => {
    const bucket = new S3Bucket({ bucket: "examplebucket", region: "eu-west-1", credentials: { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: secret } });
    const disposition = contentDisposition("attachment", "informe-ñandú-日本.pdf");
    const url = new URL(await bucket.presign("k/informe.pdf", { method: "GET", expiresIn: 300, query: { "response-content-disposition": disposition, "response-content-type": "application/pdf" } }));
    expect(url.searchParams.get("response-content-disposition")).toBe(disposition);
    // spaces as %20, never "+", which a verifier that decodes like S3's path rules would read literally
    expect(url.search).toContain("response-content-disposition=attachment%3B%20filename%3D%22informe-nandu-__.pdf%22%3B%20filename%2A%3DUTF-8%27%27informe-");
    expect(url.search).not.toContain("+");
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("host");
    expect(presignedSignatureOf(url, secret, "GET", "k/informe.pdf")).toBe(url.searchParams.get("X-Amz-Signature"));
  });
});

describe("Content-Disposition", () => {
  it("keeps a plain ASCII name as it is", () => {
    expect(contentDisposition("attachment", "submission_12.pdf")).toBe('attachment; filename="submission_12.pdf"');
  });

  it("gives any other name an ASCII fallback and the UTF-8 original (RFC 6266 / RFC 5987)", () => {
    expect(contentDisposition("attachment", "informe-ñandú-日本.pdf")).toBe(`attachment; filename="informe-nandu-__.pdf"; filename*=UTF-8''informe-%C3%B1and%C3%BA-%E6%97%A5%E6%9C%AC.pdf`);
    expect(contentDisposition("inline", 'a "quoted" 100% \\ name (1).png')).toBe(`inline; filename="a _quoted_ 100_ _ name (1).png"; filename*=UTF-8''a%20%22quoted%22%20100%25%20%5C%20name%20%281%29.png`);
    expect(asciiFileName("Čeština 🚚.pdf")).toBe("Cestina _.pdf");
  });

  it("produces only characters a header may carry", () => {
    for (const name of ["日本語.pdf", "a\r\nb.png", "x\u0000y", "ÿ€.txt"]) expect(contentDisposition("attachment", name)).toMatch(/^[\x20-\x7e]+$/);
  });
});

describe("secrets kept in SSM", () => {
  const context = { awsRequestId: "req-ssm", getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
  const loginEvent = () =>
    ({
      version: "2.0",
      routeKey: "POST /auth/login",
      rawPath: "/auth/login",
      rawQueryString: "",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "acme_driver", password: DEMO_PASSWORD }),
      requestContext: { requestId: "api-req", http: { method: "POST", path: "/auth/login", sourceIp: "10.9.8.7" } },
      isBase64Encoded: false,
    }) as never;
  const saved = { ...process.env };
  let ssm: Awaited<ReturnType<typeof fakeAws>>;
  let answer: (names: string[]) => { status: number; body: string } = () => ({ status: 500, body: "{}" });

  beforeAll(async () => {
    ssm = await fakeAws(({ body }) => answer((JSON.parse(body) as { Names: string[] }).Names));
    Object.assign(process.env, {
      SST_Secret_value_JWT_SECRET: "__FETCH_FROM_SSM__",
      SST_SSM_PREFIX: "/sst/fleetforms/test/",
      SST_APP: "fleetforms",
      AWS_ACCESS_KEY_ID: "AKIDTEST",
      AWS_SECRET_ACCESS_KEY: "secret",
    });
  });
  afterAll(async () => {
    vi.useRealTimers();
    for (const name of ["SST_Secret_value_JWT_SECRET", "SST_SSM_PREFIX", "SST_APP", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_ENDPOINT_URL_SSM"]) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    await ssm.close();
  });

  async function loginLogging() {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const { handler } = await import("@fleetforms/functions/auth/login");
      const result = await handler(loginEvent(), context);
      return { result, lines: log.mock.calls.map((args) => args.map(String).join(" ")) };
    } finally {
      log.mockRestore();
    }
  }

  it("answers the SPEC's 500 with one log line naming a secret that is not set", async () => {
    process.env.AWS_ENDPOINT_URL_SSM = ssm.url;
    answer = (names) => ({ status: 200, body: JSON.stringify({ Parameters: [], InvalidParameters: names }) });
    const { result, lines } = await loginLogging();
    expect(result.statusCode).toBe(500);
    expect(JSON.parse(result.body!)).toEqual({ code: "server.error", message: "Server error. Please try again later.", requestId: "req-ssm" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/Secret JWT_SECRET is not set/);
    expect(lines[0]).not.toMatch(/\n\s+at /);
    // SST v2's paths: the stage's, then the app-wide fallback
    expect(ssm.seen.map((request) => JSON.parse(request.body).Names)).toEqual([["/sst/fleetforms/test/Secret/JWT_SECRET/value"], ["/sst/fleetforms/.fallback/Secret/JWT_SECRET/value"]]);
    // the incomplete read is kept a minute: the next request does not ask SSM again
    expect((await loginLogging()).result.statusCode).toBe(500);
    expect(ssm.seen).toHaveLength(2);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 61_000);
  });

  it("answers the same 500 and one line when SSM cannot be reached", async () => {
    const closed = await fakeAws(() => ({ status: 200 }));
    await closed.close();
    process.env.AWS_ENDPOINT_URL_SSM = closed.url;
    const { result, lines } = await loginLogging();
    expect(result.statusCode).toBe(500);
    expect(JSON.parse(result.body!).message).toBe("Server error. Please try again later.");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/Secret JWT_SECRET could not be read from SSM.*ECONNREFUSED/);
    expect(lines[0]).not.toMatch(/\n\s+at /);
  });

  it("reads the secret once, from the fallback when the stage has none, and signs in with it", async () => {
    process.env.AWS_ENDPOINT_URL_SSM = ssm.url;
    ssm.seen.length = 0;
    answer = (names) =>
      names[0]!.includes(".fallback")
        ? { status: 200, body: JSON.stringify({ Parameters: [{ Name: names[0], Value: "a-secret-from-ssm-long-enough-for-hs256" }], InvalidParameters: [] }) }
        : { status: 200, body: JSON.stringify({ Parameters: [], InvalidParameters: names }) };
    const first = await loginLogging();
    expect(first.result.statusCode).toBe(200);
    const second = await loginLogging();
    expect(second.result.statusCode).toBe(200);
    expect(ssm.seen).toHaveLength(2);
    expect(ssm.seen[0]!.headers["x-amz-target"]).toBe("AmazonSSM.GetParameters");
    expect(JSON.parse(ssm.seen[0]!.body)).toMatchObject({ WithDecryption: true });
  });
});
