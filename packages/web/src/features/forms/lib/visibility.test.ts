import { describe, expect, it } from "vitest";
import type { FormDefinition, GroupElement } from "@fleetforms/core/form/definition";
import { createVisibility, visibleValues } from "./visibility";

const definition: FormDefinition = {
  body: [
    { type: "yesno", name: "tiresOk", label: { en: "Tires ok?" } },
    { type: "textarea", name: "tireNotes", label: { en: "Notes" }, visibleIf: { field: "tiresOk", op: "equals", value: "no" } },
    {
      type: "section",
      label: { en: "Police" },
      visibleIf: { field: "tireNotes", op: "answered" },
      elements: [{ type: "text", name: "report", label: { en: "Report" } }],
    },
    { type: "number", name: "odometer", label: { en: "Odometer" } },
    { type: "text", name: "service", label: { en: "Service due" }, visibleIf: { any: [{ field: "odometer", op: "gte", value: 100000 }, { field: "tiresOk", op: "notAnswered" }] } },
    {
      type: "group",
      name: "defects",
      label: { en: "Defects" },
      elements: [
        { type: "checkbox", name: "urgent", label: { en: "Urgent" } },
        { type: "text", name: "why", label: { en: "Why" }, visibleIf: { field: "urgent", op: "equals", value: true } },
      ],
    },
  ],
};
const at = (index: number) => definition.body[index]!;
const [tiresOk, tireNotes, police, odometer, service, defects] = [at(0), at(1), at(2), at(3), at(4), at(5)];

describe("visibility (the server's rules)", () => {
  it("shows an element when its condition holds", () => {
    expect(createVisibility(definition, { tiresOk: "yes" })(tireNotes)).toBe(false);
    expect(createVisibility(definition, { tiresOk: "no" })(tireNotes)).toBe(true);
    expect(createVisibility(definition, {})(tiresOk)).toBe(true);
  });

  it("counts a hidden answer as unanswered, through sections", () => {
    expect(createVisibility(definition, { tiresOk: "no", tireNotes: "worn" })(police)).toBe(true);
    expect(createVisibility(definition, { tiresOk: "yes", tireNotes: "worn" })(police)).toBe(false);
  });

  it("combines conditions with any, and compares numbers", () => {
    expect(createVisibility(definition, { tiresOk: "yes", odometer: 99999 })(service)).toBe(false);
    expect(createVisibility(definition, { tiresOk: "yes", odometer: "100000" })(service)).toBe(true);
    expect(createVisibility(definition, {})(service)).toBe(true);
    expect(createVisibility(definition, {})(odometer)).toBe(true);
  });

  it("decides inside a group item from that item's answers", () => {
    const shown = createVisibility(definition, { defects: [{ urgent: true }, { urgent: false }] });
    const why = (defects as GroupElement).elements[1]!;
    expect(shown(why, { urgent: true })).toBe(true);
    expect(shown(why, { urgent: false })).toBe(false);
  });

  it("leaves hidden answers out of what is sent", () => {
    expect(
      visibleValues(definition, {
        tiresOk: "yes",
        tireNotes: "left over",
        report: "R-1",
        odometer: 5,
        defects: [{ urgent: false, why: "stale" }, { urgent: true, why: "brakes" }],
      }),
    ).toEqual({ tiresOk: "yes", odometer: 5, defects: [{ urgent: false }, { urgent: true, why: "brakes" }] });
  });
});
