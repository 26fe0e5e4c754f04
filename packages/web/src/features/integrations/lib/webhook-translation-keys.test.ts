import { describe, expect, it } from "vitest";
import { WEBHOOK_EVENTS, WEBHOOK_MESSAGES } from "@fleetforms/core/webhook/events";
import { mergedTranslations } from "../../../../locales-plugin";
import { WEBHOOK_ERROR_KEYS, WEBHOOK_FIELD_KEYS } from "../components/webhooks-section";

const trees = { en: mergedTranslations("en"), es: mergedTranslations("es") };
const lookup = (tree: unknown, key: string) => key.split(".").reduce<any>((node, part) => node?.[part], tree);

/** Keys the webhooks section builds from lists, which keys-used.test.ts cannot see. */
describe("webhooks translation keys built from lists", () => {
  const keys = [
    ...Object.values(WEBHOOK_ERROR_KEYS),
    ...WEBHOOK_FIELD_KEYS.values(),
    ...WEBHOOK_EVENTS.map((event) => `webhooks.events.${event.replace(".", "_")}`),
    ...["pending", "succeeded", "failed"].map((state) => `webhooks.state.${state}`),
  ];
  it.each(Object.entries(trees))("are all in %s", (_lng, tree) => {
    expect(keys.filter((key) => typeof lookup(tree, key) !== "string")).toEqual([]);
  });

  it("translate the API's messages, in English as the API words them", () => {
    for (const message of [WEBHOOK_MESSAGES.url, WEBHOOK_MESSAGES.target, WEBHOOK_MESSAGES.events]) expect(lookup(trees.en, WEBHOOK_FIELD_KEYS.get(message)!)).toBe(message);
    expect(lookup(trees.en, WEBHOOK_ERROR_KEYS["webhook.too_many"]!)).toBe(WEBHOOK_MESSAGES.tooMany);
    expect(lookup(trees.en, WEBHOOK_ERROR_KEYS["webhook.disabled"]!)).toBe(WEBHOOK_MESSAGES.disabled);
  });
});
