import { afterEach, describe, expect, it, vi } from "vitest";
import { routes } from "../src/routes";

/** lib/route.ts as a deployed function loads it: a fresh module, with the stack's FLEETFORMS_ROUTE. */
async function deployedWith(value: string | undefined) {
  vi.resetModules();
  vi.stubEnv("FLEETFORMS_ROUTE", value);
  return import("../src/lib/route");
}

describe("the route a request came in on", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("is the function's own entry of the table when the stack gives it, and no other", async () => {
    const own = routes.find((route) => route.handler === "form/save-template")!;
    const { routeOf, routeKey } = await deployedWith(JSON.stringify(own));
    expect(routeOf(routeKey(own))).toEqual(own);
    // another route's key never reaches this function's rules
    expect(routeOf("GET /health")).toBeUndefined();
    expect(routeOf(undefined)).toBeUndefined();
  });

  it("comes from the registered table where one process serves every route, and says so when there is none", async () => {
    const { routeOf, serveRouteTable } = await deployedWith(undefined);
    expect(() => routeOf("GET /health")).toThrow(/FLEETFORMS_ROUTE is not set and no route table is registered/);
    serveRouteTable((key) => routes.find((route) => `${route.method} ${route.path}` === key));
    expect(routeOf("GET /health")).toMatchObject({ handler: "health/get", access: "public" });
    expect(routeOf("GET /nowhere")).toBeUndefined();
  });
});
