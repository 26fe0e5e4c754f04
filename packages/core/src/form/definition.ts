/**
 * The form definition format (docs/form-definition.md). A pure module: it
 * imports only zod, so the web app's builder and filler use the very same
 * rules the server applies on save.
 */
import * as z from "../util/zod";
import { safeText } from "../util/text";

export const ELEMENT_TYPES = [
  "text",
  "textarea",
  "number",
  "date",
  "time",
  "select",
  "radio",
  "checkbox",
  "yesno",
  "signature",
  "photo",
  "file",
  "vehicle",
  "section",
  "group",
] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];

/** Elements that hold uploaded files: their values are asset references. */
export const ASSET_ELEMENT_TYPES = ["signature", "photo", "file"] as const;
/** Elements that only arrange others and hold no value of their own. */
export const LAYOUT_ELEMENT_TYPES = ["section"] as const;

export const LIMITS = {
  elements: 300,
  depth: 4,
  options: 200,
  groupItems: 100,
  files: 20,
  textLength: 1000,
  textareaLength: 10000,
  labelLength: 500,
  helpLength: 2000,
  /** numbers stay well inside what every store and formatter handles exactly */
  number: 1e15,
  definitionBytes: 300_000,
} as const;

/** Accepted upload types for file elements (photos and signatures are images). */
export const FILE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "application/pdf"] as const;

const RESERVED_NAMES = new Set(["__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty"]);

const wellFormed = (value: string) => (value as string & { isWellFormed?: () => boolean }).isWellFormed?.() ?? true;
const text = (max: number) => z.string().check(z.maxLength(max, `At most ${max} characters`), z.refine(wellFormed, "Invalid characters"));

export const ElementName = /* @__PURE__ */ z.lazySchema(() => z.string({ error: "A name is required" }).check(
  z.regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, "A name starts with a letter and has at most 64 letters, digits and underscores"),
  z.refine((name) => !RESERVED_NAMES.has(name), "This name is reserved"),
));

/** A text in both interface languages; English is the fallback (SPEC §1). */
export const LocalizedText = /* @__PURE__ */ z.lazySchema(() => z.strictObject({
  en: safeText(text(LIMITS.labelLength).check(z.trim(), z.minLength(1, "An English label is required"))),
  es: z.optional(safeText(text(LIMITS.labelLength).check(z.trim()))),
}));
export type LocalizedText = z.infer<typeof LocalizedText>;
const Help = /* @__PURE__ */ z.lazySchema(() => z.strictObject({ en: z.optional(text(LIMITS.helpLength)), es: z.optional(text(LIMITS.helpLength)) }));

const Scalar = /* @__PURE__ */ z.lazySchema(() => z.union([z.string().check(z.maxLength(LIMITS.textLength)), z.number(), z.boolean()]));
export const CONDITION_OPS = ["equals", "notEquals", "in", "notIn", "answered", "notAnswered", "gt", "gte", "lt", "lte"] as const;
export const Condition = /* @__PURE__ */ z.lazySchema(() => z.strictObject({
  field: ElementName,
  op: z.enum(CONDITION_OPS, { error: `op is one of ${CONDITION_OPS.join(", ")}` }),
  value: z.optional(z.union([Scalar, z.array(Scalar).check(z.maxLength(LIMITS.options))])),
}));
export type Condition = z.infer<typeof Condition>;
export const Visibility = /* @__PURE__ */ z.lazySchema(() => z.union([
  Condition,
  z.strictObject({ all: z.array(Condition).check(z.minLength(1), z.maxLength(20)) }),
  z.strictObject({ any: z.array(Condition).check(z.minLength(1), z.maxLength(20)) }),
]));
export type Visibility = z.infer<typeof Visibility>;

export const Option = /* @__PURE__ */ z.lazySchema(() => z.strictObject({ value: text(200).check(z.minLength(1, "An option needs a value")), label: LocalizedText }));
export type Option = z.infer<typeof Option>;

/** the fields every element has, built with each element schema (not at import) */
const common = () => ({
  name: ElementName,
  label: LocalizedText,
  help: z.optional(Help),
  required: z.optional(z.boolean()),
  visibleIf: z.optional(Visibility),
});
const DateString = /* @__PURE__ */ z.lazySchema(() => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, "A date is written YYYY-MM-DD")));
const Bound = /* @__PURE__ */ z.lazySchema(() => z.number().check(z.gte(-LIMITS.number), z.lte(LIMITS.number)));
const options = /* @__PURE__ */ z.lazySchema(() => z.array(Option).check(z.minLength(1, "At least one option is required"), z.maxLength(LIMITS.options)));
const fileCount = /* @__PURE__ */ z.lazySchema(() => z.number().check(z.int(), z.gte(1), z.lte(LIMITS.files)));

export const TextElement = /* @__PURE__ */ z.lazySchema(() => z.strictObject({
  ...common(),
  type: z.literal("text"),
  placeholder: z.optional(LocalizedText),
  minLength: z.optional(z.number().check(z.int(), z.gte(0), z.lte(LIMITS.textLength))),
  maxLength: z.optional(z.number().check(z.int(), z.gte(1), z.lte(LIMITS.textLength))),
}));
export const TextareaElement = /* @__PURE__ */ z.lazySchema(() => z.strictObject({
  ...common(),
  type: z.literal("textarea"),
  placeholder: z.optional(LocalizedText),
  rows: z.optional(z.number().check(z.int(), z.gte(1), z.lte(40))),
  maxLength: z.optional(z.number().check(z.int(), z.gte(1), z.lte(LIMITS.textareaLength))),
}));
export const NumberElement = /* @__PURE__ */ z.lazySchema(() => z.strictObject({
  ...common(),
  type: z.literal("number"),
  min: z.optional(Bound),
  max: z.optional(Bound),
  integer: z.optional(z.boolean()),
  unit: z.optional(text(20)),
}));
export const DateElement = /* @__PURE__ */ z.lazySchema(() => z.strictObject({ ...common(), type: z.literal("date"), min: z.optional(DateString), max: z.optional(DateString) }));
export const TimeElement = /* @__PURE__ */ z.lazySchema(() => z.strictObject({ ...common(), type: z.literal("time") }));
/**
 * Answers that report a defect, and those that take the vehicle out of service (a defect too): the PDF's
 * summary counts them (docs/form-definition.md "Defects").
 */
const flagValues = /* @__PURE__ */ z.lazySchema(() => z.optional(z.array(text(200).check(z.minLength(1))).check(z.minLength(1), z.maxLength(LIMITS.options))));
const flags = { defectIf: flagValues, outOfServiceIf: flagValues };
export const SelectElement = /* @__PURE__ */ z.lazySchema(() => z.strictObject({ ...common(), ...flags, type: z.literal("select"), options, multiple: z.optional(z.boolean()) }));
export const RadioElement = /* @__PURE__ */ z.lazySchema(() => z.strictObject({ ...common(), ...flags, type: z.literal("radio"), options }));
/** Without options a checkbox is one tick (a boolean); with options, a list of the ticked values. */
export const CheckboxElement = /* @__PURE__ */ z.lazySchema(() => z.strictObject({ ...common(), ...flags, type: z.literal("checkbox"), options: z.optional(options) }));
export const YesNoElement = /* @__PURE__ */ z.lazySchema(() => z.strictObject({ ...common(), ...flags, type: z.literal("yesno"), allowNotApplicable: z.optional(z.boolean()) }));
export const SignatureElement = /* @__PURE__ */ z.lazySchema(() => z.strictObject({ ...common(), type: z.literal("signature") }));
export const PhotoElement = /* @__PURE__ */ z.lazySchema(() => z.strictObject({ ...common(), type: z.literal("photo"), multiple: z.optional(z.boolean()), maxFiles: z.optional(fileCount) }));
export const FileElement = /* @__PURE__ */ z.lazySchema(() => z.strictObject({
  ...common(),
  type: z.literal("file"),
  multiple: z.optional(z.boolean()),
  maxFiles: z.optional(fileCount),
  accept: z.optional(z.array(z.enum(FILE_TYPES)).check(z.minLength(1))),
}));
export const VehicleElement = /* @__PURE__ */ z.lazySchema(() => z.strictObject({ ...common(), type: z.literal("vehicle") }));

export type TextElement = z.infer<typeof TextElement>;
export type TextareaElement = z.infer<typeof TextareaElement>;
export type NumberElement = z.infer<typeof NumberElement>;
export type DateElement = z.infer<typeof DateElement>;
export type TimeElement = z.infer<typeof TimeElement>;
export type SelectElement = z.infer<typeof SelectElement>;
export type RadioElement = z.infer<typeof RadioElement>;
export type CheckboxElement = z.infer<typeof CheckboxElement>;
export type YesNoElement = z.infer<typeof YesNoElement>;
export type SignatureElement = z.infer<typeof SignatureElement>;
export type PhotoElement = z.infer<typeof PhotoElement>;
export type FileElement = z.infer<typeof FileElement>;
export type VehicleElement = z.infer<typeof VehicleElement>;

/** Arranges elements under a heading; its children's answers sit beside the others. */
export interface SectionElement {
  type: "section";
  name?: string;
  label: LocalizedText;
  help?: z.infer<typeof Help>;
  visibleIf?: Visibility;
  elements: Element[];
}
/** A repeatable group: its answer is a list of items, each answering the group's elements. */
export interface GroupElement {
  type: "group";
  name: string;
  label: LocalizedText;
  help?: z.infer<typeof Help>;
  required?: boolean;
  visibleIf?: Visibility;
  itemLabel?: LocalizedText;
  minItems?: number;
  maxItems?: number;
  elements: Element[];
}
export type FieldElement =
  | TextElement
  | TextareaElement
  | NumberElement
  | DateElement
  | TimeElement
  | SelectElement
  | RadioElement
  | CheckboxElement
  | YesNoElement
  | SignatureElement
  | PhotoElement
  | FileElement
  | VehicleElement;
export type Element = FieldElement | SectionElement | GroupElement;
/** Elements that carry an answer under their name. */
export type ValueElement = FieldElement | GroupElement;

const children = () => z.array(Element).check(z.maxLength(LIMITS.elements, `At most ${LIMITS.elements} elements`));

export const SectionElementSchema: z.ZodMiniType<SectionElement> = /* @__PURE__ */ z.lazySchema(() => z.strictObject({
  type: z.literal("section"),
  name: z.optional(ElementName),
  label: LocalizedText,
  help: z.optional(Help),
  visibleIf: z.optional(Visibility),
  get elements() {
    return children();
  },
}) as z.ZodMiniType<SectionElement>);

export const GroupElementSchema: z.ZodMiniType<GroupElement> = /* @__PURE__ */ z.lazySchema(() => z.strictObject({
  ...common(),
  type: z.literal("group"),
  itemLabel: z.optional(LocalizedText),
  minItems: z.optional(z.number().check(z.int(), z.gte(0), z.lte(LIMITS.groupItems))),
  maxItems: z.optional(z.number().check(z.int(), z.gte(1), z.lte(LIMITS.groupItems))),
  get elements() {
    return children().check(z.minLength(1, "A group needs at least one element"));
  },
}) as z.ZodMiniType<GroupElement>);

const BY_TYPE: Record<ElementType, z.ZodMiniType> = {
  text: TextElement,
  textarea: TextareaElement,
  number: NumberElement,
  date: DateElement,
  time: TimeElement,
  select: SelectElement,
  radio: RadioElement,
  checkbox: CheckboxElement,
  yesno: YesNoElement,
  signature: SignatureElement,
  photo: PhotoElement,
  file: FileElement,
  vehicle: VehicleElement,
  section: SectionElementSchema,
  group: GroupElementSchema,
};

/**
 * One element, chosen by its `type`. Dispatching by hand (instead of a zod
 * union) keeps the errors about the element's own fields rather than "no
 * union member matched".
 */
export const Element: z.ZodMiniType<Element> = /* @__PURE__ */ z.lazySchema(() => z.custom<Element>().check(z.superRefine((input, ctx) => {
  const type = typeof input === "object" && input !== null ? (input as { type?: unknown }).type : undefined;
  const schema = typeof type === "string" && (ELEMENT_TYPES as readonly string[]).includes(type) ? BY_TYPE[type as ElementType] : undefined;
  if (!schema) {
    z.addIssue(ctx, { code: "custom", path: ["type"], message: `type is one of ${ELEMENT_TYPES.join(", ")}` });
    return;
  }
  const result = schema.safeParse(input);
  if (result.success) return;
  for (const issue of result.error.issues) z.addIssue(ctx, { code: "custom", path: issue.path, message: issue.message });
})) as unknown as z.ZodMiniType<Element>);

const DefinitionShape = /* @__PURE__ */ z.lazySchema(() => z.strictObject({
  title: z.optional(LocalizedText),
  description: z.optional(Help),
  body: children(),
}));

export type FormDefinition = { title?: LocalizedText; description?: z.infer<typeof Help>; body: Element[] };

export const EMPTY_DEFINITION: FormDefinition = { body: [] };

/** Every element with where it sits, depth first; `group` is the repeatable group an element belongs to. */
export interface Located {
  element: Element;
  path: (string | number)[];
  depth: number;
  group?: GroupElement;
}
export function walk(body: readonly Element[], visit: (entry: Located) => void, path: (string | number)[] = ["body"], depth = 1, group?: GroupElement) {
  body.forEach((element, index) => {
    const here = [...path, index];
    visit({ element, path: here, depth, group });
    if (element.type === "section") walk(element.elements, visit, [...here, "elements"], depth + 1, group);
    if (element.type === "group") walk(element.elements, visit, [...here, "elements"], depth + 1, element);
  });
}

const describe = (element: Element | undefined, path: (string | number)[]) => {
  const name = element && "name" in element && element.name ? `"${element.name}"` : element?.label?.en ? `"${element.label.en}"` : "";
  return `Element ${name ? `${name} ` : ""}at ${path.join(".")}`;
};

/** Cross-element rules zod cannot express per element. */
function checkWhole(definition: FormDefinition, ctx: z.core.$RefinementCtx) {
  const issue = (path: (string | number)[], element: Element, message: string, field?: string | number, ...rest: (string | number)[]) =>
    z.addIssue(ctx, { code: "custom", path: field === undefined ? path : [...path, field, ...rest], message: `${describe(element, path)}: ${message}` });
  const names = new Map<string, { path: (string | number)[]; group?: GroupElement; type: ElementType }>();
  let count = 0;
  walk(definition.body, ({ element, path, depth, group }) => {
    count++;
    if (depth > LIMITS.depth) issue(path, element, `sections and groups nest at most ${LIMITS.depth} deep`);
    if (element.type === "section" && !element.name) return;
    const name = element.name!;
    if (names.has(name)) issue(path, element, `the name "${name}" is already used at ${names.get(name)!.path.join(".")}`, "name");
    else names.set(name, { path, group, type: element.type });
  });
  if (count > LIMITS.elements) z.addIssue(ctx, { code: "custom", path: ["body"], message: `A definition has at most ${LIMITS.elements} elements` });

  walk(definition.body, ({ element, path, group }) => {
    if ("options" in element && element.options) {
      const seen = new Set<string>();
      element.options.forEach((option, i) => {
        if (seen.has(option.value)) issue(path, element, `the option value "${option.value}" appears twice`, "options", i, "value");
        seen.add(option.value);
      });
    }
    if (element.type === "number" && element.min !== undefined && element.max !== undefined && element.min > element.max) {
      issue(path, element, "min is greater than max", "min");
    }
    if (element.type === "date" && element.min && element.max && element.min > element.max) issue(path, element, "min is after max", "min");
    if (element.type === "text" && element.minLength !== undefined && element.maxLength !== undefined && element.minLength > element.maxLength) {
      issue(path, element, "minLength is greater than maxLength", "minLength");
    }
    if (element.type === "group" && element.minItems !== undefined && element.maxItems !== undefined && element.minItems > element.maxItems) {
      issue(path, element, "minItems is greater than maxItems", "minItems");
    }
    if (!element.visibleIf) return;
    for (const condition of conditionsOf(element.visibleIf)) {
      const target = names.get(condition.field);
      if (!target) issue(path, element, `the condition refers to an unknown field "${condition.field}"`, "visibleIf");
      else if (target.group && target.group !== group) {
        issue(path, element, `the condition refers to "${condition.field}" inside another repeatable group`, "visibleIf");
      } else if (condition.field === ("name" in element ? element.name : undefined)) {
        issue(path, element, "an element cannot depend on itself", "visibleIf");
      } else if (["equals", "notEquals", "in", "notIn", "gt", "gte", "lt", "lte"].includes(condition.op) && condition.value === undefined) {
        issue(path, element, `the "${condition.op}" condition needs a value`, "visibleIf");
      }
    }
  });
}

export const conditionsOf = (visibility: Visibility): Condition[] =>
  "all" in visibility ? visibility.all : "any" in visibility ? visibility.any : [visibility];

/** The shape first; the cross-element rules run only on a well-shaped definition. */
export const FormDefinitionSchema: z.ZodMiniType<FormDefinition> = /* @__PURE__ */ z.lazySchema(() => z.pipe(DefinitionShape, z.custom<FormDefinition>().check(z.superRefine((definition, ctx) => checkWhole(definition, ctx)))) as unknown as z.ZodMiniType<FormDefinition>);

export type DefinitionResult = { success: true; definition: FormDefinition } | { success: false; message: string; fieldErrors: Record<string, string[]> };

/**
 * Parses a definition given as a JSON string or an object. Errors name the
 * element they are about: `Element "odometer" at body.2: min is greater than max`.
 */
export function parseDefinition(input: unknown): DefinitionResult {
  let value = input;
  if (typeof input === "string" && input.trim() === "") return { success: true, definition: { body: [] } };
  if (typeof input === "string") {
    if (input.length > LIMITS.definitionBytes) return failure("formDefinition", `A definition is at most ${LIMITS.definitionBytes} characters`);
    try {
      value = JSON.parse(input);
    } catch {
      return failure("formDefinition", "The definition is not valid JSON");
    }
  }
  if (value === undefined || value === null || value === "") value = { body: [] };
  const result = FormDefinitionSchema.safeParse(value);
  if (result.success) return { success: true, definition: result.data };
  const fieldErrors = Object.create(null) as Record<string, string[]>;
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    const message = issue.message.startsWith("Element ") ? issue.message : withElement(value, issue.path as (string | number)[], issue.message);
    (fieldErrors[key] ??= []).push(message);
  }
  const first = Object.values(fieldErrors)[0]?.[0] ?? "The definition is not valid";
  return { success: false, message: first, fieldErrors };
}

function failure(key: string, message: string): DefinitionResult {
  return { success: false, message, fieldErrors: { [key]: [message] } };
}

/** Finds the innermost element on an issue's path so the message can name it. */
function withElement(root: unknown, path: (string | number)[], message: string): string {
  let node: unknown = root;
  let element: Element | undefined;
  let elementPath: (string | number)[] = [];
  for (let i = 0; i < path.length; i++) {
    if (node === null || typeof node !== "object") break;
    node = (node as Record<string | number, unknown>)[path[i]!];
    const parentKey = path[i - 1];
    if ((parentKey === "body" || parentKey === "elements") && typeof path[i] === "number" && node && typeof node === "object") {
      element = node as Element;
      elementPath = path.slice(0, i + 1);
    }
  }
  if (!element) return `${path.length ? `${path.join(".")}: ` : ""}${message}`;
  const rest = path.slice(elementPath.length).join(".");
  return `${describe(element, elementPath)}: ${rest ? `${rest}: ` : ""}${message}`;
}

/** The elements that carry answers, by name (group children are included, scoped to their group). */
export function valueElements(definition: FormDefinition): Map<string, { element: ValueElement; group?: GroupElement }> {
  const out = new Map<string, { element: ValueElement; group?: GroupElement }>();
  walk(definition.body, ({ element, group }) => {
    if (element.type !== "section") out.set(element.name, { element, group });
  });
  return out;
}

/** The label in the language asked for, falling back to English. */
export const localized = (value: LocalizedText | undefined, lang: string) => (value ? (lang === "es" && value.es ? value.es : value.en) : "");

/** A small definition that shows every element type: the test-form page and the docs use it. */
export const SAMPLE_DEFINITION: FormDefinition = {
  title: { en: "Sample form", es: "Formulario de ejemplo" },
  body: [
    {
      type: "section",
      label: { en: "Driver and vehicle", es: "Conductor y vehículo" },
      elements: [
        { type: "text", name: "driverName", label: { en: "Driver name", es: "Nombre del conductor" }, required: true },
        { type: "vehicle", name: "vehicle", label: { en: "Vehicle", es: "Vehículo" } },
        { type: "date", name: "inspectionDate", label: { en: "Date", es: "Fecha" }, required: true },
        { type: "time", name: "inspectionTime", label: { en: "Time", es: "Hora" } },
        { type: "number", name: "odometer", label: { en: "Odometer", es: "Odómetro" }, min: 0, integer: true, unit: "mi" },
      ],
    },
    {
      type: "section",
      label: { en: "Checks", es: "Revisiones" },
      elements: [
        { type: "yesno", name: "tiresOk", label: { en: "Tires in good condition?", es: "¿Llantas en buen estado?" }, required: true },
        {
          type: "textarea",
          name: "tireNotes",
          label: { en: "Describe the tire problem", es: "Describa el problema de las llantas" },
          required: true,
          visibleIf: { field: "tiresOk", op: "equals", value: "no" },
        },
        {
          type: "select",
          name: "fuelLevel",
          label: { en: "Fuel level", es: "Nivel de combustible" },
          options: [
            { value: "full", label: { en: "Full", es: "Lleno" } },
            { value: "half", label: { en: "Half", es: "Medio" } },
            { value: "low", label: { en: "Low", es: "Bajo" } },
          ],
        },
        {
          type: "radio",
          name: "cleanliness",
          label: { en: "Cleanliness", es: "Limpieza" },
          options: [
            { value: "clean", label: { en: "Clean", es: "Limpio" } },
            { value: "dirty", label: { en: "Dirty", es: "Sucio" } },
          ],
        },
        {
          type: "checkbox",
          name: "lights",
          label: { en: "Lights working", es: "Luces que funcionan" },
          options: [
            { value: "head", label: { en: "Headlights", es: "Faros" } },
            { value: "brake", label: { en: "Brake lights", es: "Luces de freno" } },
          ],
        },
      ],
    },
    {
      type: "group",
      name: "defects",
      label: { en: "Defects", es: "Defectos" },
      itemLabel: { en: "Defect", es: "Defecto" },
      maxItems: 10,
      elements: [
        { type: "text", name: "defectPart", label: { en: "Part", es: "Pieza" }, required: true },
        { type: "photo", name: "defectPhoto", label: { en: "Photo", es: "Foto" } },
      ],
    },
    { type: "photo", name: "photos", label: { en: "Photos", es: "Fotos" }, multiple: true, maxFiles: 5 },
    { type: "file", name: "attachment", label: { en: "Attachment", es: "Adjunto" }, accept: ["application/pdf"] },
    { type: "signature", name: "signature", label: { en: "Signature", es: "Firma" }, required: true },
  ],
};
