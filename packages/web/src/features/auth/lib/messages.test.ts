import { describe, expect, it } from "vitest";
import { mergedTranslations } from "../../../../locales-plugin";
import { MESSAGE_KEYS } from "./messages";

const lookup = (tree: unknown, key: string) => key.split(".").reduce<any>((node, part) => node?.[part], tree);

describe("auth messages", () => {
  it("translate every API and schema message in English (word for word) and Spanish", () => {
    const en = mergedTranslations("en");
    const es = mergedTranslations("es");
    for (const [message, key] of MESSAGE_KEYS) {
      expect(lookup(en, key), key).toBe(message);
      expect(typeof lookup(es, key), key).toBe("string");
    }
  });
});
