import { describe, expect, it } from "vitest";
import { call } from "./http";

describe("GET /health", () => {
  it("reports the table and the bucket reachable", async () => {
    const response = await call("GET", "/health");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: "ok", table: { ok: true }, bucket: { ok: true } });
  });
});
