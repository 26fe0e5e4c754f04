import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ELEMENT_TYPES, LIMITS, SAMPLE_DEFINITION, parseDefinition, type FormDefinition } from "../src/form/definition";
import { MESSAGES, changedFields, validateValues, visibility } from "../src/form/values";
import { reduceAssets, toAssetRef } from "../src/asset/reference";
import { displayAnswer, formatDate } from "../src/form/display";

const text = (name: string, extra: Record<string, unknown> = {}) => ({ type: "text", name, label: { en: name }, ...extra });
const errorsOf = (input: unknown) => {
  const result = parseDefinition(input);
  if (result.success) throw new Error("expected errors");
  return result;
};

describe("form definitions", () => {
  it("accepts the sample, which uses every element type, and the empty default", () => {
    expect(parseDefinition(SAMPLE_DEFINITION).success).toBe(true);
    const used = new Set(JSON.stringify(SAMPLE_DEFINITION).match(/"type":"(\w+)"/g)!.map((match) => match.slice(8, -1)));
    for (const type of ELEMENT_TYPES) expect(used, type).toContain(type);
    expect(parseDefinition('{"body":[]}')).toEqual({ success: true, definition: { body: [] } });
    expect(parseDefinition("")).toEqual({ success: true, definition: { body: [] } });
  });

  it("names the element in every error", () => {
    const result = errorsOf({
      body: [
        { type: "number", name: "speed", label: { en: "Speed" }, min: 10, max: 1 },
        { type: "section", label: { en: "Sec" }, elements: [{ type: "select", name: "pick", label: { en: "Pick" }, options: [] }] },
        { type: "photo", name: "speed", label: { en: "Again" } },
        { type: "carburetor", name: "c", label: { en: "C" } },
        { type: "text", name: "t", label: { en: "T" }, requird: true },
      ],
    });
    const all = Object.values(result.fieldErrors).flat();
    expect(all).toContain('Element "pick" at body.1.elements.0: options: At least one option is required');
    expect(all).toContain('Element "c" at body.3: type: type is one of text, textarea, number, date, time, select, radio, checkbox, yesno, signature, photo, file, vehicle, section, group');
    expect(all.some((message) => message.startsWith('Element "t" at body.4') && message.includes('"requird"'))).toBe(true);
  });

  it("checks names, conditions and numbers across elements once the shape is right", () => {
    const duplicate = errorsOf({ body: [text("a"), text("a")] });
    expect(duplicate.fieldErrors["body.1.name"]).toEqual(['Element "a" at body.1: the name "a" is already used at body.0']);
    const unknown = errorsOf({ body: [text("a", { visibleIf: { field: "ghost", op: "answered" } })] });
    expect(unknown.message).toBe('Element "a" at body.0: the condition refers to an unknown field "ghost"');
    const self = errorsOf({ body: [text("a", { visibleIf: { field: "a", op: "answered" } })] });
    expect(self.message).toMatch(/cannot depend on itself/);
    const valueless = errorsOf({ body: [text("a"), text("b", { visibleIf: { field: "a", op: "equals" } })] });
    expect(valueless.message).toMatch(/needs a value/);
    const range = errorsOf({ body: [{ type: "number", name: "n", label: { en: "N" }, min: 5, max: 1 }] });
    expect(range.message).toBe('Element "n" at body.0: min is greater than max');
    const inGroup = errorsOf({ body: [{ type: "group", name: "g", label: { en: "G" }, elements: [text("inner")] }, text("outer", { visibleIf: { field: "inner", op: "answered" } })] });
    expect(inGroup.message).toMatch(/inside another repeatable group/);
  });

  it("refuses reserved names, deep nesting, too many elements and bad JSON", () => {
    expect(errorsOf({ body: [text("__proto__")] }).message).toMatch(/name/);
    expect(errorsOf({ body: [text("constructor")] }).message).toMatch(/reserved/);
    let nested: unknown = text("leaf");
    for (let i = 0; i < LIMITS.depth + 1; i++) nested = { type: "section", label: { en: `s${i}` }, elements: [nested] };
    expect(errorsOf({ body: [nested] }).message).toMatch(/nest at most/);
    expect(errorsOf({ body: Array.from({ length: LIMITS.elements + 1 }, (_, i) => text(`f${i}`)) }).message).toMatch(/at most 300/i);
    expect(errorsOf("{nope").message).toBe("The definition is not valid JSON");
    expect(errorsOf("x".repeat(LIMITS.definitionBytes + 1)).message).toMatch(/at most/);
  });

  it("never throws, whatever it is given", () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything({ maxDepth: 5 }), fc.json(), fc.record({ body: fc.array(fc.anything({ maxDepth: 3 })) })), (input) => {
        const result = parseDefinition(input);
        expect(typeof result.success).toBe("boolean");
      }),
      { numRuns: 400 },
    );
  });
});

const INSPECTION: FormDefinition = {
  body: [
    { type: "text", name: "driver", label: { en: "Driver" }, required: true },
    { type: "number", name: "odometer", label: { en: "Odometer" }, min: 0, integer: true },
    { type: "yesno", name: "ok", label: { en: "OK?" }, required: true },
    { type: "textarea", name: "why", label: { en: "Why" }, required: true, visibleIf: { field: "ok", op: "equals", value: "no" } },
    {
      type: "section",
      label: { en: "Extra" },
      visibleIf: { field: "ok", op: "equals", value: "no" },
      elements: [{ type: "checkbox", name: "parts", label: { en: "Parts" }, options: [{ value: "tire", label: { en: "Tire" } }, { value: "lamp", label: { en: "Lamp", es: "Lámpara" } }] }],
    },
    { type: "group", name: "items", label: { en: "Items" }, maxItems: 2, elements: [{ type: "text", name: "part", label: { en: "Part" }, required: true }] },
    { type: "photo", name: "photos", label: { en: "Photos" }, multiple: true, maxFiles: 2 },
    { type: "signature", name: "sign", label: { en: "Signature" } },
    { type: "date", name: "day", label: { en: "Day" }, min: "2020-01-01" },
    { type: "checkbox", name: "agree", label: { en: "I agree" }, required: true },
  ],
};

const TOP_NAMES = new Set(["driver", "odometer", "ok", "why", "parts", "items", "photos", "sign", "day", "agree"]);
const words = fc.string({ minLength: 1, maxLength: 40 }).filter((value) => value.trim() !== "");
/** Answers INSPECTION accepts, each optional field sometimes left out. */
const VALID_ANSWERS = fc
  .tuple(
    fc.record(
      {
        driver: words,
        odometer: fc.nat({ max: 1_000_000 }),
        ok: fc.constantFrom<"yes" | "no" | boolean>("yes", "no", true, false),
        parts: fc.subarray(["tire", "lamp"]),
        items: fc.array(fc.record({ part: words }), { minLength: 1, maxLength: 2 }),
        photos: fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 2 }),
        sign: fc.integer({ min: 1, max: 1_000_000 }),
        day: fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
        agree: fc.constant(true),
      },
      { requiredKeys: ["driver", "ok", "agree"] },
    ),
    words,
  )
  .map(([answers, why]) => (answers.ok === "no" || answers.ok === false ? { ...answers, why } : answers));
/** Up to three keys that are not among `names`, with any value. */
const strays = (names: Set<string>) => fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !names.has(key)), fc.anything({ maxDepth: 2 }), { maxKeys: 3 });

describe("answers against a definition", () => {
  it("normalises good answers and drops hidden ones", () => {
    const result = validateValues(INSPECTION, {
      driver: "Dan",
      odometer: "1200",
      ok: true,
      why: "hidden because ok is yes",
      parts: ["tire"],
      items: [{ part: "mirror" }],
      photos: [{ type: "asset", id: "7", fileName: "a.png" }, 8],
      sign: "9",
      day: "2024-02-29",
      agree: true,
    });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      driver: "Dan",
      odometer: 1200,
      ok: "yes",
      items: [{ part: "mirror" }],
      photos: [
        { type: "asset", id: 7, fileType: "unknown" },
        { type: "asset", id: 8, fileType: "unknown" },
      ],
      sign: { type: "asset", id: 9, fileType: "unknown" },
      day: "2024-02-29",
      agree: true,
    });
    expect(result.assetIds).toEqual([7, 8, 9]);
  });

  it("reports each problem under the element's name", () => {
    const result = validateValues(INSPECTION, { odometer: 1.5, ok: "no", parts: ["engine"], items: [{ part: "" }, { part: "b" }, { part: "c" }], photos: [1, 2, 3], day: "2021-02-30", stray: 1, agree: false });
    expect(result.ok).toBe(false);
    expect(result.values).toEqual({});
    expect(result.errors).toMatchObject({
      driver: ["This field is required"],
      odometer: ["Enter a whole number"],
      why: ["This field is required"],
      parts: ["Choose among the options"],
      items: ["Add at most 2 items"],
      photos: ["Attach at most 2 files"],
      day: ["Enter a date as YYYY-MM-DD"],
      stray: ["This field is not part of the form"],
      agree: ["This field is required"],
    });
    const group = validateValues(INSPECTION, { driver: "x", ok: "yes", agree: true, items: [{ part: "" }, "nope"] });
    expect(group.errors).toEqual({ "items.0.part": ["This field is required"], "items.1": ["Each item must be an object keyed by element name"] });
  });

  it("shows and hides by conditions, treating answers of hidden elements as unanswered", () => {
    const definition: FormDefinition = {
      body: [
        { type: "yesno", name: "a", label: { en: "A" } },
        { type: "yesno", name: "b", label: { en: "B" }, visibleIf: { field: "a", op: "equals", value: "yes" } },
        { type: "text", name: "c", label: { en: "C" }, visibleIf: { field: "b", op: "answered" } },
        { type: "number", name: "n", label: { en: "N" } },
        { type: "text", name: "big", label: { en: "Big" }, visibleIf: { all: [{ field: "n", op: "gt", value: 10 }, { field: "n", op: "lte", value: 20 }] } },
      ],
    };
    const shown = visibility(definition, { a: "no", b: "yes", n: 15 });
    expect(["a", "b", "c", "big"].map((name) => shown.isVisible(name))).toEqual([true, false, false, true]);
    expect(visibility(definition, { a: "yes", b: "no", n: 25 }).isVisible("c")).toBe(true);
    expect(visibility(definition, { n: 25 }).isVisible("big")).toBe(false);
  });

  it("never throws and never accepts unknown fields, whatever the answers", () => {
    const flagsEveryStray = (input: unknown) => {
      const result = validateValues(INSPECTION, input);
      if (typeof input !== "object" || input === null || Array.isArray(input)) expect(result.ok).toBe(false);
      else for (const key of Object.keys(input).filter((key) => !TOP_NAMES.has(key))) expect(result.errors[key], key).toContain(MESSAGES.unknown);
    };
    fc.assert(fc.property(fc.anything({ maxDepth: 4 }), flagsEveryStray), { numRuns: 400 });
    // Good answers, then the same with strays at the top and in a group item: only the strays make them fail.
    fc.assert(
      fc.property(VALID_ANSWERS, strays(TOP_NAMES), strays(new Set(["part"])), (answers, extra, itemExtra) => {
        expect(validateValues(INSPECTION, answers).errors).toEqual({});
        const items = answers.items ? [{ ...answers.items[0], ...itemExtra }, ...answers.items.slice(1)] : undefined;
        const input = { ...answers, ...extra, ...(items && { items }) };
        const result = validateValues(INSPECTION, input);
        const expected = [...Object.keys(extra), ...(items ? Object.keys(itemExtra).map((key) => `items.0.${key}`) : [])];
        expect(Object.keys(result.errors).sort()).toEqual(expected.sort());
        for (const key of expected) expect(result.errors[key]).toEqual([MESSAGES.unknown]);
        expect(result.ok).toBe(expected.length === 0);
        flagsEveryStray(input);
      }),
      { numRuns: 300 },
    );
  });

  it("lists the fields that changed between versions", () => {
    expect(changedFields({ a: 1, b: ["x", "y"], c: { type: "asset", id: 1, fileType: "image/png" } }, { a: 2, b: ["x", "y"], c: { fileType: "image/png", id: 1, type: "asset" }, d: "new" })).toEqual([
      { field: "a", previousValue: 1, currentValue: 2 },
      { field: "d", previousValue: null, currentValue: "new" },
    ]);
  });
});

describe("asset references (SPEC §5)", () => {
  it("reduces every object marked as an asset, at any depth, and treats bare ids as asset ids", () => {
    const input = { photo: { type: "asset", id: 5, fileName: "x.png", url: "blob:1", fileType: "image/png" }, list: [{ nested: { type: "asset", id: "6" } }], other: { type: "note", id: 1 } };
    expect(reduceAssets(input)).toEqual({ photo: { type: "asset", id: 5, fileType: "image/png" }, list: [{ nested: { type: "asset", id: 6, fileType: "unknown" } }], other: { type: "note", id: 1 } });
    expect(toAssetRef(12)).toEqual({ type: "asset", id: 12, fileType: "unknown" });
    expect(toAssetRef("12")).toEqual({ type: "asset", id: 12, fileType: "unknown" });
    expect(toAssetRef("abc")).toBeUndefined();
    expect(toAssetRef(-1)).toBeUndefined();
    const polluted = reduceAssets(JSON.parse('{"__proto__": {"polluted": true}}'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(polluted, "__proto__")).toBe(true);
  });
});

describe("answers as people read them", () => {
  it("uses option labels, yes/no words and dates in the language asked for", () => {
    const parts = INSPECTION.body[4]!.type === "section" ? INSPECTION.body[4]!.elements[0]! : undefined;
    if (!parts || parts.type === "section" || parts.type === "group") throw new Error("fixture");
    expect(displayAnswer(parts, ["tire", "lamp"], "es")).toBe("Tire, Lámpara");
    const ok = INSPECTION.body[2]!;
    if (ok.type === "section" || ok.type === "group") throw new Error("fixture");
    expect(displayAnswer(ok, "yes", "es")).toBe("Sí");
    expect(formatDate("2025-03-14", "en")).toBe("March 14, 2025");
    expect(formatDate("2025-03-14", "es")).toBe("14 de marzo de 2025");
  });
});
