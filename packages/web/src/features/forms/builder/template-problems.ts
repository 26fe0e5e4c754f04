import type { TFunction } from "i18next";
import { ApiError } from "@/lib/api-client";

/**
 * A template the server refused (form.template_invalid, pdf.template_failed, pdf.template_limit) said in the
 * interface's language. The server's English (`The template cannot be read: Parse error on line 18:`) names
 * the rule and the line; other errors keep their message.
 */
const RULES: [RegExp, string][] = [
  [/^The template cannot be read/, "read"],
  [/^Raw output with/, "raw"],
  [/^Partials are not supported/, "partials"],
  [/^Decorators are not supported/, "decorators"],
  [/^(\w+) needs exactly (\d+) argument/, "arity"],
  [/^The template is nested too deeply/, "nested"],
  [/^The template cannot be compiled/, "compile"],
  [/^The template cannot be rendered/, "render"],
  [/^The template is larger than/, "tooLarge"],
  [/^The example data is larger than/, "exampleTooLarge"],
  [/^The example data is nested/, "exampleNested"],
  [/^The template produced more than/, "output"],
  [/^The template took longer than/, "time"],
  [/^The template needed more than/, "memory"],
];
const TEMPLATE_CODES = new Set(["form.template_invalid", "pdf.template_failed", "pdf.template_limit"]);

export function describeTemplateError(error: ApiError, t: TFunction): string {
  if (!error.code || !TEMPLATE_CODES.has(error.code)) return error.message;
  const rule = RULES.find(([pattern]) => pattern.test(error.message));
  if (!rule) return t("templateBuilder.problems.invalid");
  const arity = /^(\w+) needs exactly (\d+)/.exec(error.message);
  const problem = t(`templateBuilder.problems.${rule[1]}`, arity ? { name: arity[1], count: Number(arity[2]) } : {});
  const line = /line (\d+)/.exec(error.message)?.[1];
  return line ? t("templateBuilder.problems.atLine", { line, problem }) : problem;
}
