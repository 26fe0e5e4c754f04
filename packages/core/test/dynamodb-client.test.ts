import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { BatchGetCommand, BatchWriteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { afterEach, describe, expect, it } from "vitest";
import { AWS_MAX_ATTEMPTS } from "../src/aws/client-options";
import { createDocumentClient, documentClient } from "../src/db/client";
import { Entity, createWriteTransaction } from "../src/db/electrodb";
import { UsageEntity } from "../src/tenant/usage.entity";
import { dynamoEndpoint, tableName } from "../src/util/config";
import { call } from "../../../tests/http";
import { registerCompany, registrationPayload } from "../../../tests/auth-helpers";

/*
 * The table's document client (db/client.ts): the AWS SDK v3's, against DynamoDB Local and against stand-ins
 * that answer what DynamoDB Local never does (a throttle, a 5xx, an answer lost after the commit).
 */

const pk = `dynamodb-client-${Date.now()}-${Math.random().toString(36).slice(2)}`;

type Seen = { target: string; body: string };
/** An HTTP server in front of an endpoint (or answering alone): `answer` may reply itself, else the request goes on. */
async function standIn(answer: (request: Seen & { n: number; forward: () => Promise<{ status: number; headers: IncomingMessage["headers"]; body: Buffer }> }) => Promise<{ status: number; body: string } | "drop" | undefined>) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const target = String(req.headers["x-amz-target"] ?? "").split(".").pop() ?? "";
      seen.push({ target, body: body.toString("utf8") });
      const forward = () =>
        new Promise<{ status: number; headers: IncomingMessage["headers"]; body: Buffer }>((resolve, reject) => {
          const upstream = new URL(dynamoEndpoint()!);
          const sent = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } }, (response) => {
            const parts: Buffer[] = [];
            response.on("data", (part: Buffer) => parts.push(part));
            response.on("end", () => resolve({ status: response.statusCode ?? 500, headers: response.headers, body: Buffer.concat(parts) }));
          });
          sent.on("error", reject);
          sent.end(body);
        });
      void answer({ target, body: body.toString("utf8"), n: seen.length, forward }).then(async (reply) => {
        if (reply === "drop") return req.socket.destroy();
        if (reply) return res.writeHead(reply.status, { "content-type": "application/x-amz-json-1.0" }).end(reply.body);
        const upstream = await forward();
        res.writeHead(upstream.status, upstream.headers).end(upstream.body);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let server: Awaited<ReturnType<typeof standIn>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("the document client against DynamoDB Local", () => {
  const client = () => documentClient();

  it("puts, gets, updates, queries and batches plain values, sets and bytes, dropping undefined ones", async () => {
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
    const query = { TableName, KeyConditionExpression: "pk = :pk AND begins_with(sk, :b)", ExpressionAttributeValues: { ":pk": pk, ":b": "b" } };
    const page = await client().send(new QueryCommand({ ...query, Limit: 2 }));
    expect(page.Items?.map((entry) => entry.n)).toEqual([1, 2]);
    expect(page.LastEvaluatedKey).toEqual({ pk, sk: "b2" });
    const rest = await client().send(new QueryCommand({ ...query, ExclusiveStartKey: page.LastEvaluatedKey }));
    expect(rest.Items?.map((entry) => entry.n)).toEqual([3]);

    const batch = await client().send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys: [{ pk, sk: "b1" }, { pk, sk: "b3" }] } } }));
    expect(batch.Responses?.[TableName]?.map((entry) => entry.n).sort()).toEqual([1, 3]);
  });

  it("throws DynamoDB's errors by name, a cancelled transaction with its reasons", async () => {
    const TableName = tableName();
    await client().send(new PutCommand({ TableName, Item: { pk, sk: "taken", blob: new Uint8Array([7]) } }));
    const conditional = await client()
      .send(new PutCommand({ TableName, Item: { pk, sk: "taken" }, ConditionExpression: "attribute_not_exists(pk)" }))
      .catch((error: unknown) => error);
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
      .catch((error: unknown) => error as { CancellationReasons?: unknown[] });
    expect(cancelled).toMatchObject({ name: "TransactionCanceledException", $metadata: { httpStatusCode: 400 } });
    expect((cancelled as { CancellationReasons: { Code: string }[] }).CancellationReasons.map((reason) => reason.Code)).toEqual(["None", "ConditionalCheckFailed"]);
  });

  it("runs the entities through it, sets and cancelled transactions included", async () => {
    const Thing = new Entity(
      {
        model: { entity: "dynamodbClientThing", version: "1", service: "fftest" },
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

describe("the SDK's retries", () => {
  const throttled = { status: 400, body: JSON.stringify({ __type: "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException", message: "slow down" }) };
  const serverError = { status: 500, body: JSON.stringify({ __type: "com.amazonaws.dynamodb.v20120810#InternalServerError", message: "try again" }) };

  it("send a request again after a 5xx and a throttle, then read DynamoDB's answer", async () => {
    server = await standIn(async ({ n }) => (n === 1 ? serverError : n === 2 ? throttled : undefined));
    const got = await createDocumentClient(server.url).send(new GetCommand({ TableName: tableName(), Key: { pk: "no-such", sk: "item" } }));
    expect(got.Item).toBeUndefined();
    expect(got.$metadata.attempts).toBe(3);
    expect(server.seen.map((request) => request.target)).toEqual(["GetItem", "GetItem", "GetItem"]);
  });

  it(`give up after ${AWS_MAX_ATTEMPTS} attempts with the last error, and never retry a client error`, async () => {
    server = await standIn(async ({ target }) => (target === "GetItem" ? { status: 503, body: JSON.stringify({ __type: "ServiceUnavailable", message: "down" }) } : { status: 400, body: JSON.stringify({ __type: "com.amazon.coral.validate#ValidationException", message: "bad key" }) }));
    const down = await createDocumentClient(server.url).send(new GetCommand({ TableName: "t", Key: { pk: "k" } })).catch((error: unknown) => error);
    expect(down).toMatchObject({ name: "ServiceUnavailable", $fault: "server", $metadata: { httpStatusCode: 503, attempts: AWS_MAX_ATTEMPTS } });
    const invalid = await createDocumentClient(server.url).send(new PutCommand({ TableName: "t", Item: { pk: "k" } })).catch((error: unknown) => error);
    expect(invalid).toMatchObject({ name: "ValidationException", message: "bad key", $fault: "client", $metadata: { httpStatusCode: 400, attempts: 1 } });
    expect(server.seen.map((request) => request.target)).toEqual([...Array(AWS_MAX_ATTEMPTS).fill("GetItem"), "PutItem"]);
  });

  for (const [lost, reply] of [
    ["a 500", serverError],
    ["a dropped connection", "drop"],
  ] as const) {
    it(`apply a transaction once when its first answer is lost after the commit (${lost}): the SDK sends it again with the same ClientRequestToken`, async () => {
      let committed: number | undefined;
      server = await standIn(async ({ target, forward }) => {
        if (target !== "TransactWriteItems" || committed !== undefined) return undefined;
        // DynamoDB commits the transaction; its answer never reaches the client
        committed = (await forward()).status;
        return reply;
      });
      const client = createDocumentClient(server.url);
      const usage = new Entity((UsageEntity as unknown as { schema: typeof UsageEntity.schema }).schema, { client, table: tableName() });
      const marker = new Entity(
        {
          model: { entity: "dynamodbClientMarker", version: "1", service: "fftest" },
          attributes: { id: { type: "string", required: true } },
          indexes: { byId: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } } },
        },
        { client, table: tableName() },
      );
      const companyId = `${pk}-once-${lost.length}`;
      const result = await createWriteTransaction({ usage, marker }, (entities) => [
        entities.usage.update({ companyId, period: "2026-11" }).add({ submissions: 1 }).commit(),
        entities.marker.create({ id: companyId }).commit(),
      ]).go();

      expect(committed).toBe(200);
      expect(result.canceled).toBe(false);
      const sent = server.seen.filter((request) => request.target === "TransactWriteItems").map((request) => JSON.parse(request.body) as { ClientRequestToken?: string });
      expect(sent).toHaveLength(2);
      expect(sent[0]!.ClientRequestToken).toMatch(/^[\w-]{16,}$/);
      expect(sent[1]!.ClientRequestToken).toBe(sent[0]!.ClientRequestToken);
      // the counter went up once, and the item the transaction creates was created once (a second create would have cancelled it)
      expect((await UsageEntity.get({ companyId, period: "2026-11" }).go({ consistent: true })).data?.submissions).toBe(1);
      expect((await marker.get({ id: companyId }).go({ consistent: true })).data).toEqual({ id: companyId });
    });
  }
});
