import { describe, expect, it } from "vitest";
import { call, login, unique } from "../../../tests/http";
import { ACME, freshUser, registrationPayload } from "../../../tests/auth-helpers";
import * as User from "@fleetforms/core/user/index";
import * as Company from "@fleetforms/core/company/index";

const UNSAFE = "Remove the control or text-direction characters from this field";
const RLO = "\u202E";

/** Security item 10: names that would display differently from what is stored are refused, and nothing is written. */
describe("control and text-direction characters in names", () => {
  it("POST /auth/register/user-and-company with a U+202E in the name answers 400 and stores nothing", async () => {
    for (const field of ["firstName", "lastName", "companyName"]) {
      const payload = registrationPayload({ [field]: `Reggie${RLO}gpj.exe` });
      const response = await call("POST", "/auth/register/user-and-company", { body: payload });
      expect(response.status, field).toBe(400);
      expect(response.body.message).toBe(UNSAFE);
      expect(response.body.fieldErrors[field]).toEqual([UNSAFE]);
      expect(await User.fromLogin(payload.username)).toBeUndefined();
      expect(await User.fromLogin(payload.email)).toBeUndefined();
    }
  });

  it("POST /auth/register with a U+202E in the name answers 400 and stores nothing", async () => {
    const username = unique("rlo_").slice(0, 20);
    const response = await call("POST", "/auth/register", { body: { user: { username, firstName: `Ana${RLO}`, lastName: "Lopez" }, email: `${username}@example.com`, password: "solo registration ok" } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(UNSAFE);
    expect(await User.fromLogin(username)).toBeUndefined();
  });

  it("POST /user/editUserProfile with a U+202E in the name answers 400 and changes nothing", async () => {
    const person = await freshUser({ seats: [[ACME, "user"]] });
    const { access_token } = await login(person.username, person.password);
    const before = (await User.fromId(person.user.userId))!;
    for (const body of [{ firstName: `Ana${RLO}` }, { lastName: `Lo\u2066pez` }, { firstName: "Ana", lastName: "Lo\u0000pez" }]) {
      const response = await call("POST", "/user/editUserProfile", { token: access_token, body: { userId: person.user.userId, version: before.version, ...body } });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toBe(UNSAFE);
    }
    const after = (await User.fromId(person.user.userId))!;
    expect({ firstName: after.firstName, lastName: after.lastName, version: after.version }).toEqual({ firstName: before.firstName, lastName: before.lastName, version: before.version });
    // an ordinary edit still works
    const ok = await call("POST", "/user/editUserProfile", { token: access_token, body: { userId: person.user.userId, version: before.version, firstName: "Ána María" } });
    expect(ok.status).toBe(200);
  });

  it("refuses a company name spoofed with a bidi override at registration, leaving no company behind", async () => {
    const name = `Acme ${unique("c")}${RLO}`;
    const response = await call("POST", "/auth/register/user-and-company", { body: registrationPayload({ companyName: name }) });
    expect(response.status).toBe(400);
    expect((await Company.listAll()).some((company) => company.name === name.trim())).toBe(false);
  });
});
