import { describe, expect, it } from "vitest";
import { cookieAttributes, deletionCookies, isRedirectable, parseCookies, redirectCookie, tokenCookies, tokensFromHash, expiresSoon } from "./tokens";

const local = { hostname: "localhost", domain: null };

const jwt = (claims: Record<string, unknown>) => `h.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.s`;
const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const inSeconds = (s: number) => Math.floor(NOW / 1000) + s;

describe("session cookies (SPEC §9)", () => {
  it("use only path / on local and staging hosts", () => {
    for (const host of ["localhost", "127.0.0.1", "app.localhost", "staging.fleetforms.com", "fleetforms-staging.example.com", "devbox"]) {
      expect(cookieAttributes({ hostname: host, domain: null })).toEqual(["path=/"]);
    }
  });

  it("add the shared domain, Secure and SameSite=Strict elsewhere", () => {
    expect(cookieAttributes({ hostname: "app.fleetforms.com", domain: "fleetforms.com" })).toEqual(["path=/", "domain=.fleetforms.com", "secure", "samesite=strict"]);
    expect(cookieAttributes({ hostname: "fleetforms.com", domain: "fleetforms.com" })).toContain("domain=.fleetforms.com");
  });

  it("stay host-only, still Secure and SameSite=Strict, where a host has no shared domain", () => {
    expect(cookieAttributes({ hostname: "d111111abcdef8.cloudfront.net", domain: null })).toEqual(["path=/", "secure", "samesite=strict"]);
  });

  it("are deleted host-only and under every parent domain, wherever an older version wrote them", () => {
    expect(deletionCookies("access_token", "app.example.co.uk")).toEqual([
      "access_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; secure; samesite=strict",
      "access_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; domain=.app.example.co.uk; secure; samesite=strict",
      "access_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; domain=.example.co.uk; secure; samesite=strict",
      "access_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; domain=.co.uk; secure; samesite=strict",
    ]);
    expect(deletionCookies("access_token", "localhost")).toEqual(["access_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/"]);
  });

  it("expire with the tokens", () => {
    const [access, refresh] = tokenCookies({ access_token: jwt({ sub: "u", exp: inSeconds(900) }), refresh_token: "r", refresh_expires_in: 3600 }, local, NOW);
    expect(access).toContain(`expires=${new Date((inSeconds(900)) * 1000).toUTCString()}`);
    expect(refresh).toContain(`expires=${new Date(NOW + 3600_000).toUTCString()}`);
  });

  it("round-trip through the cookie string", () => {
    expect(parseCookies("a=1; access_token=x%3Dy; b=")).toEqual({ a: "1", access_token: "x=y", b: "" });
  });
});

describe("redirect cookie (SPEC §5, §9)", () => {
  it("is never set for the login path and lasts a day", () => {
    expect(redirectCookie("/login?reason=expired", local, NOW)).toBeNull();
    expect(redirectCookie("/login/", local, NOW)).toBeNull();
    expect(redirectCookie("/forms/3?x=1", local, NOW)).toContain(`expires=${new Date(NOW + 86400_000).toUTCString()}`);
    expect(isRedirectable("//evil.example/")).toBe(false);
    expect(isRedirectable("https://evil.example/")).toBe(false);
  });
});

describe("tokens in the URL hash (SPEC §4, §5)", () => {
  it("are taken only when not expired", () => {
    const fresh = jwt({ sub: "u", exp: inSeconds(600) });
    expect(tokensFromHash(`#access_token=${fresh}&refresh_token=r`, NOW).pair).toMatchObject({ access_token: fresh, refresh_token: "r" });
    const stale = jwt({ sub: "u", exp: inSeconds(-1) });
    expect(tokensFromHash(`#access_token=${stale}&refresh_token=r`, NOW)).toEqual({ pair: null, present: true });
    expect(tokensFromHash("#section-2", NOW)).toEqual({ pair: null, present: false });
  });
});

describe("refresh timing (SPEC §9)", () => {
  it("refreshes when fewer than 5 minutes remain", () => {
    expect(expiresSoon(inSeconds(299), NOW)).toBe(true);
    expect(expiresSoon(inSeconds(301), NOW)).toBe(false);
  });
});

describe("a device clock that is wrong", () => {
  it("still lets the access cookie expire with the token", () => {
    const skewMs = 20 * 60_000; // the device is 20 minutes behind the server
    const [access] = tokenCookies({ access_token: jwt({ sub: "u", exp: inSeconds(900) }), refresh_token: "r" }, local, NOW, skewMs);
    expect(access).toContain(`expires=${new Date(inSeconds(900) * 1000 - skewMs).toUTCString()}`);
  });
});
