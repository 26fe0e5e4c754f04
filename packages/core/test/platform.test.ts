import { describe, expect, it } from "vitest";
import * as z from "@fleetforms/core/util/zod";
import * as Counter from "@fleetforms/core/counter/index";
import * as Company from "@fleetforms/core/company/index";
import { CompanyEntity } from "@fleetforms/core/company/company.entity";
import { guardVersion } from "@fleetforms/core/db/versioned";
import { STALE_RECORD_MESSAGE, StaleRecordError, ValidationError } from "@fleetforms/core/util/errors";
import { fieldErrorsOf, fn } from "@fleetforms/core/util/fn";
import * as Maintenance from "@fleetforms/core/maintenance/index";
import { ThrottleEntity } from "@fleetforms/core/auth/session.entity";

describe("the counter", () => {
  it("hands out increasing positive integers, none twice under concurrency", async () => {
    const name = `test-${Math.random()}`;
    const ids = await Promise.all(Array.from({ length: 25 }, () => Counter.next(name)));
    expect(new Set(ids).size).toBe(25);
    expect(Math.min(...ids)).toBe(1);
    expect(Math.max(...ids)).toBe(25);
  });
});

describe("optimistic concurrency", () => {
  const rename = (companyId: string, version: number, name: string) =>
    guardVersion(
      CompanyEntity.patch({ companyId })
        .set({ name })
        .add({ version: 1 })
        .where((attr, op) => op.eq(attr.version, version))
        .go({ response: "all_new" }),
    );

  it("lets the writer holding the current version win and refuses the stale one with the SPEC's 409", async () => {
    const company = await Company.create({ name: "Versioned Co" });
    await expect(rename(company.companyId, 1, "First")).resolves.toMatchObject({ data: { version: 2, name: "First" } });
    const stale = rename(company.companyId, 1, "Second");
    await expect(stale).rejects.toBeInstanceOf(StaleRecordError);
    await expect(stale).rejects.toMatchObject({ status: 409, message: STALE_RECORD_MESSAGE });
    expect((await Company.mustGet(company.companyId)).name).toBe("First");
  });

  it("lets exactly one of many concurrent writers of one version through", async () => {
    const company = await Company.create({ name: "Race Co" });
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => rename(company.companyId, 1, `Writer ${i}`)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((result) => result.status === "rejected" && result.reason instanceof StaleRecordError)).toHaveLength(19);
  });
});

describe("fn()", () => {
  const verb = fn(z.object({ name: z.string().check(z.minLength(1, "Company name cannot be empty")) }), (input) => input.name.toUpperCase());

  it("validates its input and exposes its schema", () => {
    expect(verb({ name: "acme" })).toBe("ACME");
    expect(verb.schema.safeParse({ name: "" }).success).toBe(false);
    try {
      verb({ name: "" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).fieldErrors).toEqual({ name: ["Company name cannot be empty"] });
    }
  });
});

describe("field errors", () => {
  it("keep a path named like an Object method as a plain key", () => {
    const schema = z.strictObject({ toString: z.string(), __proto__: z.string() });
    const result = schema.safeParse({ toString: 1, ["__proto__"]: 2 });
    expect(result.success).toBe(false);
    const errors = fieldErrorsOf((result as { error: z.core.$ZodError }).error);
    expect(Object.keys(errors)).toContain("toString");
    expect(JSON.parse(JSON.stringify(errors)).toString).toEqual(expect.any(Array));
  });
});

describe("the clean-up job", () => {
  it("removes items whose TTL has passed and keeps the others", async () => {
    const key = `cleanup-${Math.random()}`;
    const now = Math.floor(Date.now() / 1000);
    await ThrottleEntity.create({ key, window: 1, count: 1, expiresAt: now - 10 }).go();
    await ThrottleEntity.create({ key, window: 2, count: 1, expiresAt: now + 3600 }).go();
    expect(await Maintenance.purgeExpired(now)).toBeGreaterThanOrEqual(1);
    expect((await ThrottleEntity.get({ key, window: 1 }).go()).data).toBeNull();
    expect((await ThrottleEntity.get({ key, window: 2 }).go()).data).not.toBeNull();
  });
});
