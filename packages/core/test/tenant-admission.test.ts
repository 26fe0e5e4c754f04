import { describe, expect, it } from "vitest";
import * as Company from "../src/company";
import * as Tenant from "../src/tenant";
import { UsageEntity } from "../src/tenant/usage.entity";

/*
 * A request is admitted and counted in one conditional write on the tenant's month item (issue 13's
 * counters, one write instead of two since issue 16's benchmarks): these are the races that write must win.
 */
describe("request admission", () => {
  it("admits exactly the minute's limit of concurrent first requests, counts each in the month, and starts again next minute", async () => {
    const { companyId } = await Company.create({ name: `Admission ${Date.now()}` });
    const limits = { requestsPerMinute: 10 };
    const minute = new Date("2026-11-24T10:05:30Z");
    const outcomes = await Promise.allSettled(Array.from({ length: 14 }, () => Tenant.admitRequest({ companyId, limits }, minute)));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(10);
    const refused = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason.message).toBe("This company has reached its limit of 10 requests per minute. Please try again shortly.");
    const month = (await UsageEntity.get({ companyId, period: Tenant.monthOf(minute) }).go()).data!;
    expect(month).toMatchObject({ requests: 10, minute: "2026-11-24T10:05", minuteRequests: 10 });

    const next = new Date("2026-11-24T10:06:01Z");
    await Promise.all(Array.from({ length: 3 }, () => Tenant.admitRequest({ companyId, limits }, next)));
    const after = (await UsageEntity.get({ companyId, period: Tenant.monthOf(next) }).go()).data!;
    expect(after).toMatchObject({ requests: 13, minute: "2026-11-24T10:06", minuteRequests: 3 });
    expect((await Tenant.usageOf({ companyId }, next)).thisMinute.requests).toBe(3);
  });

  it("reserves a busy tenant's requests in blocks, and gives the month back what a minute left unused", async () => {
    const { companyId } = await Company.create({ name: `Admission blocks ${Date.now()}` });
    const limits = { requestsPerMinute: 640 }; // blocks of up to 16
    const minute = new Date("2026-11-24T11:05:30Z");
    for (let i = 0; i < 40; i++) await Tenant.admitRequest({ companyId, limits }, minute);
    // blocks of 1, 2, 4, 8, 16 and 16: six writes for forty requests, seven reserved ahead
    expect((await UsageEntity.get({ companyId, period: Tenant.monthOf(minute) }).go()).data).toMatchObject({ requests: 47, minuteRequests: 47 });

    const next = new Date("2026-11-24T11:06:10Z");
    await Tenant.admitRequest({ companyId, limits }, next);
    expect((await UsageEntity.get({ companyId, period: Tenant.monthOf(next) }).go()).data).toMatchObject({ requests: 41, minute: "2026-11-24T11:06", minuteRequests: 1 });
  });

  it("admits exactly the limit when requests share blocks, and refuses the rest", async () => {
    const { companyId } = await Company.create({ name: `Admission shared ${Date.now()}` });
    const limits = { requestsPerMinute: 64 }; // blocks of 2
    const minute = new Date("2026-11-24T12:05:30Z");
    const outcomes = await Promise.allSettled(Array.from({ length: 80 }, () => Tenant.admitRequest({ companyId, limits }, minute)));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(64);
    expect((outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult).reason.message).toBe(
      "This company has reached its limit of 64 requests per minute. Please try again shortly.",
    );
    expect((await UsageEntity.get({ companyId, period: Tenant.monthOf(minute) }).go()).data).toMatchObject({ requests: 64, minuteRequests: 64 });
  });

  it("stops using a reserved block once the tenant's limit changes", async () => {
    const { companyId } = await Company.create({ name: `Admission lowered ${Date.now()}` });
    const minute = new Date("2026-11-24T13:05:30Z");
    for (let i = 0; i < 4; i++) await Tenant.admitRequest({ companyId, limits: { requestsPerMinute: 640 } }, minute); // blocks 1, 2, 4: three left
    Tenant.forgetLimits(companyId);
    await expect(Tenant.admitRequest({ companyId, limits: { requestsPerMinute: 5 } }, minute)).rejects.toThrow("limit of 5 requests per minute");
  });
});
