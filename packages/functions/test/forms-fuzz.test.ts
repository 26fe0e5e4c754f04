import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { ELEMENT_TYPES } from "@fleetforms/core/form/definition";
import { call, tokenFor } from "../../../tests/http";
import { INSPECTION, createForm } from "../../../tests/forms-fixtures";

let admin: string;
let driver: string;

beforeAll(async () => {
  [admin, driver] = await Promise.all([tokenFor("acme_admin"), tokenFor("acme_driver")]);
});

const label = fc.oneof(fc.record({ en: fc.string(), es: fc.option(fc.string(), { nil: undefined }) }, { requiredKeys: [] }), fc.string(), fc.constant(null), fc.anything({ maxDepth: 2 }));
const name = fc.oneof(fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/), fc.constantFrom("__proto__", "constructor", "a b", "", "9lives"), fc.string(), fc.integer());
const condition = fc.record({ field: name, op: fc.oneof(fc.constantFrom("equals", "in", "answered", "gt"), fc.string()), value: fc.anything({ maxDepth: 1 }) }, { requiredKeys: [] });

const element: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  element: fc.record(
    {
      type: fc.oneof(fc.constantFrom(...ELEMENT_TYPES), fc.string()),
      name,
      label,
      required: fc.oneof(fc.boolean(), fc.anything({ maxDepth: 0 })),
      options: fc.oneof(fc.array(fc.record({ value: fc.oneof(fc.string(), fc.integer()), label }, { requiredKeys: [] }), { maxLength: 4 }), fc.anything({ maxDepth: 1 })),
      visibleIf: fc.oneof(condition, fc.record({ all: fc.array(condition, { maxLength: 3 }) }), fc.anything({ maxDepth: 1 })),
      min: fc.oneof(fc.double(), fc.integer(), fc.string()),
      max: fc.oneof(fc.double(), fc.integer()),
      elements: fc.oneof(fc.array(tie("element"), { maxLength: 3 }), fc.anything({ maxDepth: 1 })),
      extra: fc.anything({ maxDepth: 1 }),
    },
    { requiredKeys: ["type"] },
  ),
})).element;

const definition = fc.oneof(
  fc.record({ body: fc.array(element, { maxLength: 5 }) }, { requiredKeys: [] }),
  fc.record({ body: fc.anything({ maxDepth: 2 }), title: label }, { requiredKeys: [] }),
  fc.anything({ maxDepth: 3 }),
  fc.string().map((text) => `{"body": [${text}`),
);

describe("fuzzed definitions", () => {
  it("get a 4xx (or are valid), never a 5xx, and an invalid one changes nothing", async () => {
    const form = await createForm(admin, {}, INSPECTION);
    let version = form.definitionVersion;
    await fc.assert(
      fc.asyncProperty(definition, fc.boolean(), async (formDefinition, asString) => {
        const body = { formId: form.id, formDefinition: asString ? JSON.stringify(formDefinition) ?? "" : formDefinition };
        const response = await call("POST", `/form/${form.id}/edit`, { token: admin, body });
        expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
        if (response.status === 200) version = response.body.data.form.definitionVersion;
        else expect(response.status).toBeGreaterThanOrEqual(400);
        const kept = await call("GET", `/form/${form.id}`, { token: admin });
        expect(kept.body.data.form.definitionVersion).toBe(version);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 60) },
    );
  });
});

const answer = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.string(),
  fc.double(),
  fc.constantFrom("yes", "no", "full", "2025-02-30", "2025-03-14", -1, 1e300, "1e3", { type: "asset", id: 1 }, { type: "asset", id: "abc" }),
);
const values = fc.oneof(
  fc.record({ driver: answer, odometer: answer, day: answer, tiresOk: answer, tireNotes: answer, fuel: answer, defects: fc.oneof(fc.array(fc.record({ part: answer }, { requiredKeys: [] }), { maxLength: 3 }), answer), photo: answer, stray: answer }, { requiredKeys: ["stray"] }),
  fc.anything({ maxDepth: 4 }),
  fc.dictionary(fc.string(), answer, { maxKeys: 5 }),
);

describe("fuzzed submission bodies", () => {
  it("get a 4xx, never a 5xx, and store nothing", async () => {
    const form = await createForm(admin, {}, INSPECTION);
    await fc.assert(
      fc.asyncProperty(values, fc.oneof(fc.constant(form.id), fc.anything({ maxDepth: 0 })), async (answers, formId) => {
        const response = await call("POST", "/submissions/save", { token: driver, body: { formId, values: answers } });
        expect(response.status, JSON.stringify(response.body)).toBeGreaterThanOrEqual(400);
        expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 80) },
    );
    const raw = ["", "{", "[]", "null", '{"formId":', "\u0000", '{"formId":1e400,"values":{}}'];
    for (const rawBody of raw) {
      const response = await call("POST", "/submissions/save", { token: driver, rawBody });
      expect(response.status, rawBody).toBeGreaterThanOrEqual(400);
      expect(response.status, rawBody).toBeLessThan(500);
    }
    const listed = await call("GET", `/submissions?formId=${form.id}`, { token: admin });
    expect(listed.body).toMatchObject({ total: 0, submissions: [], totalPages: 1 });
    const kept = await call("GET", `/form/${form.id}`, { token: admin });
    expect(kept.body.data.form.submissionCount).toBe(0);
  });
});
