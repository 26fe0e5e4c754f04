import { describe, expect, it } from "vitest";
import { parseConfig } from "./env";

describe("web configuration (STYLE rule 7)", () => {
  it("defaults to the same-origin API and every optional sign-in off", () => {
    expect(parseConfig({})).toEqual({
      apiUrl: "/api",
      contactFormUrl: undefined,
      features: { googleLogin: false, appleLogin: false, smsLogin: false, ssoLogin: false },
    });
  });

  it("reads the contact form address and feature flags", () => {
    const config = parseConfig({ VITE_API_URL: "https://api.example.com/", VITE_CONTACT_FORM_URL: "https://forms.example.com/f/1", VITE_FEATURE_SMS_LOGIN: "true" });
    expect(config.apiUrl).toBe("https://api.example.com");
    expect(config.contactFormUrl).toBe("https://forms.example.com/f/1");
    expect(config.features.smsLogin).toBe(true);
  });

  it("treats an empty contact form address as none", () => {
    expect(parseConfig({ VITE_CONTACT_FORM_URL: "" }).contactFormUrl).toBeUndefined();
  });

  it("names the setting that is wrong", () => {
    expect(() => parseConfig({ VITE_CONTACT_FORM_URL: "not a url" })).toThrow("Invalid web configuration: VITE_CONTACT_FORM_URL");
    expect(() => parseConfig({ VITE_CONTACT_FORM_URL: "javascript:alert(1)" })).toThrow("VITE_CONTACT_FORM_URL");
    expect(() => parseConfig({ VITE_FEATURE_GOOGLE_LOGIN: "yes" })).toThrow("VITE_FEATURE_GOOGLE_LOGIN");
  });
});
