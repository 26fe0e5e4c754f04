import { describe, expect, it } from "vitest";
import { MESSAGES } from "@fleetforms/core/form/values";
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
