import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mergedTranslations } from "../../locales-plugin";
import { FOOTER_COLUMNS, LEGAL_LINKS, MARKETING_NAV } from "../components/layout/marketing-nav";
import { ROLES, sidebarLinks } from "../components/layout/sidebar-links";
import { ALERT_KINDS } from "../components/ui/alert-store";
import { BENEFIT_KEYS, PRICING_FAQ_KEYS, SERVICE_KEYS, SERVICE_POINTS, TESTIMONIAL_KEYS } from "../features/marketing/content";

const SRC = path.resolve(__dirname, "..");
const translations = { en: mergedTranslations("en"), es: mergedTranslations("es") };

function lookup(tree: unknown, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), tree);
}

/** A key used with `count` resolves through its plural forms (pluralSeparator "_", SPEC §9). */
const PLURAL_SUFFIXES = ["", "_one", "_other"];

function missing(keys: Iterable<string>) {
  const result: string[] = [];
  for (const key of keys)
    for (const [lng, tree] of Object.entries(translations))
      if (PLURAL_SUFFIXES.every((suffix) => lookup(tree, `${key}${suffix}`) === undefined)) result.push(`${lng}: ${key}`);
  return result;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("translation keys used by the code", () => {
  it("exist in both languages when written out in a t(...) call", () => {
    const used = new Set<string>();
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(/\bt\(\s*["'`]([a-zA-Z][\w-]*(?:\.[\w-]+)+)["'`]/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(50);
    expect(missing(used)).toEqual([]);
  });

  it("exist in both languages for the keys the shell and the marketing pages build from lists", () => {
    const keys = [
      ...ALERT_KINDS.map((kind) => `common.alerts.${kind}`),
      ...MARKETING_NAV.map((item) => `layout.nav.${item.key}`),
      ...FOOTER_COLUMNS.flatMap((column) => [`layout.footer.columns.${column.key}`, ...column.links.map((link) => `layout.footer.links.${link.key}`)]),
      ...LEGAL_LINKS.map((link) => `layout.footer.links.${link.key}`),
      ...sidebarLinks("admin", 2).map((link) => `layout.sidebar.links.${link.key}`),
      ...ROLES.map((role) => `layout.sidebar.roles.${role}`),
      ...SERVICE_KEYS.flatMap((key) => [`marketing.services.items.${key}.title`, `marketing.services.items.${key}.text`, ...SERVICE_POINTS.map((point) => `marketing.services.items.${key}.points.${point}`)]),
      ...BENEFIT_KEYS.flatMap((key) => [`marketing.benefits.items.${key}.title`, `marketing.benefits.items.${key}.text`]),
      ...TESTIMONIAL_KEYS.flatMap((key) => [`marketing.testimonials.items.${key}.quote`, `marketing.testimonials.items.${key}.role`]),
      ...PRICING_FAQ_KEYS.flatMap((key) => [`marketing.pricing.faq.items.${key}.question`, `marketing.pricing.faq.items.${key}.answer`]),
      ...["device", "vehicle", "user"].flatMap((plan) => ["name", "unit", "text"].map((field) => `marketing.pricing.${plan}.${field}`)),
      ...["privacy", "terms", "cookies"].flatMap((doc) => ["metaTitle", "title", "intro"].map((field) => `legal.${doc}.${field}`)),
    ];
    expect(missing(keys)).toEqual([]);
  });
});

describe("SPEC messages of the shell and shared pieces", () => {
  // SPEC §2 and §8, quoted exactly; the sign-in work's own messages are checked beside its files.
  const messages = {
    "common.loading": "Loading...",
    "layout.sidebar.noCompany": "No Company Selected",
    "common.errors.sessionExpired": "Your session has expired. Please log in again.",
    "common.errors.accessDenied": "Access denied. You don't have the required permissions.",
    "common.errors.selectCompany": "Please select a company to continue.",
    "common.errors.noAccessToken": "No access token available.",
    "common.errors.server": "Server error. Please try again later.",
    "common.errors.generic": "Something went wrong!",
    "common.errors.unexpected": "An unexpected error occurred",
  };

  it.each(Object.entries(messages))("%s is %j in English", (key, text) => {
    expect(lookup(translations.en, key)).toBe(text);
    expect(typeof lookup(translations.es, key)).toBe("string");
  });
});
