import Handlebars from "handlebars";
import { createHash } from "node:crypto";
import { localized, type FormDefinition } from "../form/definition";
import { displayAnswer, displayByName, findElement, formatDate, formatDateTime, labelOf, statusLabel, WORDS, word, type AssetInfo, type Lang, type WordKey } from "../form/display";
import { isAssetRef, type AssetRef } from "../asset/reference";
import type { Answer, Values } from "../form/values";
import { RENDER_ORIGIN } from "./browser";

/** What a document is made from: a submission, or the template builder's example data. */
export interface DocumentModel {
  lang: Lang;
  definition: FormDefinition;
  form: { id: number; name: string };
  company: { name: string };
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
  amendments: { version: number; changedAt: string; changedBy: string; changes: { field: string; previousValue: Answer | null; currentValue: Answer | null }[] }[];
}

export const TEMPLATE_MAX_CHARS = 200_000;

const hb = Handlebars.create();
hb.unregisterHelper("log");

const escape = (value: unknown) => hb.escapeExpression(String(value ?? ""));
/** Where the page finds an asset: answered from storage by the renderer, never fetched. */
export const assetSrc = (id: number) => `${RENDER_ORIGIN}/v2/assets/${id}/content`;

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

/** Resolves a helper argument: an element name or an answer itself. */
function answerOf(arg: unknown, model: DocumentModel, item?: unknown) {
  if (typeof arg !== "string") return { name: undefined, value: arg as Answer };
  const scope = item && typeof item === "object" ? (item as Values) : model.values;
  return { name: arg, value: scope[arg] ?? model.values[arg] };
}

/** The context's own property, for `{{label}}` / `{{answer}}` inside `{{#each fields}}` (a known helper wins over a property). */
const own = (context: unknown, key: string) => {
  const value = context && typeof context === "object" && Object.prototype.hasOwnProperty.call(context, key) ? (context as Record<string, unknown>)[key] : undefined;
  return value === undefined || value === null ? "" : String(value);
};

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
      const key = args[0] as WordKey;
      return key in WORDS.en ? word(lang, key) : key;
    }
    return String(hash[lang] ?? hash.en ?? "");
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
    return typeof args[0] === "string" && args.length > 1 ? formatDateTime(args[0], modelOf(optionsOf(args)).lang) : "";
  },
  status(...args) {
    return args.length > 1 ? statusLabel(modelOf(optionsOf(args)).lang, String(args[0] ?? "")) : "";
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

type Node = { type: string; loc?: { start: { line: number } }; escaped?: boolean; program?: { body: Node[] }; inverse?: { body: Node[] } };

/**
 * Refuses what a template may not do (DESIGN §5: escaped Handlebars): raw
 * `{{{ }}}` output, partials and decorators; and unknown helpers, found by
 * compiling.
 */
export function checkTemplate(source: string): void {
  if (source.length > TEMPLATE_MAX_CHARS) throw new TemplateError(`A template is at most ${TEMPLATE_MAX_CHARS} characters`);
  let ast: { body: Node[] };
  try {
    ast = hb.parse(source) as unknown as { body: Node[] };
  } catch (error) {
    throw new TemplateError(`The template cannot be read: ${(error as Error).message.split("\n")[0]}`);
  }
  const visit = (nodes: Node[]) => {
    for (const node of nodes) {
      const line = node.loc ? ` (line ${node.loc.start.line})` : "";
      if (node.type === "MustacheStatement" && node.escaped === false) throw new TemplateError(`Raw output with {{{ }}} is not allowed; answers are always escaped${line}`);
      if (node.type === "PartialStatement" || node.type === "PartialBlockStatement") throw new TemplateError(`Partials are not supported${line}`);
      if (node.type === "DecoratorBlock" || node.type === "Decorator") throw new TemplateError(`Decorators are not supported${line}`);
      if (node.program) visit(node.program.body);
      if (node.inverse) visit(node.inverse.body);
    }
  };
  visit(ast.body);
  let template: Handlebars.TemplateDelegate;
  try {
    template = hb.compile(source, COMPILE_OPTIONS);
    // Handlebars compiles lazily: a first render finds what only shows at run time ({{#with}} without an argument...).
    template(templateContext(SAMPLE_MODEL), { data: { model: SAMPLE_MODEL } });
  } catch (error) {
    throw new TemplateError(`The template cannot be compiled: ${(error as Error).message.split("\n")[0]}`);
  }
}

/** Enough data for a trial render to enter loops over `fields` and over a group's items. */
const SAMPLE_MODEL: DocumentModel = {
  lang: "en",
  definition: {
    body: [
      { type: "text", name: "sample", label: { en: "Sample" } },
      { type: "group", name: "items", label: { en: "Items" }, elements: [{ type: "text", name: "text", label: { en: "Text" } }] },
    ],
  },
  form: { id: 1, name: "" },
  company: { name: "" },
  submission: { id: 1, version: 1, status: "submitted", submittedBy: "", createdAt: "", updatedAt: "", updatedBy: "" },
  values: { sample: "x", items: [{ text: "y" }] },
  assets: new Map(),
  amendments: [],
};

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
  const answers: Record<string, string> = {};
  const labels: Record<string, string> = {};
  const fields: { name: string; label: string; type: string; answer: string; hasImages: boolean }[] = [];
  for (const [name, value] of Object.entries(model.values)) {
    const element = findElement(model.definition.body, name);
    const label = element ? localized(element.label, model.lang) : name;
    const answer = element && element.type !== "section" && element.type !== "group" ? displayAnswer(element, value, model.lang, model.assets) : displayByName(model.definition, name, value, model.lang);
    answers[name] = answer;
    labels[name] = label;
    fields.push({ name, label, type: element?.type ?? "unknown", answer, hasImages: element?.type === "photo" || element?.type === "signature" });
  }
  return {
    lang: model.lang,
    form: model.form,
    company: model.company,
    submission: {
      ...model.submission,
      statusLabel: statusLabel(model.lang, model.submission.status),
      submittedAt: formatDateTime(model.submission.createdAt, model.lang),
      lastUpdated: formatDateTime(model.submission.updatedAt, model.lang),
    },
    values: model.values,
    answers,
    labels,
    fields,
    amendments: model.amendments,
  };
}

/** Renders a stored template with a document's data; every answer is escaped. */
export function renderTemplate(source: string, model: DocumentModel): string {
  const template = compile(source);
  try {
    return template(templateContext(model), { data: { model } });
  } catch (error) {
    throw new TemplateError(`The template cannot be rendered: ${(error as Error).message.split("\n")[0]}`);
  }
}
