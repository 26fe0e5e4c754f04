import { describe, expect, it } from "vitest";
import { ELEMENT_TYPES, parseDefinition, type ElementType, type FormDefinition } from "@fleetforms/core/form/definition";
import { builderReducer, conditionTargets, elementAt, initialBuilderState, nameFromLabel, problemsByElement, uniqueName, type BuilderAction, type BuilderState, type NewElementTexts } from "./definition-reducer";

const texts: NewElementTexts = {
  labels: Object.fromEntries(ELEMENT_TYPES.map((type) => [type, { en: `New ${type}`, es: `Nuevo ${type}` }])) as NewElementTexts["labels"],
  option: { en: "Option", es: "Opción" },
};
const run = (actions: BuilderAction[], state: BuilderState = initialBuilderState()) => actions.reduce(builderReducer, state);
const add = (elementType: ElementType, parent?: number[]): BuilderAction => ({ type: "add", elementType, texts, parent });

describe("names from labels", () => {
  it("makes a camelCase name that starts with a letter", () => {
    expect(nameFromLabel("Driver name", "text")).toBe("driverName");
    expect(nameFromLabel("¿Llantas en buen estado?", "yesno")).toBe("llantasEnBuenEstado");
    expect(nameFromLabel("Driver's licence #", "text")).toBe("driversLicence");
    expect(nameFromLabel("2nd axle", "number")).toBe("number2ndAxle");
    expect(nameFromLabel("!!!", "photo")).toBe("photo");
  });

  it("numbers a name already taken", () => {
    expect(uniqueName("photo", ["photo", "photo2"])).toBe("photo3");
    expect(uniqueName("photo", [])).toBe("photo");
  });
});

describe("the visual editor's steps", () => {
  it("adds elements that the server's schema accepts, each with a name and both labels", () => {
    const state = run(ELEMENT_TYPES.map((type) => add(type)));
    expect(state.definition.body).toHaveLength(ELEMENT_TYPES.length);
    const parsed = parseDefinition(state.definition);
    expect(parsed.success, JSON.stringify(parsed)).toBe(true);
    expect(elementAt(state.definition, [0])).toMatchObject({ type: "text", name: "newText", label: { en: "New text", es: "Nuevo text" } });
    expect(elementAt(state.definition, [6])).toMatchObject({ type: "radio", options: [{ value: "option1", label: { en: "Option 1", es: "Opción 1" } }, { value: "option2" }] });
    expect(state.selected).toEqual([ELEMENT_TYPES.length - 1]);
  });

  it("adds inside a section or group, and names stay unique across the form", () => {
    const state = run([add("section"), add("text", [0]), add("text", [0]), add("text")]);
    const section = elementAt(state.definition, [0]) as { elements: { name: string }[] };
    expect(section.elements.map((element) => element.name)).toEqual(["newText", "newText2"]);
    expect(elementAt(state.definition, [1])).toMatchObject({ name: "newText3" });
    expect(state.selected).toEqual([1]);
  });

  it("follows the English label with the name until a name is typed", () => {
    let state = run([add("text"), { type: "setLabel", path: [0], field: "label", lang: "en", text: "Driver name" }]);
    expect(elementAt(state.definition, [0])).toMatchObject({ name: "driverName", label: { en: "Driver name" } });
    state = run([{ type: "setLabel", path: [0], field: "label", lang: "es", text: "Nombre del conductor" }], state);
    expect(elementAt(state.definition, [0])).toMatchObject({ name: "driverName", label: { es: "Nombre del conductor" } });
    state = run([{ type: "rename", path: [0], name: "driver" }, { type: "setLabel", path: [0], field: "label", lang: "en", text: "Driver's full name" }], state);
    expect(elementAt(state.definition, [0])).toMatchObject({ name: "driver", label: { en: "Driver's full name" } });
  });

  it("keeps loaded names as they are", () => {
    const definition: FormDefinition = { body: [{ type: "text", name: "odo", label: { en: "Odometer" } }] };
    const state = run([{ type: "load", definition }, { type: "setLabel", path: [0], field: "label", lang: "en", text: "Odometer reading" }]);
    expect(elementAt(state.definition, [0])).toMatchObject({ name: "odo" });
  });

  it("moves an element up and down within its list, and the selection follows it", () => {
    let state = run([add("text"), add("photo"), add("signature")]);
    state = run([{ type: "select", path: [2] }, { type: "move", path: [2], offset: -1 }], state);
    expect(state.definition.body.map((element) => element.type)).toEqual(["text", "signature", "photo"]);
    expect(state.selected).toEqual([1]);
    const unchanged = run([{ type: "move", path: [0], offset: -1 }], state);
    expect(unchanged).toBe(state);
    state = run([{ type: "move", path: [1], offset: 1 }], state);
    expect(state.definition.body.map((element) => element.type)).toEqual(["text", "photo", "signature"]);
    expect(state.selected).toEqual([2]);
  });

  it("renames the conditions that refer to a renamed element, and drops those of a removed one", () => {
    let state = run([
      add("yesno"),
      add("textarea"),
      { type: "setVisibility", path: [1], visibleIf: { field: "newYesno", op: "equals", value: "no" } },
      { type: "rename", path: [0], name: "tiresOk" },
    ]);
    expect(elementAt(state.definition, [1])?.visibleIf).toEqual({ field: "tiresOk", op: "equals", value: "no" });
    state = run([{ type: "select", path: [0] }, { type: "remove", path: [0] }], state);
    expect(state.definition.body).toHaveLength(1);
    expect(elementAt(state.definition, [0])?.visibleIf).toBeUndefined();
    expect(state.selected).toBeNull();
    expect(parseDefinition(state.definition).success).toBe(true);
  });

  it("edits properties, and an emptied one is removed", () => {
    let state = run([add("number"), { type: "update", path: [0], patch: { required: true, min: 0, unit: "mi" } }]);
    expect(elementAt(state.definition, [0])).toMatchObject({ required: true, min: 0, unit: "mi" });
    state = run([{ type: "update", path: [0], patch: { unit: "", min: undefined, type: "text", name: "x" } }], state);
    expect(elementAt(state.definition, [0])).toEqual({ type: "number", name: "newNumber", label: { en: "New number", es: "Nuevo number" }, required: true });
  });

  it("adds, edits, reorders and removes options", () => {
    let state = run([add("select"), { type: "addOption", path: [0], texts }]);
    state = run(
      [
        { type: "updateOption", path: [0], index: 2, value: "low", lang: "en", label: "Low" },
        { type: "updateOption", path: [0], index: 2, lang: "es", label: "Bajo" },
        { type: "moveOption", path: [0], index: 2, offset: -1 },
        { type: "removeOption", path: [0], index: 0 },
      ],
      state,
    );
    expect((elementAt(state.definition, [0]) as { options: unknown[] }).options).toEqual([
      { value: "low", label: { en: "Low", es: "Bajo" } },
      { value: "option2", label: { en: "Option 2", es: "Opción 2" } },
    ]);
  });

  it("marks a choice's options as defects and out of service (issue 42), and keeps the marks with their options", () => {
    // a select starts with two options (option1, option2); a third is added
    let state = run([add("radio"), { type: "addOption", path: [0], texts }]);
    state = run(
      [
        { type: "setOptionFlag", path: [0], index: 2, flag: "outOfService", on: true },
        { type: "setOptionFlag", path: [0], index: 1, flag: "defect", on: true },
      ],
      state,
    );
    // an out-of-service answer is a defect too; the lists follow the options' order
    expect(elementAt(state.definition, [0])).toMatchObject({ defectIf: ["option2", "option3"], outOfServiceIf: ["option3"] });
    expect(parseDefinition(state.definition).success).toBe(true);
    // an option's new value carries its marks; a removed option takes them away
    state = run([{ type: "updateOption", path: [0], index: 2, value: "broken" }, { type: "removeOption", path: [0], index: 1 }], state);
    expect(elementAt(state.definition, [0])).toMatchObject({ defectIf: ["broken"], outOfServiceIf: ["broken"] });
    state = run([{ type: "setOptionFlag", path: [0], index: 1, flag: "outOfService", on: false }], state);
    expect(elementAt(state.definition, [0])).toMatchObject({ defectIf: ["broken"] });
    expect(elementAt(state.definition, [0])).not.toHaveProperty("outOfServiceIf");
    // unmarking the defect leaves no empty list behind, which the definition would refuse
    state = run([{ type: "setOptionFlag", path: [0], index: 1, flag: "outOfService", on: true }, { type: "setOptionFlag", path: [0], index: 1, flag: "defect", on: false }], state);
    expect(elementAt(state.definition, [0])).not.toHaveProperty("defectIf");
    expect(elementAt(state.definition, [0])).not.toHaveProperty("outOfServiceIf");
    expect(parseDefinition(state.definition).success).toBe(true);
  });

  it("turns a checkbox back into one tick box when its last option goes", () => {
    const state = run([add("checkbox"), { type: "addOption", path: [0], texts }, { type: "removeOption", path: [0], index: 0 }]);
    expect(elementAt(state.definition, [0])).not.toHaveProperty("options");
  });

  it("sets and clears the form's title", () => {
    let state = run([{ type: "setTitle", lang: "en", text: "Inspection" }, { type: "setTitle", lang: "es", text: "Inspección" }]);
    expect(state.definition.title).toEqual({ en: "Inspection", es: "Inspección" });
    state = run([{ type: "setTitle", lang: "es", text: "" }, { type: "setTitle", lang: "en", text: "" }], state);
    expect(state.definition).not.toHaveProperty("title");
  });

  it("offers as condition targets the other answers outside groups, or those of the same group", () => {
    const state = run([add("yesno"), add("group"), add("checkbox", [1]), add("text")]);
    expect(conditionTargets(state.definition, [2]).map((target) => target.name)).toEqual(["newYesno"]);
    expect(conditionTargets(state.definition, [1, 0]).map((target) => target.name)).toEqual(["newCheckbox"]);
  });
});

describe("problems by element", () => {
  it("files each error under the element it names", () => {
    const problems = problemsByElement({
      "body.2.elements.0.options.1.value": ['Element "fuel" at body.2.elements.0: the option value "a" appears twice'],
      "body.1.label.en": ["An English label is required"],
      "body.1.name": ["This name is reserved"],
      body: ["A definition has at most 300 elements"],
      formDefinition: ["The definition is not valid JSON"],
    });
    expect(problems.get("2.0")).toHaveLength(1);
    expect(problems.get("1")).toEqual(["An English label is required", "This name is reserved"]);
    expect(problems.get("")).toEqual(["A definition has at most 300 elements", "The definition is not valid JSON"]);
  });
});
