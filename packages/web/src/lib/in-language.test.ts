import { describe, expect, it } from "vitest";
import { textIn } from "./in-language";

describe("textIn", () => {
  it("reads the interface's language, else the other one, else the single field", () => {
    const names = { en: "Pre-trip check", es: "Revisión antes de salir" };
    expect(textIn(names, "Pre-trip check", "es")).toBe("Revisión antes de salir");
    expect(textIn(names, "Pre-trip check", "en")).toBe("Pre-trip check");
    expect(textIn({ en: "Fuel log", es: "" }, "Fuel log", "es")).toBe("Fuel log");
    expect(textIn({ en: "", es: "Bitácora" }, "Bitácora", "en")).toBe("Bitácora");
    expect(textIn(undefined, "Old single name", "es")).toBe("Old single name");
  });
});
