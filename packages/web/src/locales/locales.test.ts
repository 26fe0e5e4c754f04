import { describe, expect, it } from "vitest";
import { languages, mergedTranslations } from "../../locales-plugin";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe("translations", () => {
  it("ships English and Spanish", () => {
    expect(languages().sort()).toEqual(["en", "es"]);
  });

  it("has every key in both languages", () => {
    const en = new Set(keys(mergedTranslations("en")));
    const es = new Set(keys(mergedTranslations("es")));
    expect([...en].filter((key) => !es.has(key)), "missing in es").toEqual([]);
    expect([...es].filter((key) => !en.has(key)), "missing in en").toEqual([]);
  });

  it("has no empty strings", () => {
    for (const lng of languages()) {
      // merged once per language: merging per key made this test take 12 s alone and time out under load
      const merged = mergedTranslations(lng);
      const flat = keys(merged);
      const get = (path: string) => path.split(".").reduce<any>((node, key) => node[key], merged);
      expect(flat.filter((key) => typeof get(key) === "string" && get(key).trim() === ""), lng).toEqual([]);
    }
  });
});
