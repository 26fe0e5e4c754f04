import { describe, expect, it } from "vitest";
import { MESSAGES } from "@fleetforms/core/form/values";
import { FUEL_MESSAGES } from "@fleetforms/core/emissions/index";
import { knownMessage, translateValueMessage } from "./value-messages";

describe("answer messages", () => {
  it("recognises the shared checks' messages, with their numbers", () => {
    expect(knownMessage(MESSAGES.required)).toEqual({ key: "required" });
    expect(knownMessage(MESSAGES.min(0))).toEqual({ key: "min", value: "0" });
    expect(knownMessage(MESSAGES.dateMax("2025-01-31"))).toEqual({ key: "dateMax", value: "2025-01-31" });
    expect(knownMessage(MESSAGES.tooLong(120))).toEqual({ key: "tooLong", value: "120" });
    expect(knownMessage("File 3 was not found")).toBeUndefined();
  });

  it("translates what it knows and passes the rest through", () => {
    const t = (key: string, options?: Record<string, unknown>) => `${key}|${String(options?.value ?? "")}`;
    expect(translateValueMessage(MESSAGES.max(10), t)).toBe("forms.validation.max|10");
    expect(translateValueMessage("Choose a vehicle of your company", t)).toBe("Choose a vehicle of your company");
  });
});

describe("a fuel log's messages (issue 42)", () => {
  it("are known, with the ceiling of one fill", () => {
    expect(knownMessage(FUEL_MESSAGES.fuelQuantity)).toEqual({ key: "fuelQuantity" });
    expect(knownMessage(FUEL_MESSAGES.fuelTooMuch("400 gal"))).toEqual({ key: "fuelTooMuch", value: "400 gal" });
    const t = (key: string, options?: Record<string, unknown>) => `${key}|${String(options?.value ?? "")}`;
    expect(translateValueMessage(FUEL_MESSAGES.fuelUnit, t)).toBe("forms.validation.fuelUnit|");
  });
});
