import { describe, expect, it } from "vitest";
import { parseCollapsed, profilePathForRole, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, sidebarLinks } from "./sidebar-links";

const paths = (role: string | null, companies: number) => sidebarLinks(role, companies).map((link) => link.to);

describe("the sidebar menu (SPEC §2, §6)", () => {
  it.each(["user", "viewer", "inactive"])("gives %s Home and Forms only", (role) => {
    expect(paths(role, 1)).toEqual(["/home", "/forms"]);
  });

  it.each(["admin", "orgadmin"])("gives %s Documents, Dashboards and Admin too", (role) => {
    expect(paths(role, 1)).toEqual(["/home", "/forms", "/documents", "/dashboards", "/admin"]);
  });

  it("adds the company list only when the token claims more than one company", () => {
    expect(paths("user", 0)).not.toContain("/company-select");
    expect(paths("user", 1)).not.toContain("/company-select");
    expect(paths("user", 2)).toEqual(["/home", "/forms", "/company-select"]);
    expect(paths("orgadmin", 3).at(-1)).toBe("/company-select");
  });

  it("treats a missing or unknown role as a plain user", () => {
    expect(paths(null, 1)).toEqual(["/home", "/forms"]);
    expect(paths("superuser", 1)).toEqual(["/home", "/forms"]);
  });
});

describe("the user block's profile route (SPEC §2, §6)", () => {
  it("is the role's own profile, the user profile by default", () => {
    expect(profilePathForRole("admin")).toBe("/adminProfile");
    expect(profilePathForRole("orgadmin")).toBe("/orgadminProfile");
    expect(profilePathForRole("user")).toBe("/userProfile");
    expect(profilePathForRole("viewer")).toBe("/userProfile");
    expect(profilePathForRole(undefined)).toBe("/userProfile");
  });
});

describe("the sidebar's width (SPEC §9)", () => {
  it("is 16rem expanded and 3rem collapsed", () => {
    expect(SIDEBAR_WIDTH).toBe("16rem");
    expect(SIDEBAR_COLLAPSED_WIDTH).toBe("3rem");
  });

  it("starts expanded unless collapsed was remembered", () => {
    expect(parseCollapsed(null)).toBe(false);
    expect(parseCollapsed("false")).toBe(false);
    expect(parseCollapsed("garbage")).toBe(false);
    expect(parseCollapsed("true")).toBe(true);
  });
});
