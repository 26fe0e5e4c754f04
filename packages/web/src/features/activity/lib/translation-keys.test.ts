import { describe, expect, it } from "vitest";
import { mergedTranslations } from "../../../../locales-plugin";
import { ACTIVITY_KINDS } from "../types";
import { ACTIONS, FIELDS, STATUSES } from "./sentence";

const trees = { en: mergedTranslations("en"), es: mergedTranslations("es") };
const lookup = (tree: unknown, key: string) => key.split(".").reduce<any>((node, part) => node?.[part], tree);

/** Every action's sentence and every kind's name, in both languages, each with the places for who and what. */
describe("activity translation keys built from lists", () => {
  const keys = [
    ...ACTIONS.map((action) => `activity.actions.${action}`),
    "activity.actions.other",
    ...ACTIVITY_KINDS.map((kind) => `activity.kinds.${kind}`),
    ...FIELDS.map((field) => `activity.fields.${field}`),
    ...STATUSES.map((status) => `activity.statuses.${status}`),
    "activity.statuses.company.active",
    "activity.statuses.company.suspended",
    ...["changes", "details", "asItWas", "values.yes", "values.no"].map((key) => `activity.${key}`),
  ];

  it.each(Object.entries(trees))("are all in %s", (_lng, tree) => {
    expect(keys.filter((key) => typeof lookup(tree, key) !== "string")).toEqual([]);
  });

  it.each(Object.entries(trees))("name the actor in every sentence in %s", (_lng, tree) => {
    expect(ACTIONS.filter((action) => !String(lookup(tree, `activity.actions.${action}`)).includes("{{actor}}"))).toEqual([]);
  });
});
