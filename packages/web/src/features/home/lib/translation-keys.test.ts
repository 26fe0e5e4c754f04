import { describe, expect, it } from "vitest";
import { mergedTranslations } from "../../../../locales-plugin";
import { FORM_STATES } from "../types";

const trees = { en: mergedTranslations("en"), es: mergedTranslations("es") };
const lookup = (tree: unknown, key: string) => key.split(".").reduce<any>((node, part) => node?.[part], tree);
const resolves = (tree: unknown, key: string) => ["", "_one", "_other"].some((suffix) => typeof lookup(tree, `${key}${suffix}`) === "string");

/** The home page names each form state (SPEC §4) and links to it with its count. */
describe("home translation keys built from lists", () => {
  const keys = [...FORM_STATES.map((state) => `home.forms.states.${state}`), "home.forms.stateLink"];
  it.each(Object.entries(trees))("are all in %s", (_lng, tree) => {
    expect(keys.filter((key) => !resolves(tree, key))).toEqual([]);
  });
});
