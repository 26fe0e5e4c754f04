import { describe, expect, it } from "vitest";
import type { FormDefinition } from "@fleetforms/core/form/definition";
import { checkAnswers } from "./check-answers";

const definition: FormDefinition = {
  body: [
    { type: "text", name: "driver", label: { en: "Driver" }, required: true },
    { type: "number", name: "odometer", label: { en: "Odometer" }, min: 0, integer: true },
    { type: "yesno", name: "tiresOk", label: { en: "Tires ok?" }, required: true },
    { type: "textarea", name: "notes", label: { en: "Notes" }, required: true, visibleIf: { field: "tiresOk", op: "equals", value: "no" } },
    { type: "photo", name: "photo", label: { en: "Photo" }, required: true },
    { type: "group", name: "defects", label: { en: "Defects" }, elements: [{ type: "text", name: "part", label: { en: "Part" }, required: true }] },
  ],
};

describe("checkAnswers", () => {
  it("reports what the server would, by field, group items included", () => {
    const result = checkAnswers(definition, { odometer: "1.5", tiresOk: "no", photo: { type: "asset", key: "k", status: "uploading", progress: 0.3 }, defects: [{}] });
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual({
      driver: ["This field is required"],
      odometer: ["Enter a whole number"],
      notes: ["This field is required"],
      photo: ["Attach an uploaded file"],
      "defects.0.part": ["This field is required"],
    });
  });

  it("sends only the shown answers, with assets reduced to references", () => {
    const result = checkAnswers(definition, {
      driver: "Dan",
      odometer: "182340",
      tiresOk: "yes",
      notes: "hidden now",
      photo: { type: "asset", key: "k", id: 12, fileType: "image/png", fileName: "a.png", status: "valid", progress: 1, previewUrl: "blob:x" },
    });
    expect(result.ok).toBe(true);
    expect(result.payload).toEqual({ driver: "Dan", odometer: "182340", tiresOk: "yes", photo: { type: "asset", id: 12, fileType: "image/png" } });
  });
});
