import { describe, expect, it } from "vitest";
import { compileRoutes } from "../src/router";
import { matchesSchedule } from "../src/schedule";
import type { RouteDef } from "@fleetforms/functions/routes";

const route = (method: RouteDef["method"], path: string): RouteDef => ({ method, path, handler: "x", access: "public" });

describe("local route matching", () => {
  const match = compileRoutes([route("GET", "/company/{id}"), route("GET", "/company/admin/all"), route("GET", "/company"), route("POST", "/v2/assets/{id}/validate")]);

  it("prefers literal segments over parameters, as API Gateway does", () => {
    expect(match("GET", "/company/admin/all")).toMatchObject({ routeKey: "GET /company/admin/all" });
    expect(match("GET", "/company/acme")).toMatchObject({ routeKey: "GET /company/{id}", pathParameters: { id: "acme" } });
  });

  it("ignores a trailing slash and decodes parameters", () => {
    expect(match("GET", "/company/")).toMatchObject({ routeKey: "GET /company" });
    expect(match("POST", "/v2/assets/a%20b/validate")).toMatchObject({ pathParameters: { id: "a b" } });
  });

  it("finds a literal path by its text, and a parameter route when only that one has the method", () => {
    const match = compileRoutes([route("PUT", "/forms/{id}"), route("POST", "/forms/order"), route("GET", "/")]);
    expect(match("POST", "/forms/order")).toEqual({ route: expect.objectContaining({ path: "/forms/order" }), routeKey: "POST /forms/order", pathParameters: {} });
    expect(match("PUT", "/forms/order")).toMatchObject({ routeKey: "PUT /forms/{id}", pathParameters: { id: "order" } });
    expect(match("GET", "/")).toMatchObject({ routeKey: "GET /" });
    expect(match("GET", "/forms/Order")).toBe("method-not-allowed");
  });

  it("tells a wrong method from an unknown path", () => {
    expect(match("DELETE", "/company")).toBe("method-not-allowed");
    expect(match("GET", "/nothing")).toBeUndefined();
  });
});

describe("EventBridge schedules", () => {
  it("fires cron expressions in their minute only (UTC)", () => {
    expect(matchesSchedule("cron(15 3 * * ? *)", new Date("2026-11-21T03:15:00Z"))).toBe(true);
    expect(matchesSchedule("cron(15 3 * * ? *)", new Date("2026-11-21T03:16:00Z"))).toBe(false);
    expect(matchesSchedule("cron(0 6 1 * ? *)", new Date("2026-12-01T06:00:00Z"))).toBe(true);
    expect(matchesSchedule("cron(0 6 1 * ? *)", new Date("2026-12-02T06:00:00Z"))).toBe(false);
  });

  it("understands day names, ranges, lists and steps", () => {
    // 2026-11-23 is a Monday
    expect(matchesSchedule("cron(0 8 ? * MON-FRI *)", new Date("2026-11-23T08:00:00Z"))).toBe(true);
    expect(matchesSchedule("cron(0 8 ? * MON-FRI *)", new Date("2026-11-22T08:00:00Z"))).toBe(false);
    expect(matchesSchedule("cron(0/15 * * * ? *)", new Date("2026-11-22T08:45:00Z"))).toBe(true);
    expect(matchesSchedule("cron(0/15 * * * ? *)", new Date("2026-11-22T08:50:00Z"))).toBe(false);
    expect(matchesSchedule("cron(0 1,13 * * ? *)", new Date("2026-11-22T13:00:00Z"))).toBe(true);
  });

  it("counts rate expressions from the epoch", () => {
    expect(matchesSchedule("rate(5 minutes)", new Date("2026-11-22T08:45:00Z"))).toBe(true);
    expect(matchesSchedule("rate(5 minutes)", new Date("2026-11-22T08:46:00Z"))).toBe(false);
  });

  it("refuses expressions it cannot read", () => {
    expect(() => matchesSchedule("every day", new Date())).toThrow(/Unsupported/);
  });
});
