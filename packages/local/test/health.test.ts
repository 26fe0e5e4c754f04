import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../src/server";

/**
 * Security issue item 14: /api/health answered 200 before the demo data was
 * seeded, so scripts (and Playwright's webServer) that wait on it could start
 * against a product whose sign-ins did not exist yet.
 */
describe("/api/health while the local stack is starting", () => {
  const pending = ["demo data"];
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    server = await startServer({ port: 0, pending: () => [...pending] });
  });
  afterAll(() => server.close());

  it("answers 503 with what is pending, then 200 once the stack is ready", async () => {
    const starting = await fetch(`${server.url}/api/health`);
    expect(starting.status).toBe(503);
    expect(starting.headers.get("retry-after")).toBe("1");
    expect(await starting.json()).toEqual({ status: "starting", code: "stack.starting", message: "The local stack is still starting: waiting for demo data.", pending: ["demo data"] });

    pending.length = 0;
    const ready = await fetch(`${server.url}/api/health`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ok" });
  });
});

describe("the local stack's start-up", () => {
  it("keeps /api/health at 503 while the demo data is being seeded", async () => {
    const { startStack } = await import("../src/stack");
    let duringSeed: { status: number; body: unknown } | undefined;
    const scratchDir = mkdtempSync(path.join(tmpdir(), "fleetforms-health-"));
    const stack = await startStack({
      port: 0,
      scratchDir,
      scheduler: false,
      seed: async () => {
        const response = await fetch(`${process.env.SST_Parameter_value_APP_URL}/api/health`);
        duringSeed = { status: response.status, body: await response.json() };
      },
    });
    try {
      expect(duringSeed).toEqual({ status: 503, body: expect.objectContaining({ pending: ["demo data"] }) });
      expect((await fetch(`${stack.apiUrl}/health`)).status).toBe(200);
    } finally {
      await stack.stop();
      rmSync(scratchDir, { recursive: true, force: true });
    }
  }, 60_000);
});
