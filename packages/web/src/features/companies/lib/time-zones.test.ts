import { describe, expect, it } from "vitest";
import { LOGO_MESSAGE, REPORT_DETAILS_MESSAGE, TIME_ZONE_MESSAGE } from "@fleetforms/core/company/schemas";
import { mergedTranslations } from "../../../../locales-plugin";
import { FIELD_MESSAGE_KEYS } from "./messages";
import { timeZoneLabel, timeZoneOptions } from "./time-zones";

const lookup = (tree: unknown, key: string) => key.split(".").reduce<any>((node, part) => node?.[part], tree);

describe("the time zone choice", () => {
  it("offers UTC first and every zone the browser knows, keeping the one already chosen", () => {
    const zones = timeZoneOptions("America/Chicago");
    expect(zones[0]).toBe("UTC");
    expect(zones).toContain("America/Chicago");
    expect(zones).toContain("Europe/Madrid");
    expect(new Set(zones).size).toBe(zones.length);
    expect(timeZoneOptions("Legacy/Zone")).toContain("Legacy/Zone");
  });

  it("names a zone readably with its offset", () => {
    expect(timeZoneLabel("America/Argentina/Buenos_Aires", "en-US", new Date("2025-01-15T12:00:00Z"))).toBe("America / Argentina / Buenos Aires (GMT-03:00)");
  });

  it.each(["en", "es"])("translates the settings' messages in %s", (lng) => {
    const tree = mergedTranslations(lng);
    for (const message of [TIME_ZONE_MESSAGE, REPORT_DETAILS_MESSAGE, LOGO_MESSAGE]) expect(typeof lookup(tree, FIELD_MESSAGE_KEYS.get(message)!)).toBe("string");
  });
});
