import { createInstance, type TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { mergedTranslations } from "../../../../locales-plugin";
import { shareDuration } from "./share-duration";

const ts: Record<"en" | "es", TFunction> = {} as never;
beforeAll(async () => {
  for (const lng of ["en", "es"] as const) {
    const i18n = createInstance();
    await i18n.init({ lng, resources: { [lng]: { translation: mergedTranslations(lng) } }, interpolation: { escapeValue: false } });
    ts[lng] = i18n.t;
  }
});

describe("share link durations", () => {
  it("say whole days in days", () => {
    expect([24, 72, 168, 720].map((hours) => shareDuration(hours, ts.en))).toEqual(["1 day", "3 days", "7 days", "30 days"]);
    expect([24, 72, 168, 720].map((hours) => shareDuration(hours, ts.es))).toEqual(["1 día", "3 días", "7 días", "30 días"]);
  });

  it("keep hours for part of a day", () => {
    expect(shareDuration(12, ts.en)).toBe("12 hours");
    expect(shareDuration(1, ts.es)).toBe("1 hora");
  });
});
