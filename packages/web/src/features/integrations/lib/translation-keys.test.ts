import { describe, expect, it } from "vitest";
import { API_SCOPES, KEY_MESSAGES } from "@fleetforms/core/apikey/scopes";
import { mergedTranslations } from "../../../../locales-plugin";
import { ERROR_KEYS, FIELD_MESSAGE_KEYS } from "./messages";

const trees = { en: mergedTranslations("en"), es: mergedTranslations("es") };
const lookup = (tree: unknown, key: string) => key.split(".").reduce<any>((node, part) => node?.[part], tree);

/** Keys the integrations page builds from lists, which keys-used.test.ts cannot see. */
describe("integrations translation keys built from lists", () => {
  const keys = [
    ...Object.values(ERROR_KEYS),
    ...FIELD_MESSAGE_KEYS.values(),
    ...API_SCOPES.map((scope) => `integrations.scopes.${scope.replace(":", "_")}`),
    ...["active", "expired", "revoked"].map((status) => `integrations.status.${status}`),
  ];
  it.each(Object.entries(trees))("are all in %s", (_lng, tree) => {
    expect(keys.filter((key) => typeof lookup(tree, key) !== "string")).toEqual([]);
  });
});

describe("the API's key messages", () => {
  it("are translated, in English as the API words them", () => {
    for (const message of [KEY_MESSAGES.name, KEY_MESSAGES.scopes, KEY_MESSAGES.expiry]) {
      const key = FIELD_MESSAGE_KEYS.get(message);
      expect(key, message).toBeDefined();
      expect(lookup(trees.en, key!)).toBe(message);
      expect(typeof lookup(trees.es, key!)).toBe("string");
    }
    expect(lookup(trees.en, ERROR_KEYS["apikey.too_many"]!)).toBe(KEY_MESSAGES.tooMany);
    expect(lookup(trees.en, ERROR_KEYS["apikey.not_found"]!)).toBe(KEY_MESSAGES.notFound);
    expect(lookup(trees.en, ERROR_KEYS["apikey.already_revoked"]!)).toBe(KEY_MESSAGES.alreadyRevoked);
  });
});
