import Handlebars from "handlebars";
import { createHash } from "node:crypto";
import { localized, type FormDefinition } from "../form/definition";
import { displayAnswer, displayByName, findElement, formatDate, formatDateTime, labelOf, statusLabel, WORDS, word, type AssetInfo, type Lang, type WordKey } from "../form/display";
import { isAssetRef, type AssetRef } from "../asset/reference";
import type { Answer, Values } from "../form/values";
import { assetSrc, reportOf, timeZoneOf } from "./report";
import { byteLength, TEMPLATE_MAX_BYTES, LIMIT_MESSAGES } from "./limits";
import type { DvirModel } from "../defect/dvir-html";

/** What a document is made from: a submission, or the template builder's example data. */
export interface DocumentModel {
  lang: Lang;
  definition: FormDefinition;
  form: { id: number; name: string };
  /** `logoAssetId`, `details` (lines under the name) and `timeZone` (every time printed in it) are the company's report settings */
  company: { name: string; logoAssetId?: number; details?: string[]; timeZone?: string };
  submission: {
    id: number | string;
    version: number;
    status: string;
    submittedBy: string;
    createdAt: string;
    updatedAt: string;
    updatedBy: string;
    reviewComment?: string;
  };
  values: Values;
  assets: Map<number, AssetInfo>;
  /** issue 42: an inspection's defects, their certification and the drivers' reviews, printed after the content */
  dvir?: DvirModel;
  /** `kind`: an answer changed (`amend`), or the review's `approve` / `send_back`, whose change is the status */
  amendments: { version: number; kind?: string; changedAt: string; changedBy: string; changes: { field: string; previousValue: Answer | null; currentValue: Answer | null }[] }[];
}

export const TEMPLATE_MAX_CHARS = 200_000;

const hb = Handlebars.create();
hb.unregisterHelper("log");

const escape = (value: unknown) => hb.escapeExpression(String(value ?? ""));
export { assetSrc };

type Options = Handlebars.HelperOptions & { data: { model: DocumentModel } };
const modelOf = (options: Options) => options.data.model;
const optionsOf = (args: unknown[]) => args[args.length - 1] as Options;

function imagesHtml(value: unknown, model: DocumentModel, hash: Record<string, unknown>) {
  const refs = (Array.isArray(value) ? value : [value]).filter(isAssetRef) as AssetRef[];
  const width = typeof hash.width === "string" || typeof hash.width === "number" ? `max-width:${escape(hash.width)}${typeof hash.width === "number" ? "px" : ""};` : "";
  const className = typeof hash.class === "string" ? escape(hash.class) : "ff-image";
  return refs
    .filter((ref) => !model.assets.get(ref.id)?.fileType || model.assets.get(ref.id)!.fileType!.startsWith("image/"))
    .map((ref) => `<img class="${className}" style="${width}" src="${assetSrc(ref.id)}" alt="${escape(model.assets.get(ref.id)?.fileName ?? "")}">`)
    .join("");
}

/**
 * A property the object itself holds, never one it inherits: a helper argument
 * such as "constructor" or "__proto__" must not reach Object.prototype.
 */
function ownValue(object: unknown, key: string): unknown {
  return object !== null && typeof object === "object" && Object.hasOwn(object, key) ? (object as Record<string, unknown>)[key] : undefined;
}

/** Resolves a helper argument: an element name or an answer itself. */
function answerOf(arg: unknown, model: DocumentModel, item?: unknown) {
  if (typeof arg !== "string") return { name: undefined, value: arg as Answer };
  const scope = item && typeof item === "object" ? item : model.values;
  return { name: arg, value: (ownValue(scope, arg) ?? ownValue(model.values, arg)) as Answer | undefined };
}

/** The context's own property, for `{{label}}` / `{{answer}}` inside `{{#each fields}}` (a known helper wins over a property). */
const own = (context: unknown, key: string) => {
  const value = ownValue(context, key);
  return value === undefined || value === null ? "" : String(value);
};

/** The document words a template may name with {{t "key"}}: strings only, looked up as own keys. */
const isWordKey = (key: string): key is WordKey => Object.hasOwn(WORDS.en, key) && typeof (WORDS.en as Record<string, unknown>)[key] === "string";
const isStatus = (status: string) => Object.hasOwn(WORDS.en.statuses, status);

/**
 * Every helper takes its arguments as a list whose last entry is Handlebars'
 * options, so a call with missing arguments gets an empty answer, never a crash.
 */
const HELPERS: Record<string, (this: unknown, ...args: unknown[]) => unknown> = {
  /** {{t en="Inspection" es="Inspección"}} or {{t "submittedBy"}} */
  t(...args) {
    const options = optionsOf(args);
    const lang = modelOf(options).lang;
    const hash = options.hash as Record<string, unknown>;
    if (typeof args[0] === "string" && args.length > 1) {
      const key = args[0];
      return isWordKey(key) ? word(lang, key) : key;
    }
    const text = ownValue(hash, lang) ?? ownValue(hash, "en");
    return text === undefined || text === null ? "" : String(text);
  },
  /** {{label "odometer"}}: the element's label in the document's language */
  label(...args) {
    const model = modelOf(optionsOf(args));
    if (args.length < 2) return own(this, "label");
    return labelOf(model.definition, String(args[0]), model.lang);
  },
  /** {{answer "odometer"}} or, inside {{#each values.defects}}, {{answer "part" this}} */
  answer(...args) {
    const model = modelOf(optionsOf(args));
    if (args.length < 2) return own(this, "answer");
    const { name, value } = answerOf(args[0], model, args.length > 2 ? args[1] : undefined);
    if (!name) return typeof value === "string" ? value : value === undefined || value === null ? "" : JSON.stringify(value);
    const element = findElement(model.definition.body, name);
    if (element && element.type !== "section" && element.type !== "group") return displayAnswer(element, value, model.lang, model.assets);
    return displayByName(model.definition, name, value, model.lang);
  },
  /** {{image "photo"}} or {{image values.photo width=240}}: the pictures of an answer */
  image(...args) {
    const options = optionsOf(args);
    const model = modelOf(options);
    if (args.length < 2) return "";
    const { value } = answerOf(args[0], model, args.length > 2 ? args[1] : undefined);
    return new hb.SafeString(imagesHtml(value, model, options.hash as Record<string, unknown>));
  },
  date(...args) {
    return typeof args[0] === "string" && args.length > 1 ? formatDate(args[0], modelOf(optionsOf(args)).lang) : "";
  },
  datetime(...args) {
    const model = modelOf(optionsOf(args));
    return typeof args[0] === "string" && args.length > 1 ? formatDateTime(args[0], model.lang, timeZoneOf(model)) : "";
  },
  status(...args) {
    if (args.length < 2) return "";
    const status = String(args[0] ?? "");
    return isStatus(status) ? statusLabel(modelOf(optionsOf(args)).lang, status) : status;
  },
  eq: (...args) => args.length > 2 && (args[0] === args[1] || String(args[0]) === String(args[1])),
  ne: (...args) => args.length > 2 && String(args[0]) !== String(args[1]),
  and: (...args) => args.slice(0, -1).every(Boolean),
  or: (...args) => args.slice(0, -1).some(Boolean),
  not: (...args) => args.length < 2 || !args[0],
  join: (...args) => (Array.isArray(args[0]) ? args[0].map(String).join(typeof args[1] === "string" && args.length > 2 ? args[1] : ", ") : ""),
};
for (const [name, helper] of Object.entries(HELPERS)) hb.registerHelper(name, helper as Handlebars.HelperDelegate);

export const HELPER_NAMES = Object.keys(HELPERS);
const COMPILE_OPTIONS = {
  // `log` is a Handlebars built-in we removed: naming it false makes knownHelpersOnly refuse it at compile time.
  knownHelpers: { ...Object.fromEntries(HELPER_NAMES.map((name) => [name, true])), log: false },
  knownHelpersOnly: true,
  strict: false,
  preventIndent: true,
} as const;

export class TemplateError extends Error {}

type Node = { type: string; loc?: { start: { line: number } }; escaped?: boolean; path?: { type?: string; original?: unknown }; params?: unknown[] };

/** Built-in helpers and the arguments they need: a call without them fails only when run, so it is refused when saved. */
const BUILT_IN_ARITY: Record<string, number> = { if: 1, unless: 1, with: 1, each: 1, lookup: 2 };

/**
 * Refuses what a template may not do (DESIGN §5: escaped Handlebars): raw
 * `{{{ }}}` output, partials and decorators; built-in helpers called without
 * their argument; and unknown helpers, found by compiling. Nothing is run:
 * this is safe on the request thread (a render runs in a worker, see sandbox.ts).
 */
export function checkTemplate(source: string): void {
  if (byteLength(source) > TEMPLATE_MAX_BYTES) throw new TemplateError(LIMIT_MESSAGES.template);
  let ast: { body: Node[] };
  try {
    ast = hb.parse(source) as unknown as { body: Node[] };
  } catch (error) {
    throw new TemplateError(`The template cannot be read: ${(error as Error).message.split("\n")[0]}`);
  }
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== "object") return;
    const node = value as Node;
    const line = node.loc ? ` (line ${node.loc.start.line})` : "";
    if (node.type === "MustacheStatement" && node.escaped === false) throw new TemplateError(`Raw output with {{{ }}} is not allowed; answers are always escaped${line}`);
    if (node.type === "PartialStatement" || node.type === "PartialBlockStatement") throw new TemplateError(`Partials are not supported${line}`);
    if (node.type === "DecoratorBlock" || node.type === "Decorator") throw new TemplateError(`Decorators are not supported${line}`);
    const name = node.path?.type === "PathExpression" && typeof node.path.original === "string" ? node.path.original : undefined;
    if (name && Object.hasOwn(BUILT_IN_ARITY, name) && (node.type === "BlockStatement" || node.type === "MustacheStatement" || node.type === "SubExpression")) {
      const wanted = BUILT_IN_ARITY[name]!;
      if ((node.params?.length ?? 0) !== wanted) throw new TemplateError(`${name} needs exactly ${wanted} argument${wanted > 1 ? "s" : ""}${line}`);
    }
    for (const [key, child] of Object.entries(node)) if (key !== "loc" && key !== "strip" && child && typeof child === "object") visit(child);
  };
  try {
    visit(ast.body);
  } catch (error) {
    if (error instanceof RangeError) throw new TemplateError("The template is nested too deeply");
    throw error;
  }
  try {
    hb.precompile(source, COMPILE_OPTIONS);
  } catch (error) {
    throw new TemplateError(`The template cannot be compiled: ${(error as Error).message.split("\n")[0]}`);
  }
}

const compiled = new Map<string, Handlebars.TemplateDelegate>();
function compile(source: string) {
  const key = createHash("sha256").update(source).digest("base64url");
  let template = compiled.get(key);
  if (!template) {
    checkTemplate(source);
    template = hb.compile(source, COMPILE_OPTIONS);
    if (compiled.size > 200) compiled.clear();
    compiled.set(key, template);
  }
  return template;
}

/** The data a template sees; docs/form-definition.md lists it. */
export function templateContext(model: DocumentModel) {
  // No prototype: `answers.constructor` is just a missing answer (Handlebars' prototype-access guard stays on too).
  const answers: Record<string, string> = Object.create(null);
  const labels: Record<string, string> = Object.create(null);
  const fields: { name: string; label: string; type: string; answer: string; hasImages: boolean }[] = [];
  for (const [name, value] of Object.entries(model.values)) {
    const element = findElement(model.definition.body, name);
    const label = element ? localized(element.label, model.lang) : name;
    const answer = element && element.type !== "section" && element.type !== "group" ? displayAnswer(element, value, model.lang, model.assets) : displayByName(model.definition, name, value, model.lang);
    answers[name] = answer;
    labels[name] = label;
    fields.push({ name, label, type: element?.type ?? "unknown", answer, hasImages: element?.type === "photo" || element?.type === "signature" });
  }
  const timeZone = timeZoneOf(model);
  const report = reportOf(model);
  return {
    lang: model.lang,
    form: model.form,
    company: {
      name: model.company.name,
      logo: model.company.logoAssetId ? assetSrc(model.company.logoAssetId) : "",
      details: model.company.details ?? [],
      timeZone,
    },
    submission: {
      ...model.submission,
      statusLabel: statusLabel(model.lang, model.submission.status),
      submittedAt: formatDateTime(model.submission.createdAt, model.lang, timeZone),
      lastUpdated: formatDateTime(model.submission.updatedAt, model.lang, timeZone),
    },
    values: model.values,
    answers,
    labels,
    fields,
    ...report,
    amendments: model.amendments,
  };
}

/**
 * Renders a template with a document's data; every answer is escaped. It runs
 * in this thread with no time limit: requests go through sandbox.ts, which
 * calls it in a worker.
 */
export function renderTemplate(source: string, model: DocumentModel): string {
  const template = compile(source);
  try {
    return template(templateContext(model), { data: { model } });
  } catch (error) {
    throw new TemplateError(`The template cannot be rendered: ${(error as Error).message.split("\n")[0]}`);
  }
}
