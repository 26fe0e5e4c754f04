import { describe, expect, it } from "vitest";
import { FOOTERLESS_PATHS, LEGAL_LINKS, MARKETING_NAV, showsMarketingFooter } from "./marketing-nav";

describe("the marketing footer rule (SPEC §2)", () => {
  it.each(["/login", "/sms-login", "/request-reset-password", "/reset-password", "/register"])("is hidden on %s", (path) => {
    expect(showsMarketingFooter(path)).toBe(false);
    expect(showsMarketingFooter(`${path}/`)).toBe(false);
    expect(showsMarketingFooter(path.toUpperCase())).toBe(false);
  });

  it.each(["/", "/index", "/services", "/benefits", "/pricing", "/testimonials", "/underConstruction", "/docs/contact", "/test-form", "/test-form/preview", "/privacy", "/terms", "/cookies"])("is shown on %s", (path) => {
    expect(showsMarketingFooter(path)).toBe(true);
  });

  it("matches whole paths only", () => {
    expect(showsMarketingFooter("/login-help")).toBe(true);
    expect(showsMarketingFooter("/registered")).toBe(true);
    expect(FOOTERLESS_PATHS).toHaveLength(5);
  });
});

describe("the marketing links", () => {
  it("are home, services, benefits, pricing and testimonials, in that order", () => {
    expect(MARKETING_NAV.map((item) => item.to)).toEqual(["/", "/services", "/benefits", "/pricing", "/testimonials"]);
  });

  it("include privacy, terms and cookies in the footer", () => {
    expect(LEGAL_LINKS.map((link) => link.to)).toEqual(["/privacy", "/terms", "/cookies"]);
  });
});
