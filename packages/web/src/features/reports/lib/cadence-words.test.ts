import { describe, expect, it } from "vitest";
import { mergedTranslations } from "../../../../locales-plugin";
import type { Language } from "@/lib/i18n-options";
import { cadenceWords, weekdayName } from "./cadence-words";

const lookup = (tree: unknown, key: string) => key.split(".").reduce<any>((node, part) => node?.[part], tree) as string;
/** The app's translations, interpolated as i18next does with escaping off. */
const translator = (lang: Language) => {
  const tree = mergedTranslations(lang);
  return (key: string, values: Record<string, string | number>) => lookup(tree, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
};

describe("cadenceWords", () => {
  it.each([
    ["en", { kind: "weekly", day: 1, time: "07:00" }, "America/Chicago", "Every Monday at 07:00 (America/Chicago)"],
    ["es", { kind: "weekly", day: 1, time: "07:00" }, "America/Chicago", "Cada lunes a las 07:00 (America/Chicago)"],
    ["en", { kind: "weekly", day: 7, time: "18:30" }, "Europe/Madrid", "Every Sunday at 18:30 (Europe/Madrid)"],
    ["es", { kind: "weekly", day: 7, time: "18:30" }, "Europe/Madrid", "Cada domingo a las 18:30 (Europe/Madrid)"],
    ["en", { kind: "daily", time: "06:15" }, "UTC", "Every day at 06:15 (UTC)"],
    ["es", { kind: "daily", time: "06:15" }, "UTC", "Todos los días a las 06:15 (UTC)"],
    ["en", { kind: "monthly", day: 31, time: "23:59" }, "America/Mexico_City", "On day 31 of every month at 23:59 (America/Mexico_City)"],
    ["es", { kind: "monthly", day: 1, time: "00:00" }, "America/Mexico_City", "El día 1 de cada mes a las 00:00 (America/Mexico_City)"],
  ] as const)("%s %j in %s", (lang, cadence, timeZone, words) => {
    expect(cadenceWords(cadence, timeZone, lang, translator(lang))).toBe(words);
  });

  it("names the days Monday to Sunday as the API numbers them (ISO 8601)", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((day) => weekdayName(day, "en"))).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);
    expect(weekdayName(3, "es")).toBe("miércoles");
  });
});
