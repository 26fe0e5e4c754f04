import { describe, expect, it } from "vitest";
import { Company } from "../src/company";
import { Tenant } from "../src/tenant";
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
});
