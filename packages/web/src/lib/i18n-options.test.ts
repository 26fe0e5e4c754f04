import { describe, expect, it } from "vitest";
import { i18nOptions, LANGUAGE_STORAGE_KEY, LANGUAGES, toLanguage } from "./i18n-options";

describe("i18next settings (SPEC §1, §9)", () => {
  it("offers en and es with English as the fallback", () => {
    expect(LANGUAGES).toEqual(["en", "es"]);
    expect(i18nOptions.fallbackLng).toBe("en");
    expect(i18nOptions.supportedLngs).toEqual(["en", "es"]);
  });

  it("detects from lng in the query, then cookie, local storage, session storage, browser and <html lang>, cached locally", () => {
    expect(i18nOptions.detection.order).toEqual(["querystring", "cookie", "localStorage", "sessionStorage", "navigator", "htmlTag"]);
    expect(i18nOptions.detection.lookupQuerystring).toBe("lng");
    expect(i18nOptions.detection.caches).toEqual(["localStorage"]);
    expect(i18nOptions.detection.lookupLocalStorage).toBe(LANGUAGE_STORAGE_KEY);
  });

  it("uses the default namespace translation and the SPEC separators", () => {
    expect(i18nOptions.defaultNS).toBe("translation");
    expect([i18nOptions.keySeparator, i18nOptions.nsSeparator, i18nOptions.pluralSeparator]).toEqual([".", ":", "_"]);
  });

  it("retries translation loads 5 times from 350 ms, with at most 10 parallel reads", () => {
    expect([i18nOptions.maxRetries, i18nOptions.retryTimeout, i18nOptions.maxParallelReads]).toEqual([5, 350, 10]);
  });

  it("maps regional and unknown codes onto a supported language", () => {
    expect(toLanguage("es-MX")).toBe("es");
    expect(toLanguage("ES")).toBe("es");
    expect(toLanguage("en-GB")).toBe("en");
    expect(toLanguage("fr")).toBe("en");
    expect(toLanguage(undefined)).toBe("en");
  });
});
