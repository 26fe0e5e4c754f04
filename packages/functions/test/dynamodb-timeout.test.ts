import { createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import type { Context } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AWS_MAX_ATTEMPTS } from "@fleetforms/core/aws/client-options";
import { tokenFor } from "../../../tests/http";

/*
 * Issue 37: a DynamoDB endpoint that takes the connection and never answers. The document client's timeouts
 * (core/aws/client-options.ts) and the SDK's retries end the request, and the function answers the SPEC's 500
 * long before its own timeout. This file's worker makes its DynamoDB client first here, pointed at the stall.
 */
const sockets = new Set<Socket>();
let accepted = 0;
const stall = createServer((socket) => {
  accepted++;
  sockets.add(socket);
  socket.on("close", () => sockets.delete(socket));
  socket.on("data", () => undefined);
});
let driver: string;
const saved = { endpoint: process.env.FLEETFORMS_DYNAMODB_ENDPOINT, timeout: process.env.FLEETFORMS_DYNAMODB_REQUEST_TIMEOUT_MS };

beforeAll(async () => {
  await new Promise<void>((resolve) => stall.listen(0, "127.0.0.1", resolve));
  // the token comes from the running stack, whose own DynamoDB client is not the one under test
  driver = await tokenFor("acme_driver");
});

afterAll(async () => {
  process.env.FLEETFORMS_DYNAMODB_ENDPOINT = saved.endpoint;
  process.env.FLEETFORMS_DYNAMODB_REQUEST_TIMEOUT_MS = saved.timeout;
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => stall.close(() => resolve()));
});

describe("a table that never answers", () => {
  it("answers 'Server error. Please try again later.' through the home handler, the connections it held given up", async () => {
    process.env.FLEETFORMS_DYNAMODB_ENDPOINT = `http://127.0.0.1:${(stall.address() as AddressInfo).port}`;
    // AWS's timeouts, not the longer ones the local stack allows DynamoDB Local
    process.env.FLEETFORMS_DYNAMODB_REQUEST_TIMEOUT_MS = "";
    const { handler } = await import("@fleetforms/functions/home/get");
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const event = {
      version: "2.0",
      routeKey: "GET /home",
      rawPath: "/home",
      rawQueryString: "",
      headers: { authorization: `Bearer ${driver}` },
      requestContext: { requestId: "stall", http: { method: "GET", path: "/home", sourceIp: "10.1.2.3" } },
      isBase64Encoded: false,
    } as never;
    const context = { awsRequestId: "req-stall", getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
    try {
      const result = await handler(event, context);
      expect(result.statusCode).toBe(500);
      expect(JSON.parse(result.body!)).toEqual({ code: "server.error", message: "Server error. Please try again later.", requestId: "req-stall" });
      expect(log.mock.calls.map((args) => args.map(String).join(" ")).join("\n")).toMatch(/TimeoutError/);
    } finally {
      log.mockRestore();
    }
    // each request the function made (the access check's reads, the route's own) tried AWS_MAX_ATTEMPTS times,
    // each attempt on a connection the stall accepted and the client then closed
    expect(accepted).toBeGreaterThanOrEqual(AWS_MAX_ATTEMPTS);
    expect(accepted % AWS_MAX_ATTEMPTS).toBe(0);
    await vi.waitFor(() => expect(sockets.size).toBe(0));
  });
});
