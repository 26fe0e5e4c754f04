import type { TFunction } from "i18next";
import { localized, type Element } from "@fleetforms/core/form/definition";
import type { Lang } from "../types";

/**
 * The definition parser's problems (English, for developers: `Element "1badname" at body.6: name: A name
 * starts…`) in the interface's language, naming the question by its label. The path says which question
 * and which of its settings; the parser's wording says what is wrong, and a problem it does not know is
 * still said in the interface's language, naming the setting.
 */

type Values = Record<string, string | number>;
type Rule = [RegExp, string, (match: RegExpMatchArray) => Values];
const none = () => ({});

// In the order the parser's rules are written (packages/core/src/form/definition.ts).
const RULES: Rule[] = [
  [/^A name is required$/, "nameRequired", none],
  [/^A name starts with a letter/, "nameFormat", none],
  [/^This name is reserved$/, "nameReserved", none],
  [/^An English label is required$/, "labelRequired", none],
  [/^At most (\d+) characters$/, "tooLong", (m) => ({ max: Number(m[1]) })],
  [/^Invalid characters$/, "invalidCharacters", none],
  [/^An option needs a value$/, "optionValue", none],
  [/^At least one option is required$/, "optionsRequired", none],
  [/^A date is written YYYY-MM-DD$/, "dateFormat", none],
  [/^A group needs at least one element$/, "groupEmpty", none],
  [/^At most (\d+) elements$/, "tooManyElements", (m) => ({ max: Number(m[1]) })],
  [/^A definition has at most (\d+) elements$/, "tooManyElements", (m) => ({ max: Number(m[1]) })],
  [/^type is one of/, "type", none],
  [/^op is one of/, "conditionOp", none],
  [/^sections and groups nest at most (\d+) deep$/, "depth", (m) => ({ max: Number(m[1]) })],
  [/^the name "(.*)" is already used at /, "nameTaken", (m) => ({ name: m[1]! })],
  [/^the option value "(.*)" appears twice$/, "optionTwice", (m) => ({ value: m[1]! })],
  [/^min is greater than max$/, "minOverMax", none],
  [/^min is after max$/, "dateMinOverMax", none],
  [/^minLength is greater than maxLength$/, "lengthMinOverMax", none],
  [/^minItems is greater than maxItems$/, "itemsMinOverMax", none],
  [/^the condition refers to an unknown field "(.*)"$/, "conditionUnknown", (m) => ({ field: m[1]! })],
  [/^the condition refers to "(.*)" inside another repeatable group$/, "conditionOtherGroup", (m) => ({ field: m[1]! })],
  [/^an element cannot depend on itself$/, "conditionSelf", none],
  [/^the "(.*)" condition needs a value$/, "conditionValue", none],
  [/^Unrecognized keys?: (.*)$/, "unknownSettings", (m) => ({ keys: m[1]!.replaceAll('"', "") })],
  [/^The definition is not valid JSON$/, "json", none],
  [/^A definition is at most (\d+) characters$/, "tooBig", (m) => ({ max: Number(m[1]) })],
];

// The settings a path can end in, by the editor's own names for them.
const SETTINGS: Record<string, string> = {
  "title.en": "titleEn",
  "title.es": "titleEs",
  name: "editor.name",
  "label.en": "editor.labelEn",
  "label.es": "editor.labelEs",
  "help.en": "editor.helpEn",
  "help.es": "editor.helpEs",
  "itemLabel.en": "editor.itemLabelEn",
  "itemLabel.es": "editor.itemLabelEs",
  minLength: "editor.minLength",
  maxLength: "editor.maxLength",
  rows: "editor.rows",
  unit: "editor.unit",
  maxFiles: "editor.maxFiles",
  accept: "editor.accept",
  minItems: "editor.minItems",
  maxItems: "editor.maxItems",
  options: "options.heading",
  visibleIf: "visibility.heading",
};

/** Where a path (`body.6.elements.0.name`) leads: the element it is about and the rest (`name`). */
function locate(root: unknown, path: string[]) {
  let node: unknown = root;
  let element: Element | undefined;
  let position: number[] = [];
  let rest = path;
  for (let i = 0; i < path.length; i++) {
    if (node === null || typeof node !== "object") break;
    node = (node as Record<string, unknown>)[path[i]!];
    const parent = path[i - 1];
    if ((parent === "body" || parent === "elements") && /^\d+$/.test(path[i]!) && node && typeof node === "object") {
      element = node as Element;
      position = [...position, Number(path[i])];
      rest = path.slice(i + 1);
    }
  }
  return { element, position, rest };
}

/** The question as a person knows it: its label, else its field name, else its place. */
function questionName(element: Element, position: number[], lang: Lang, t: TFunction) {
  const label = typeof element.label === "object" && element.label ? localized(element.label, lang).trim() : "";
  if (label) return label;
  if ("name" in element && typeof element.name === "string" && element.name) return element.name;
  return t("formDefinitionBuilder.problems.position", { number: position.map((index) => index + 1).join(".") });
}

function settingName(rest: string[], element: Element | undefined, t: TFunction) {
  if (rest.length === 0) return "";
  const [first, second, third] = rest;
  if (first === "options" && second !== undefined && /^\d+$/.test(second)) {
    return t(third === "value" ? "formDefinitionBuilder.options.value" : `formDefinitionBuilder.options.label${rest[4] === "es" ? "Es" : "En"}`, { number: Number(second) + 1 });
  }
  if (first === "min" || first === "max") return t(`formDefinitionBuilder.editor.${first}${element?.type === "date" ? "Date" : ""}`);
  const key = SETTINGS[rest.slice(0, 2).join(".")] ?? SETTINGS[first!];
  return key ? t(`formDefinitionBuilder.${key}`) : rest.join(".");
}

/** One problem, from the parser's key (its path) and message, in the interface's language. */
export function describeProblem(root: unknown, key: string, message: string, lang: Lang, t: TFunction): string {
  const path = key === "_" || key === "formDefinition" ? [] : key.split(".");
  const { element, position, rest } = locate(root, path);
  const what = message.replace(/^Element (?:"[^"]*" )?at [\w.]+: /, "").replace(/^[\w.]+: (?=[A-Za-z])/, (prefix) => (prefix.slice(0, -2) === rest.join(".") ? "" : prefix));
  const rule = RULES.find(([pattern]) => pattern.test(what));
  const setting = settingName(rest, element, t);
  const problem = rule ? t(`formDefinitionBuilder.problems.${rule[1]}`, { ...rule[2](what.match(rule[0])!), setting }) : setting ? t("formDefinitionBuilder.problems.unknown", { setting }) : t(element ? "formDefinitionBuilder.problems.unknownQuestion" : "formDefinitionBuilder.problems.unknownDefinition");
  if (!element) return setting ? t("formDefinitionBuilder.problems.inQuestion", { question: setting, problem }) : problem;
  return t("formDefinitionBuilder.problems.inQuestion", { question: questionName(element, position, lang, t), problem });
}

/** The parser's problems, keyed as it keys them, each said in the interface's language. */
export function describeProblems(root: unknown, fieldErrors: Record<string, string[]>, lang: Lang, t: TFunction): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fieldErrors).map(([key, messages]) => [key, messages.map((message) => describeProblem(root, key, message, lang, t))]));
}


/** A JSON text that does not parse, said with its line when the parser gives a place. */
export function describeJsonError(text: string, caught: unknown, t: TFunction): string {
  const message = caught instanceof Error ? caught.message : "";
  const line = /line (\d+)/.exec(message)?.[1] ?? (/position (\d+)/.exec(message) ? String(text.slice(0, Number(/position (\d+)/.exec(message)![1])).split("\n").length) : undefined);
  return line ? t("formDefinitionBuilder.problems.jsonAt", { line }) : t("formDefinitionBuilder.problems.json");
}
