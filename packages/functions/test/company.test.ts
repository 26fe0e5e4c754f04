import { describe, expect, it } from "vitest";
import { call, tokenFor, login } from "../../../tests/http";
import { ACME, BETA } from "../../../tests/auth-helpers";

describe("GET /company", () => {
  it("lists the caller's companies with the role held in each", async () => {
    const { access_token } = await login("multi_user");
    const response = await call("GET", "/company", { token: access_token });
    expect(response.status).toBe(200);
    const byId = Object.fromEntries(response.body.companies.map((company: any) => [company.id, company]));
    expect(byId[ACME]).toMatchObject({ name: "Acme Logistics", companyName: "Acme Logistics", role: "user" });
    expect(byId[BETA]).toMatchObject({ name: "Beta Transport", role: "viewer" });
    expect((await call("GET", "/company")).status).toBe(401);
  });

  it("lists every company for a provider administrator", async () => {
    const { access_token } = await login("admin");
    const response = await call("GET", "/company", { token: access_token });
    const ids = response.body.companies.map((company: any) => company.id);
    expect(ids).toEqual(expect.arrayContaining([ACME, BETA]));
    expect(response.body.companies.every((company: any) => company.role === "admin")).toBe(true);
  });
});

describe("GET /company/{id}", () => {
  it("shows a company the caller holds a seat in, even before selecting it", async () => {
    const { access_token } = await login("multi_user");
    const response = await call("GET", `/company/${BETA}`, { token: access_token });
    expect(response.status).toBe(200);
    expect(response.body.company).toMatchObject({ id: BETA, companyName: "Beta Transport", city: "San Antonio" });
  });

  it("refuses another company's details", async () => {
    const token = await tokenFor("acme_driver", ACME);
    const response = await call("GET", `/company/${BETA}`, { token });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe("Access denied. You don't have the required permissions.");
    // a company that does not exist is refused the same way: a stranger cannot probe which ids exist
    expect((await call("GET", "/company/no-such-company", { token })).status).toBe(403);
  });

  it("answers a provider administrator for any company, and 404 for none", async () => {
    const { access_token } = await login("admin");
    expect((await call("GET", `/company/${BETA}`, { token: access_token })).status).toBe(200);
    expect((await call("GET", "/company/no-such-company", { token: access_token })).status).toBe(404);
  });
});
