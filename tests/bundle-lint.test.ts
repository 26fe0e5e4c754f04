import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * Issue 10: the two lint rules that keep each function's bundle to the verbs its handler calls
 * (eslint.config.js, "bundles/*"). Without them a function that called one verb of a domain carried every
 * verb of it: half of most bundles, and of their cold import.
 */
const eslint = new ESLint();
const problems = async (code: string, filePath = "packages/core/src/activity/example.ts") => {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId?.startsWith("bundles/")).map((message) => `${message.line}: ${message.ruleId}`);
};

describe("bundle lint rules", () => {
  it("refuses a domain's namespace imported by name, in core and in handlers, and allows the namespace import", async () => {
    const named = 'import { Form } from "../form/index";\nexport const read = () => Form.mustGet;\n';
    expect(await problems(named)).toEqual(["1: bundles/namespace-import"]);
    expect(await problems(named.replace("../form/index", "@fleetforms/core/form/index"), "packages/functions/src/forms/example.ts")).toEqual(["1: bundles/namespace-import"]);
    expect(await problems('import * as Form from "../form/index";\nexport const read = () => Form.mustGet;\n')).toEqual([]);
    expect(await problems('import type { Form } from "../form/index";\nexport type F = typeof Form;\n')).toEqual([]);
  });

  it("asks a top-level verb, fn, lazySchema or lazyEntity to be marked pure, and lets one inside a function be", async () => {
    const code = [
      'import * as z from "../util/zod";',
      'import { verb } from "../form/verb";',
      "export const Input = z.lazySchema(() => z.object({}));",
      "export const run = verb(/* @__PURE__ */ z.lazySchema(() => z.object({})), async () => 1);",
      "export const ok = /* @__PURE__ */ verb(Input, async () => 1);",
      "export function later() { return z.lazySchema(() => z.string()); }",
      "",
    ].join("\n");
    expect(await problems(code)).toEqual(["3: bundles/pure-factory", "4: bundles/pure-factory"]);
  });
  it("asks a schema built at import to be built on first use: any in core, the derived ones (omit, extend...) in handlers", async () => {
    const core = [
      'import * as z from "../util/zod";',
      "const common = { name: z.string() };",
      "export const Input = /* @__PURE__ */ z.lazySchema(() => z.object({ ...common, id: z.number() }));",
      "export const later = () => z.optional(z.boolean());",
      "",
    ].join("\n");
    expect(await problems(core)).toEqual(["2: bundles/lazy-schema"]);
    const handler = [
      'import * as z from "@fleetforms/core/util/zod";',
      'import { SaveTemplateInput } from "@fleetforms/core/form/fields";',
      "const Body = z.omit(SaveTemplateInput, { formId: true });",
      "const Lazy = /* @__PURE__ */ z.lazySchema(() => z.omit(SaveTemplateInput, { formId: true }));",
      "export const schemas = { params: z.object({ id: z.string() }), body: Body, lazy: Lazy };",
      "",
    ].join("\n");
    expect(await problems(handler, "packages/functions/src/form/example.ts")).toEqual(["3: bundles/lazy-schema"]);
  });
});
