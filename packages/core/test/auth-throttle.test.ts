import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { clearOfWindowEdge } from "../../../tests/auth-helpers";
import * as Throttle from "@fleetforms/core/auth/throttle";
import { TooManyRequestsError } from "@fleetforms/core/util/errors";

const REFUSAL = { code: "test.throttled", message: "Slow down" };
const limit = (max: number) => ({ key: `test:${randomUUID()}`, max, windowSeconds: 3600 });

beforeEach(() => clearOfWindowEdge(3600, 10), 30_000);

describe("Throttle.reserve", () => {
  it("counts exactly the limit under parallel attempts, never more", async () => {
    const cap = limit(7);
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => Throttle.reserve([cap], REFUSAL)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(7);
    for (const result of results) if (result.status === "rejected") expect(result.reason).toBeInstanceOf(TooManyRequestsError);
    expect(await Throttle.counted(cap)).toBe(7);
  });

  it("takes every limit or none: a full later limit gives the earlier slots back", async () => {
    const [first, full] = [limit(5), limit(1)];
    await Throttle.reserve([full], REFUSAL);
    const refused = Throttle.reserve([first, full], REFUSAL);
    await expect(refused).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(refused).rejects.toMatchObject({ code: "test.throttled", message: "Slow down" });
    expect(await Throttle.counted(first)).toBe(0);
    expect(await Throttle.counted(full)).toBe(1);
  });

  it("release gives a slot back without going below zero; clear forgets the window", async () => {
    const cap = limit(2);
    const slots = await Throttle.reserve([cap], REFUSAL);
    await Throttle.reserve([cap], REFUSAL);
    await Throttle.release(slots);
    expect(await Throttle.counted(cap)).toBe(1);
    await Throttle.release(slots);
    await Throttle.release(slots);
    expect(await Throttle.counted(cap)).toBe(0);
    await Throttle.reserve([cap], REFUSAL);
    await Throttle.clear(slots);
    expect(await Throttle.counted(cap)).toBe(0);
  });
});

describe("Throttle.clientKey", () => {
  it("keeps IPv4 addresses and counts an IPv6 client by its /64", () => {
    expect(Throttle.clientKey("203.0.113.9")).toBe("203.0.113.9");
    expect(Throttle.clientKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(Throttle.clientKey("2001:0DB8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(Throttle.clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(Throttle.clientKey("::1")).toBe("0:0:0:0::/64");
    expect(Throttle.clientKey("unknown")).toBe("unknown");
  });
});
