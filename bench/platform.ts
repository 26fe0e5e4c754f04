import { createServer } from "node:http";
import { DynamoDBClient, GetItemCommand } from "@aws-sdk/client-dynamodb";
import { measure, printRows, type Row } from "./stats";
import type { Stack } from "../packages/local/src/stack";

/**
 * The platform's overhead: GET /health through the local server and the real
 * handler against a bare node:http server answering the same JSON, and a
 * DynamoDB-backed GET (/company/{id}: token check, user, seat and company
 * reads) against one bare GetItem on the same DynamoDB Local.
 */
export async function runPlatformBench(stack: Stack): Promise<Row[]> {
  const body = JSON.stringify({ status: "ok", table: { ok: true, ms: 1 }, bucket: { ok: true, ms: 1 } });
  const bare = createServer((_, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(body);
  });
  await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", () => resolve()));
  const address = bare.address();
  const bareUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/`;

  const login = await fetch(`${stack.apiUrl}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "acme_admin", password: process.env.DEMO_PASSWORD ?? "fleetforms-demo" }),
  }).then((response) => response.json() as Promise<{ access_token: string }>);
  const auth = { authorization: `Bearer ${login.access_token}` };
  const dynamo = new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: "us-east-1", credentials: { accessKeyId: "local", secretAccessKey: "local" } });
  // The same item the API reads first, keyed as ElectroDB keys it (core is imported once the stack has set the env).
  const { UserEntity } = await import("../packages/core/src/user/user.entity");
  const { Key } = UserEntity.get({ userId: "demo-acme-admin" }).params() as { Key: Record<string, string> };
  const userKey = Object.fromEntries(Object.entries(Key).map(([name, value]) => [name, { S: value }]));

  const get = async (url: string, headers?: Record<string, string>) => {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    await response.arrayBuffer();
  };

  const rows: Row[] = [
    {
      name: "GET /health (local server)",
      subject: await measure(() => get(`${stack.apiUrl}/health`)),
      floorName: "bare node:http",
      floor: await measure(() => get(bareUrl)),
    },
    {
      name: "GET /company/{id} (auth + 3 reads)",
      subject: await measure(() => get(`${stack.apiUrl}/company/acme-logistics`, auth)),
      floorName: "bare DynamoDB Local GetItem",
      floor: await measure(() => dynamo.send(new GetItemCommand({ TableName: stack.env.SST_Table_tableName_Main, Key: userKey }))),
    },
  ];
  bare.close();
  printRows("Platform (sequential requests, keep-alive)", rows);
  return rows;
}
