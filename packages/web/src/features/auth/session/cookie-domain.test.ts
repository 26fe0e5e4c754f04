import { getDomain } from "tldts";
import { describe, expect, it } from "vitest";
import { cookieScope, sharedDomain } from "./cookie-domain";

/** Security issue item 6 / SPEC §9: the shared domain comes from the public-suffix list, not the last two labels. */
describe("the session cookies' shared domain", () => {
  it("is the registrable domain: app.example.co.uk shares example.co.uk, never co.uk", () => {
    expect(sharedDomain("app.example.co.uk", getDomain)).toBe("example.co.uk");
    expect(sharedDomain("fleetforms.example.com", getDomain)).toBe("example.com");
    expect(sharedDomain("APP.Example.COM.AU", getDomain)).toBe("example.com.au");
  });

  it("is none on local and staging hosts", () => {
    for (const host of ["localhost", "127.0.0.1", "app.localhost", "devbox", "staging.fleetforms.com", "fleetforms-staging.example.co.uk"]) {
      expect(sharedDomain(host, getDomain), host).toBeNull();
    }
  });

  it("is the host itself under a private suffix (a CloudFront distribution shares nothing with the others)", () => {
    expect(sharedDomain("d111111abcdef8.cloudfront.net", getDomain)).toBe("d111111abcdef8.cloudfront.net");
  });

  it("is none for a host that is itself a public suffix", () => {
    expect(sharedDomain("co.uk", getDomain)).toBeNull();
  });

  it("loads the list only off local and staging hosts", async () => {
    expect(await cookieScope("localhost")).toEqual({ hostname: "localhost", domain: null });
    expect(await cookieScope("app.example.co.uk")).toEqual({ hostname: "app.example.co.uk", domain: "example.co.uk" });
  });
});
