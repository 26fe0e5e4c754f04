import { describe, expect, it } from "vitest";
import { mergedTranslations } from "../../../../locales-plugin";
import { ApiError } from "@/lib/api-client";
import { ERROR_KEYS, errorKeyOf, FIELD_MESSAGE_KEYS } from "./messages";

const lookup = (tree: unknown, key: string) => key.split(".").reduce<any>((node, part) => node?.[part], tree);
const en = mergedTranslations("en");
const es = mergedTranslations("es");

describe("vehicle messages", () => {
  it("has every code's and field message's words in both languages", () => {
    for (const key of [...Object.values(ERROR_KEYS), ...FIELD_MESSAGE_KEYS.values()]) {
      expect(typeof lookup(en, key), key).toBe("string");
      expect(typeof lookup(es, key), key).toBe("string");
    }
  });

  it("says in English exactly what the API says (docs/api-vehicles.md)", () => {
    for (const [message, key] of FIELD_MESSAGE_KEYS) expect(lookup(en, key)).toBe(message);
    expect(lookup(en, ERROR_KEYS["record.stale"]!)).toBe("Record changed by another user. Refresh and try again.");
    expect(lookup(en, ERROR_KEYS["vehicle.referenced"]!)).toBe("This vehicle is used by submissions. Deactivate it instead.");
    expect(lookup(en, ERROR_KEYS["vehicle.not_found"]!)).toBe("Vehicle not found");
    expect(lookup(en, ERROR_KEYS["vehicle.import_header"]!)).toBe("The file needs a vehicleNumber column.");
    expect(lookup(en, ERROR_KEYS["vehicle.import_too_many"]!)).toBe("A file holds at most 5000 vehicles.");
  });

  it("finds the words for a failed call by its code, then by its status", () => {
    expect(errorKeyOf(new ApiError("x", 409, "vehicle.vin_taken"))).toBe("vehicles.errors.vinTaken");
    expect(errorKeyOf(new ApiError("x", 503))).toBe("common.errors.server");
    expect(errorKeyOf(new ApiError("A VIN is 17 letters and digits (no I, O or Q)", 400, "validation"))).toBe("vehicles.validation.vin");
    expect(errorKeyOf(new ApiError("Something else", 400))).toBeUndefined();
    expect(errorKeyOf(new Error("network"))).toBeUndefined();
  });
});
