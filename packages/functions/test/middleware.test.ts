import { describe, expect, it, vi } from "vitest";
import * as z from "@fleetforms/core/util/zod";
import type { Context } from "aws-lambda";
import { http, type Event } from "@fleetforms/functions/lib/http";
import { NotFoundError, StaleRecordError, TooManyRequestsError } from "@fleetforms/core/util/errors";
import { call } from "../../../tests/http";

const context = { awsRequestId: "req-123", getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
const event = (overrides: Partial<Event> = {}): Event =>
  ({
    version: "2.0",
    routeKey: "GET /health",
    rawPath: "/health",
    rawQueryString: "",
    headers: {},
    requestContext: { requestId: "api-req", http: { method: "GET", path: "/health", sourceIp: "127.0.0.1" } },
    isBase64Encoded: false,
    ...overrides,
  }) as unknown as Event;

describe("the middleware stack", () => {
  it("maps domain errors to { code, message } with their status", async () => {
    const cases = [
      [new NotFoundError("form.not_found", "Form not found"), 404],
      [new StaleRecordError(), 409],
      [new TooManyRequestsError("throttle", "Slow down", 30), 429],
    ] as const;
    for (const [error, status] of cases) {
      const handler = http({}, async () => {
        throw error;
      });
      const result = await handler(event(), context);
      expect(result.statusCode).toBe(status);
      expect(JSON.parse(result.body!)).toMatchObject({ code: error.code, message: error.message });
    }
  });

  it("answers an unknown error with a 500 that carries a request id and nothing else", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const handler = http({}, async () => {
      throw new Error("connection string postgres://secret@db");
    });
    const result = await handler(event(), context);
    expect(result.statusCode).toBe(500);
    expect(JSON.parse(result.body!)).toEqual({ code: "server.error", message: "Server error. Please try again later.", requestId: "req-123" });
    expect(result.body).not.toContain("secret");
    log.mockRestore();
  });

  it("logs an unknown error with its request id but without the credentials its message carries", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const handler = http({}, async () => {
      throw new Error("upstream said: Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1In0.c2lnbmF0dXJl with key sk_live_51Habc");
    });
    await handler(event(), context);
    const line = JSON.parse(String(log.mock.calls[0]![0]));
    expect(line).toMatchObject({ level: "error", requestId: "req-123", error: { name: "Error" } });
    expect(line.error.message).toBe("upstream said: Authorization: Bearer [redacted] with key sk_live_[redacted]");
    expect(JSON.stringify(log.mock.calls)).not.toMatch(/eyJhbGci|51Habc/);
    log.mockRestore();
  });

  it("gives zod failures a 400 with field errors", async () => {
    const handler = http({ query: z.object({ page: z.coerce.number().check(
      z.int(),
      z.positive("page must be positive"),
    ) }) }, async ({ query }) => query);
    const result = await handler(event({ queryStringParameters: { page: "-2" } }), context);
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body!)).toMatchObject({ code: "request.invalid", fieldErrors: { page: ["page must be positive"] } });
  });

  it("sets security headers", async () => {
    const result = await http({}, async () => ({ ok: true }))(event(), context);
    expect(result.statusCode).toBe(200);
    expect(result.headers).toMatchObject({ "X-Content-Type-Options": "nosniff", "Strict-Transport-Security": expect.any(String) });
  });
});

describe("bad requests over HTTP", () => {
  it("refuses malformed JSON with a 400, never a 500", async () => {
    const response = await call("POST", "/auth/login", { rawBody: "{not json" });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("request.malformed_json");
  });

  it("refuses a body that is not JSON with a 400", async () => {
    const response = await call("POST", "/auth/login", { rawBody: "email=a&password=b", contentType: "application/x-www-form-urlencoded" });
    expect(response.status).toBe(400);
  });

  it("refuses a JSON array or scalar where an object is expected with a 400", async () => {
    for (const rawBody of ["[]", "42", '"text"', "null"]) {
      const response = await call("POST", "/auth/login", { rawBody });
      expect(response.status, rawBody).toBe(400);
    }
  });

  it("refuses an oversized body with a 413", async () => {
    const response = await call("POST", "/auth/login", { body: { email: "x", password: "y".repeat(1_100_000) } });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe("request.too_large");
  });

  it("answers an unknown route with a 404 and a wrong method with a 405", async () => {
    expect((await call("GET", "/no/such/route")).status).toBe(404);
    expect((await call("DELETE", "/health")).status).toBe(405);
  });
});
