import { describe, expect, it } from "vitest";
import { call } from "../../../tests/http";
import { claimsOf, registerCompany } from "../../../tests/auth-helpers";

/*
 * Issue 40, point 5: a person who switched their account to Spanish was still listed as English on
 * /admin/users. The listing reads each seat's copy of the profile; the switch now writes the copies too.
 */
describe("the language a person chose for their account", () => {
  it("is the language the company's user listing shows, each way", async () => {
    const { tokens } = await registerCompany({ lang: "en" });
    const token = tokens.access_token;
    const { companyId, sub: userId } = claimsOf(token) as { companyId: string; sub: string };
    const listed = async () => {
      const answer = await call("GET", `/company/${companyId}/users`, { token });
      expect(answer.status).toBe(200);
      return (answer.body.data as { id: string; lang: string }[]).find((row) => row.id === userId)!.lang;
    };
    expect(await listed()).toBe("en");
    for (const lang of ["es", "en", "es"] as const) {
      const switched = await call("PUT", "/user/setUserLang", { token, body: { lang } });
      expect(switched.status).toBe(200);
      expect(await listed()).toBe(lang);
    }
  });
});
