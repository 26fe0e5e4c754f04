/**
 * Answers checked against a form definition. Pure (zod-free even): the web
 * app shows the same errors before sending, and the server decides with it.
 */
import { LIMITS, conditionsOf, type Condition, type Element, type FormDefinition, type GroupElement, type ValueElement, type Visibility } from "./definition";
import { toAssetRef, type AssetRef } from "../asset/reference";
import { checkFuelLog } from "../emissions/index";

/** A vehicle answer; the server adds a snapshot of the vehicle so later renames do not change old submissions. */
export interface VehicleRef {
  type: "vehicle";
  id: string;
  vehicleNumber?: string;
  vin?: string;
  description?: string;
}
export type Answer = string | number | boolean | string[] | AssetRef | AssetRef[] | VehicleRef | Values[];
export type Values = { [name: string]: Answer };

export interface ValuesResult {
  ok: boolean;
  /** the answers of visible elements, normalised; hidden and empty answers are left out */
  values: Values;
  /** `{ "name": ["message"] }`, `{ "group.0.child": [...] }` for group items */
  errors: Record<string, string[]>;
  assetIds: number[];
  vehicleIds: string[];
}

export const MESSAGES = {
  notObject: "The answers must be an object keyed by element name",
  unknown: "This field is not part of the form",
  required: "This field is required",
  text: "Enter text",
  tooLong: (max: number) => `Enter at most ${max} characters`,
  tooShort: (min: number) => `Enter at least ${min} characters`,
  number: "Enter a number",
  integer: "Enter a whole number",
  min: (min: number) => `Enter a number of at least ${min}`,
  max: (max: number) => `Enter a number of at most ${max}`,
  date: "Enter a date as YYYY-MM-DD",
  dateMin: (min: string) => `Enter a date on or after ${min}`,
  dateMax: (max: string) => `Enter a date on or before ${max}`,
  time: "Enter a time as HH:MM",
  option: "Choose one of the options",
  options: "Choose among the options",
  boolean: "Tick or untick the box",
  yesno: "Answer yes or no",
  asset: "Attach an uploaded file",
  files: (max: number) => `Attach at most ${max} files`,
  vehicle: "Choose a vehicle",
  group: "Add the items as a list",
  item: "Each item must be an object keyed by element name",
  minItems: (min: number) => `Add at least ${min} items`,
  maxItems: (max: number) => `Add at most ${max} items`,
} as const;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "") || (Array.isArray(value) && value.length === 0);

const has = (object: Record<string, unknown>, key: string) => Object.prototype.hasOwnProperty.call(object, key);

interface Indexed {
  element: ValueElement;
  group?: GroupElement;
  /** the visibility rules of the element and of every section around it */
  chain: Visibility[];
}

/** Value elements by name, each with the visibility rules that apply to it. */
function index(body: readonly Element[], out = new Map<string, Indexed>(), chain: Visibility[] = [], group?: GroupElement) {
  for (const element of body) {
    const own = element.visibleIf ? [...chain, element.visibleIf] : chain;
    if (element.type === "section") index(element.elements, out, own, group);
    else {
      out.set(element.name, { element, group, chain: own });
      if (element.type === "group") index(element.elements, out, [], element);
    }
  }
  return out;
}

function compare(actual: unknown, op: Condition["op"], expected: Condition["value"]): boolean {
  const answered = !isEmpty(actual) && actual !== false;
  const same = (a: unknown, b: unknown) => String(a) === String(b);
  const expectedList = Array.isArray(expected) ? expected : [expected];
  const actualList = Array.isArray(actual) ? actual : [actual];
  switch (op) {
    case "answered":
      return answered;
    case "notAnswered":
      return !answered;
    case "equals":
      return actualList.some((value) => same(value, expected));
    case "notEquals":
      return !actualList.some((value) => same(value, expected));
    case "in":
      return actualList.some((value) => expectedList.some((option) => same(value, option)));
    case "notIn":
      return !actualList.some((value) => expectedList.some((option) => same(value, option)));
    default: {
      if (!answered || expected === undefined || Array.isArray(expected)) return false;
      const numeric = typeof expected === "number" || (typeof actual === "number" && !Number.isNaN(Number(expected)));
      const [a, b] = numeric ? [Number(actual), Number(expected)] : [String(actual), String(expected)];
      if (op === "gt") return a > b;
      if (op === "gte") return a >= b;
      if (op === "lt") return a < b;
      return a <= b;
    }
  }
}

/**
 * Decides which elements are shown for the answers given. An answer of a
 * hidden element counts as unanswered for the conditions that refer to it;
 * circular conditions resolve to hidden.
 */
export function visibility(definition: FormDefinition, root: Record<string, unknown>) {
  const elements = index(definition.body);
  const memo = new Map<string, boolean>();
  const visiting = new Set<string>();

  const lookup = (field: string, item: Record<string, unknown> | undefined) => {
    const target = elements.get(field);
    if (!target) return undefined;
    const scope = target.group ? item : root;
    if (!scope || !has(scope, field)) return undefined;
    return isVisible(field, target.group ? item : undefined) ? scope[field] : undefined;
  };
  const holds = (rule: Visibility, item: Record<string, unknown> | undefined) => {
    const results = conditionsOf(rule).map((condition) => compare(lookup(condition.field, item), condition.op, condition.value));
    return "any" in rule ? results.some(Boolean) : results.every(Boolean);
  };
  function isVisible(name: string, item?: Record<string, unknown>): boolean {
    const entry = elements.get(name);
    if (!entry) return false;
    const key = item ? undefined : name;
    if (key && memo.has(key)) return memo.get(key)!;
    if (visiting.has(name)) return false;
    visiting.add(name);
    let visible = entry.chain.every((rule) => holds(rule, item));
    if (visible && entry.group && !item) visible = isVisible(entry.group.name);
    visiting.delete(name);
    if (key) memo.set(key, visible);
    return visible;
  }
  /** Whether an element (any kind, sections too) is shown; `item` is the group item it sits in. */
  const elementVisible = (element: Element, item?: Record<string, unknown>) =>
    element.type === "section" ? !element.visibleIf || holds(element.visibleIf, item) : isVisible(element.name, item);
  return { isVisible, elementVisible };
}

/** Checks answers against a definition and normalises them (SPEC §5; docs/form-definition.md "Answers"). */
export function validateValues(definition: FormDefinition, input: unknown): ValuesResult {
  // Error keys come from the caller's keys: a map without a prototype has no "toString" to collide with.
  const result: ValuesResult = { ok: true, values: {}, errors: Object.create(null) as Record<string, string[]>, assetIds: [], vehicleIds: [] };
  const fail = (path: string, message: string) => {
    result.ok = false;
    (result.errors[path] ??= []).push(message);
  };
  if (!isPlainObject(input)) {
    fail("_", MESSAGES.notObject);
    return result;
  }
  const { elementVisible } = visibility(definition, input);

  const check = (body: readonly Element[], scope: Record<string, unknown>, out: Values, prefix: string, item?: Record<string, unknown>) => {
    const known = new Set<string>();
    const visit = (elements: readonly Element[], shown: boolean) => {
      for (const element of elements) {
        const visible = shown && elementVisible(element, item);
        if (element.type === "section") {
          visit(element.elements, visible);
          continue;
        }
        known.add(element.name);
        if (!visible) continue;
        const path = `${prefix}${element.name}`;
        const value = has(scope, element.name) ? scope[element.name] : undefined;
        const normalised = element.type === "group" ? checkGroup(element, value, path) : checkField(element, value, path, fail, result);
        if (normalised !== undefined) out[element.name] = normalised;
      }
    };
    visit(body, true);
    for (const key of Object.keys(scope)) if (!known.has(key)) fail(`${prefix}${key}`, MESSAGES.unknown);
  };

  const checkGroup = (element: GroupElement, value: unknown, path: string): Values[] | undefined => {
    const min = Math.max(element.minItems ?? 0, element.required ? 1 : 0);
    const max = element.maxItems ?? LIMITS.groupItems;
    if (value === undefined || value === null) {
      if (min > 0) fail(path, element.required ? MESSAGES.required : MESSAGES.minItems(min));
      return undefined;
    }
    if (!Array.isArray(value)) return void fail(path, MESSAGES.group);
    if (value.length > max) return void fail(path, MESSAGES.maxItems(max));
    if (value.length < min) return void fail(path, value.length === 0 && element.required ? MESSAGES.required : MESSAGES.minItems(min));
    const items: Values[] = [];
    value.forEach((item, i) => {
      if (!isPlainObject(item)) return fail(`${path}.${i}`, MESSAGES.item);
      const out: Values = {};
      check(element.elements, item, out, `${path}.${i}.`, item);
      items.push(out);
    });
    return items.length ? items : undefined;
  };

  check(definition.body, input, result.values, "");
  // issue 42: a fuel log that cannot be counted (an impossible fill, an unknown unit or fuel) is refused by field
  if (result.ok) for (const [path, messages] of Object.entries(checkFuelLog(definition, result.values))) for (const message of messages) fail(path, message);
  result.assetIds = [...new Set(result.assetIds)];
  result.vehicleIds = [...new Set(result.vehicleIds)];
  if (!result.ok) result.values = {};
  return result;
}

function checkField(element: Exclude<ValueElement, GroupElement>, value: unknown, path: string, fail: (path: string, message: string) => void, result: ValuesResult): Answer | undefined {
  const required = element.required === true;
  if (isEmpty(value) || (element.type === "checkbox" && !element.options && value === false && required)) {
    if (required) fail(path, MESSAGES.required);
    return element.type === "checkbox" && !element.options && value === false ? false : undefined;
  }
  switch (element.type) {
    case "text":
    case "textarea": {
      if (typeof value !== "string") return void fail(path, MESSAGES.text);
      const max = element.maxLength ?? (element.type === "text" ? LIMITS.textLength : LIMITS.textareaLength);
      if (value.length > max) return void fail(path, MESSAGES.tooLong(max));
      if (element.type === "text" && element.minLength && value.trim().length < element.minLength) return void fail(path, MESSAGES.tooShort(element.minLength));
      return value;
    }
    case "number": {
      const number = typeof value === "number" ? value : typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
      if (!Number.isFinite(number) || Math.abs(number) > LIMITS.number) return void fail(path, MESSAGES.number);
      if (element.integer && !Number.isInteger(number)) return void fail(path, MESSAGES.integer);
      if (element.min !== undefined && number < element.min) return void fail(path, MESSAGES.min(element.min));
      if (element.max !== undefined && number > element.max) return void fail(path, MESSAGES.max(element.max));
      return number;
    }
    case "date": {
      if (typeof value !== "string" || !isDate(value)) return void fail(path, MESSAGES.date);
      if (element.min && value < element.min) return void fail(path, MESSAGES.dateMin(element.min));
      if (element.max && value > element.max) return void fail(path, MESSAGES.dateMax(element.max));
      return value;
    }
    case "time":
      if (typeof value !== "string" || !/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value)) return void fail(path, MESSAGES.time);
      return value;
    case "radio":
    case "select":
    case "checkbox": {
      if (element.type === "checkbox" && !element.options) {
        if (typeof value !== "boolean") return void fail(path, MESSAGES.boolean);
        return value;
      }
      const allowed = new Set((element.options ?? []).map((option) => option.value));
      const many = element.type === "checkbox" || (element.type === "select" && element.multiple);
      if (!many) {
        if (typeof value !== "string" || !allowed.has(value)) return void fail(path, MESSAGES.option);
        return value;
      }
      const list = Array.isArray(value) ? value : [value];
      if (list.length > allowed.size || !list.every((entry) => typeof entry === "string" && allowed.has(entry))) return void fail(path, MESSAGES.options);
      return [...new Set(list as string[])];
    }
    case "yesno": {
      const answer = value === true ? "yes" : value === false ? "no" : value;
      const allowed = element.allowNotApplicable ? ["yes", "no", "na"] : ["yes", "no"];
      if (typeof answer !== "string" || !allowed.includes(answer)) return void fail(path, MESSAGES.yesno);
      return answer;
    }
    case "signature":
    case "photo":
    case "file": {
      const many = element.type !== "signature" && element.multiple === true;
      const list = Array.isArray(value) ? value : [value];
      if (!many && list.length > 1) return void fail(path, MESSAGES.files(1));
      const max = many ? (element.maxFiles ?? LIMITS.files) : 1;
      if (list.length > max) return void fail(path, MESSAGES.files(max));
      const refs = list.map(toAssetRef);
      if (refs.some((ref) => !ref)) return void fail(path, MESSAGES.asset);
      const assets = refs as AssetRef[];
      result.assetIds.push(...assets.map((ref) => ref.id));
      return many ? assets : assets[0];
    }
    case "vehicle": {
      const raw = typeof value === "object" && value !== null && !Array.isArray(value) ? (value as { id?: unknown }).id : value;
      const id = typeof raw === "number" && Number.isSafeInteger(raw) ? String(raw) : raw;
      if (typeof id !== "string" || !/^[\w-]{1,100}$/.test(id)) return void fail(path, MESSAGES.vehicle);
      result.vehicleIds.push(id);
      return { type: "vehicle", id };
    }
  }
}

function isDate(value: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Answers that differ between two versions, by top-level element name, in definition order. */
export function changedFields(before: Values, after: Values): { field: string; previousValue: Answer | null; currentValue: Answer | null }[] {
  const names = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return names
    .filter((name) => stable(before[name]) !== stable(after[name]))
    .map((name) => ({ field: name, previousValue: before[name] ?? null, currentValue: after[name] ?? null }));
}

/** JSON with sorted keys, so equal answers compare equal whatever their key order. */
export function stable(value: unknown): string {
  if (value === undefined) return "null";
  if (Array.isArray(value)) return `[${value.map(stable).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stable((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * Rewrites every answer through `map`, group items included; the server uses
 * it to put the stored file type on asset references and a snapshot on vehicles.
 */
export function mapAnswers(body: readonly Element[], values: Values, map: (element: Exclude<ValueElement, GroupElement>, value: Answer, path: string) => Answer, prefix = ""): Values {
  const out: Values = { ...values };
  const visit = (elements: readonly Element[]) => {
    for (const element of elements) {
      if (element.type === "section") visit(element.elements);
      else if (out[element.name] === undefined) continue;
      else if (element.type === "group") {
        const items = out[element.name] as Values[];
        out[element.name] = items.map((item, i) => mapAnswers(element.elements, item, map, `${prefix}${element.name}.${i}.`));
      } else out[element.name] = map(element, out[element.name]!, `${prefix}${element.name}`);
    }
  };
  visit(body);
  return out;
}
