import { describe, expect, it } from "vitest";
import { mergedTranslations } from "../../../../locales-plugin";
import { ERROR_KEYS, FIELD_MESSAGE_KEYS } from "./messages";

const trees = { en: mergedTranslations("en"), es: mergedTranslations("es") };
const lookup = (tree: unknown, key: string) => key.split(".").reduce<any>((node, part) => node?.[part], tree);
const resolves = (tree: unknown, key: string) => ["", "_one", "_other"].some((suffix) => typeof lookup(tree, `${key}${suffix}`) === "string");

/** Keys the billing screens build from lists or return from checks, which keys-used.test.ts cannot see. */
describe("billing translation keys built from lists", () => {
  const keys = [
    ...Object.values(ERROR_KEYS),
    ...FIELD_MESSAGE_KEYS.values(),
    ...["users", "vehicles"].map((line) => `billing.breakdown.${line}`),
    ...["total", "paid", "unpaid"].map((cell) => `billing.admin.totals.${cell}`),
    "billing.paidBy.stripe",
    "billing.paidBy.test",
    "billing.paidBy.nothingDue",
  ];

  it.each(Object.entries(trees))("are all in %s", (_lng, tree) => {
    expect(keys.filter((key) => !resolves(tree, key))).toEqual([]);
  });
});

describe("SPEC and API messages, in English as written there", () => {
  const messages = {
    "billing.errors.monthInvalid": "Enter a month as YYYY-MM",
    "billing.errors.notFound": "Billing month not found",
    "billing.errors.certifyRequired": "Please certify the recurring payment to continue.",
    "billing.errors.alreadyPaid": "This month is already paid.",
    "billing.errors.sessionFailed": "Payment session creation failed. Please try again.",
    "billing.errors.notConfigured": "Payments are not configured.",
    "billing.errors.sessionNotFound": "Payment session not found",
    "billing.errors.monthOpen": "Only a month that has ended can be billed.",
    "billing.errors.nothingDue": "There is nothing to pay for this month.",
    "billing.admin.markPaid.noteRequired": "Enter a note about the payment",
    "billing.admin.markPaid.noteTooLong": "Keep the note to 500 characters or fewer",
    "billing.test.banner": "Test mode — no real payment",
  };
  it.each(Object.entries(messages))("%s is %j", (key, text) => {
    expect(lookup(trees.en, key)).toBe(text);
    expect(typeof lookup(trees.es, key)).toBe("string");
  });

  it("says test mode in Spanish as the issue asks", () => {
    expect(lookup(trees.es, "billing.test.banner")).toBe("Modo de prueba — sin pago real");
  });
});
