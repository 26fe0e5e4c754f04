import { describe, expect, it } from "vitest";
import { getMany } from "../src/db/get-many";
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
