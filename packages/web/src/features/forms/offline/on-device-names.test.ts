import { describe, expect, it } from "vitest";
import { namedIn } from "./on-device-names";
import type { Form } from "../types";

const form = (id: number, name: string, names?: Form["names"]) => ({ id, formId: id, name, names }) as Form;

describe("the forms kept on the device, as listed", () => {
  const forms = [form(1, "Pre-trip check", { en: "Pre-trip check", es: "Revisión antes de salir" }), form(2, "Accident report", { en: "Accident report", es: "" }), form(3, "Yard walk")];

  it("names each in the interface's language, in that language's order", () => {
    expect(namedIn(forms, "es")).toEqual([
      { id: 2, name: "Accident report" },
      { id: 1, name: "Revisión antes de salir" },
      { id: 3, name: "Yard walk" },
    ]);
    expect(namedIn(forms, "en").map((named) => named.name)).toEqual(["Accident report", "Pre-trip check", "Yard walk"]);
  });

  it("falls back to the other language, then the single name", () => {
    expect(namedIn([form(4, "Old name", { en: "", es: "Inspección" })], "en")).toEqual([{ id: 4, name: "Inspección" }]);
    expect(namedIn([form(5, "Old name", { en: "", es: "" })], "es")).toEqual([{ id: 5, name: "Old name" }]);
  });
});
