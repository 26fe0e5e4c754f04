import { createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import type { Context } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AWS_MAX_ATTEMPTS } from "@fleetforms/core/aws/client-options";
import { call, tokenFor } from "../../../tests/http";
import { png } from "../../../tests/forms-fixtures";

/*
 * Issue 37: an S3 endpoint that takes the connection and never answers. The S3 client's timeouts
 * (core/aws/client-options.ts) and the SDK's retries end the request, and the function answers the SPEC's
 * 500 long before its own timeout. This file's worker makes its S3 client first here, pointed at the stall.
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
const saved = process.env.FLEETFORMS_S3_ENDPOINT;

beforeAll(async () => {
  await new Promise<void>((resolve) => stall.listen(0, "127.0.0.1", resolve));
  driver = await tokenFor("acme_driver");
});

afterAll(async () => {
  process.env.FLEETFORMS_S3_ENDPOINT = saved;
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => stall.close(() => resolve()));
});

describe("a bucket that never answers", () => {
  it("answers 'Server error. Please try again later.' through the validate handler, the connections it held given up", async () => {
    // the pending asset comes from the running stack (its own S3 client is not the one under test)
    const bytes = png(5);
    const started = await call("POST", "/v2/assets/upload-url", { token: driver, body: { fileName: "stall.png", fileType: "image/png", size: bytes.length } });
    expect(started.status).toBe(200);
    const id = String(started.body.asset.id);

    process.env.FLEETFORMS_S3_ENDPOINT = `http://127.0.0.1:${(stall.address() as AddressInfo).port}`;
    const { handler } = await import("@fleetforms/functions/assets/validate");
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const event = {
      version: "2.0",
      routeKey: "POST /v2/assets/{id}/validate",
      rawPath: `/v2/assets/${id}/validate`,
      rawQueryString: "",
      headers: { authorization: `Bearer ${driver}` },
      pathParameters: { id },
      requestContext: { requestId: "stall", http: { method: "POST", path: `/v2/assets/${id}/validate`, sourceIp: "10.1.2.3" } },
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
    // the SDK's three attempts, each on a connection the stall accepted and the client then closed
    expect(accepted).toBe(AWS_MAX_ATTEMPTS);
    await vi.waitFor(() => expect(sockets.size).toBe(0));
  });
});
