import { describe, expect, it } from "vitest";
import { getMany, getOne } from "../src/db/get-many";
import { documentClient } from "../src/db/client";
import { UserEntity } from "../src/user/user.entity";
import { CompanyEntity, SeatEntity } from "../src/company/company.entity";
import { SessionFamilyEntity } from "../src/auth/session.entity";

describe("getMany", () => {
  it("answers each entity's item as its own get would, undefined for missing ones, in the order asked", async () => {
    const [user, missing, seat, company, again] = await getMany([
      { entity: UserEntity, key: { userId: "demo-acme-admin" } },
      { entity: SessionFamilyEntity, key: { familyId: "no-such-family" } },
      { entity: SeatEntity, key: { companyId: "acme-logistics", userId: "demo-acme-admin" } },
      { entity: CompanyEntity, key: { companyId: "acme-logistics" } },
      { entity: UserEntity, key: { userId: "demo-acme-admin" } },
    ]);
    expect(user).toEqual((await UserEntity.get({ userId: "demo-acme-admin" }).go()).data);
    expect(missing).toBeUndefined();
    expect(seat).toMatchObject({ companyId: "acme-logistics", userId: "demo-acme-admin", role: "orgadmin" });
    expect(company).toEqual((await CompanyEntity.get({ companyId: "acme-logistics" }).go()).data);
    expect(again).toEqual(user);
  });
});

describe("getOne", () => {
  it("reads every key asked for in the same turn in one BatchGetItem, and each later turn in its own", async () => {
    const operations: string[] = [];
    documentClient().middlewareStack.add((next, context) => async (args) => {
      operations.push(context.commandName ?? "");
      return next(args);
    });
    const before = operations.length;
    const [user, seat, missing, same] = await Promise.all([
      getOne(UserEntity, { userId: "demo-acme-driver" }),
      getOne(SeatEntity, { companyId: "acme-logistics", userId: "demo-acme-driver" }, { consistent: true }),
      getOne(CompanyEntity, { companyId: "no-such-company" }),
      getOne(UserEntity, { userId: "demo-acme-driver" }),
    ]);
    expect(operations.slice(before)).toEqual(["BatchGetItemCommand"]);
    expect(user).toEqual((await UserEntity.get({ userId: "demo-acme-driver" }).go()).data);
    expect(seat).toMatchObject({ role: "user" });
    expect(missing).toBeUndefined();
    expect(same).toEqual(user);

    const next = operations.length;
    await getOne(UserEntity, { userId: "demo-acme-admin" });
    await getOne(UserEntity, { userId: "demo-acme-viewer" });
    expect(operations.slice(next)).toEqual(["BatchGetItemCommand", "BatchGetItemCommand"]);
  });
});
