import { describe, expect, it } from "vitest";
import { mergedTranslations } from "../../../../locales-plugin";
import { CELL_WORDS } from "./cells";
import { checkDashboard } from "./dashboard-form";
import { ERROR_KEYS, FIELD_MESSAGE_KEYS } from "./messages";
import { periodProblem } from "./period";

const trees = { en: mergedTranslations("en"), es: mergedTranslations("es") };
const lookup = (tree: unknown, key: string) => key.split(".").reduce<any>((node, part) => node?.[part], tree);
const resolves = (tree: unknown, key: string) => ["", "_one", "_other"].some((suffix) => typeof lookup(tree, `${key}${suffix}`) === "string");

/** Keys the dashboard screens build from lists or return from checks, which keys-used.test.ts cannot see. */
describe("dashboard translation keys built from lists", () => {
  const keys = [
    ...Object.values(ERROR_KEYS),
    ...FIELD_MESSAGE_KEYS.values(),
    ...Object.values(CELL_WORDS),
    ...Object.values(checkDashboard({ name: "", description: "d".repeat(501), metabaseId: "x", defaultParams: "[" })),
    "dashboards.form.errors.nameTooLong",
    ...["2026-13-01", "2026-11-02|2026-11-01", "2020-01-01|2026-01-01"].map((pair) => periodProblem(...(pair.split("|").concat("2026-11-01").slice(0, 2) as [string, string]))!),
    "dashboards.pin.pinNamed",
    "dashboards.pin.unpinNamed",
    "dashboards.pin.pinned",
    "dashboards.pin.unpinned",
    "dashboards.pin.pin",
    "dashboards.pin.unpin",
    "dashboards.chart.lineSummary",
    "dashboards.chart.barSummary",
    "dashboards.admin.created",
    "dashboards.admin.saved",
  ];

  it.each(Object.entries(trees))("are all in %s", (_lng, tree) => {
    expect(keys.filter((key) => !resolves(tree, key))).toEqual([]);
  });
});

describe("SPEC and API messages, in English as written there", () => {
  const messages = {
    "dashboards.errors.paramsInvalid": "Invalid JSON format for parameters",
    "dashboards.errors.notFound": "Dashboard not found",
    "dashboards.form.errors.nameRequired": "Dashboard name is required",
    "dashboards.form.errors.metabaseId": "Enter the Metabase dashboard number",
    "dashboards.errors.companyNotFound": "Company not found",
  };
  it.each(Object.entries(messages))("%s is %j", (key, text) => {
    expect(lookup(trees.en, key)).toBe(text);
    expect(typeof lookup(trees.es, key)).toBe("string");
  });
});
