import { describe, expect, it } from "vitest";
import { CADENCE_MESSAGES, REPORT_MESSAGES } from "@fleetforms/core/report/schemas";
import { mergedTranslations } from "../../../../locales-plugin";
import { CADENCE_KINDS, FORMATS, PERIODS, RECIPIENT_STATES, RUN_STATUSES, RUN_TRIGGERS, SCHEDULE_STATUSES, WHATS } from "../types";
import { ERROR_KEYS, FIELD_MESSAGE_KEYS } from "./messages";

const trees = { en: mergedTranslations("en"), es: mergedTranslations("es") };
const lookup = (tree: unknown, key: string) => key.split(".").reduce<any>((node, part) => node?.[part], tree);

/** Keys the reports screens build from lists, which keys-used.test.ts cannot see. */
describe("reports translation keys built from lists", () => {
  const keys = [
    ...Object.values(ERROR_KEYS),
    ...FIELD_MESSAGE_KEYS.values(),
    ...SCHEDULE_STATUSES.map((status) => `reports.status.${status}`),
    ...CADENCE_KINDS.flatMap((kind) => [`reports.kind.${kind}`, `reports.cadence.${kind}`]),
    ...PERIODS.map((period) => `reports.period.${period}`),
    ...FORMATS.map((format) => `reports.format.${format}`),
    ...WHATS.map((what) => `reports.what.${what}`),
    ...RUN_STATUSES.map((status) => `reports.runs.status.${status}`),
    ...RUN_TRIGGERS.map((trigger) => `reports.runs.trigger.${trigger}`),
    ...RECIPIENT_STATES.map((state) => `reports.recipients.state.${state}`),
    ...["when", "trigger", "status", "rows", "size", "duration", "error", "file"].map((column) => `reports.runs.columns.${column}`),
  ];
  it.each(Object.entries(trees))("are all in %s", (_lng, tree) => {
    expect(keys.filter((key) => typeof lookup(tree, key) !== "string")).toEqual([]);
  });
});

describe("API messages, in English as docs/api-reports.md words them", () => {
  it("translates every field message the form or the API gives", () => {
    const schedule = [REPORT_MESSAGES.nameRequired, REPORT_MESSAGES.formsRequired, REPORT_MESSAGES.formUnknown, REPORT_MESSAGES.recipientsRequired, REPORT_MESSAGES.recipientUnknown, REPORT_MESSAGES.email, REPORT_MESSAGES.zipSubmissionsOnly];
    for (const message of [...schedule, ...Object.values(CADENCE_MESSAGES)]) {
      const key = FIELD_MESSAGE_KEYS.get(message);
      expect(key, message).toBeDefined();
      expect(lookup(trees.en, key!)).toBe(message);
      expect(typeof lookup(trees.es, key!)).toBe("string");
    }
  });

  it.each([
    ["reports.errors.notFound", REPORT_MESSAGES.notFound],
    ["reports.errors.runNotFound", REPORT_MESSAGES.runNotFound],
    ["reports.errors.notReady", REPORT_MESSAGES.notReady],
    ["reports.errors.runLimitHour", REPORT_MESSAGES.runLimitHour],
    ["reports.errors.runLimitDay", REPORT_MESSAGES.runLimitDay],
    ["reports.errors.schedulesLimit", REPORT_MESSAGES.schedulesLimit],
    ["reports.errors.confirmationsLimit", REPORT_MESSAGES.confirmationsLimit],
    ["reports.errors.confirmInvalid", REPORT_MESSAGES.confirmLinkInvalid],
    ["reports.errors.confirmExpired", REPORT_MESSAGES.confirmLinkExpired],
  ])("%s is %j", (key, text) => {
    expect(lookup(trees.en, key)).toBe(text);
  });
});
