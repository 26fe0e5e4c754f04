/**
 * The request shapes of forms and templates. Pure (zod only), so the web app
 * validates with the very rules the server applies.
 */
import * as z from "../util/zod";
import { Role } from "../user/roles";
import { safeText } from "../util/text";

const wellFormed = (value: string) => (value as string & { isWellFormed?: () => boolean }).isWellFormed?.() ?? true;
export const Text = (max: number) => z.string().check(z.maxLength(max, `At most ${max} characters`), z.refine(wellFormed, "Invalid characters"));

/** Forms, submissions and assets have positive integer ids (DESIGN §3); digits in a string are accepted. */
export const Id = /* @__PURE__ */ z.lazySchema(() => z.pipe(z.union([z.number(), z.pipe(z.string().check(z.regex(/^\d{1,15}$/, "Expected a positive whole number")), z.transform(Number))], { error: "Expected a positive whole number" }), z.number().check(z.int("Expected a positive whole number"), z.positive("Expected a positive whole number"), z.lte(Number.MAX_SAFE_INTEGER))));

export const FORM_STATUSES = ["draft", "active", "inactive"] as const;
export const FormStatus = /* @__PURE__ */ z.lazySchema(() => z.enum(FORM_STATUSES));

/** SPEC §5: the form link is an https URL. */
export const FORM_LINK_MESSAGE = "The form link must be an https URL";
export const FormLink = /* @__PURE__ */ z.lazySchema(() => z.string().check(z.trim(), z.maxLength(2000), z.refine((value) => {
    if (value === "") return true;
    try {
      return new URL(value).protocol === "https:";
    } catch {
      return false;
    }
  }, FORM_LINK_MESSAGE)));

export const FORM_LANGS = ["en", "es"] as const;
export type FormLang = (typeof FORM_LANGS)[number];
/** A form's name or description in each language; "" is a translation not written yet. */
export type PerLanguage = Record<FormLang, string>;

export const FORM_NAME_REQUIRED = "A form name is required";
const FormName = /* @__PURE__ */ z.lazySchema(() => safeText(Text(200).check(z.trim())));
const FormDescription = /* @__PURE__ */ z.lazySchema(() => Text(2000).check(z.trim()));

/** The text in a language, else in the other one (issue 19: a missing translation falls back). */
export function inLanguage(texts: PerLanguage, lang: string): string {
  const [first, other] = lang === "es" ? (["es", "en"] as const) : (["en", "es"] as const);
  return texts[first] || texts[other];
}

/** The language a missing translation falls back to, or undefined when it is written (or neither is). */
export function fallsBackTo(texts: PerLanguage, lang: FormLang): FormLang | undefined {
  const other = lang === "es" ? "en" : "es";
  return !texts[lang] && texts[other] ? other : undefined;
}

/** The fields of a form an administrator edits (SPEC §3 Form). Every field is optional on update. */
export const FormFields = /* @__PURE__ */ z.lazySchema(() => z.strictObject({
  /** SPEC §3's one name: the English one, or the Spanish one when there is no English name */
  name: FormName.check(z.minLength(1, FORM_NAME_REQUIRED)),
  description: FormDescription,
  /** the name and description per language (issue 19); a language left out keeps what it had */
  names: z.strictObject({ en: z.optional(FormName), es: z.optional(FormName) }),
  descriptions: z.strictObject({ en: z.optional(FormDescription), es: z.optional(FormDescription) }),
  link: FormLink,
  supportsAmendments: z.boolean(),
  canBeShared: z.boolean(),
  needsApproval: z.boolean(),
  supportsAdditionalResponses: z.boolean(),
  isActive: z.boolean(),
  status: FormStatus,
  assignedUserIds: z.array(Text(100).check(z.minLength(1))).check(z.maxLength(500)),
  assignedRoles: z.array(Role).check(z.maxLength(5)),
}));

/**
 * What `GET /form/{formId}` shows but no one sets: an editor that sends the form back as it read it
 * (SPEC round-trip) has these ignored, while any other unknown key is still refused.
 */
export const FORM_READ_ONLY_FIELDS = ["state", "definitionVersion", "hasTemplate", "templateVersion", "submissionCount", "createdBy", "updatedBy", "createdAt", "updatedAt"] as const;
const readOnly = () => Object.fromEntries(FORM_READ_ONLY_FIELDS.map((key) => [key, z.optional(z.unknown())])) as Record<(typeof FORM_READ_ONLY_FIELDS)[number], z.ZodMiniOptional<z.ZodMiniUnknown>>;

/** `POST /form`: creates a form (no id) or updates one (id or formId, and optionally the version read). */
export const SaveFormInput = /* @__PURE__ */ z.lazySchema(() => z.pipe(z.extend(z.partial(FormFields), {
    id: z.optional(Id),
    formId: z.optional(Id),
    version: z.optional(z.number().check(z.int(), z.positive())),
    formDefinition: z.optional(z.union([z.string(), z.record(z.string(), z.unknown())])),
    ...readOnly(),
  }), z.transform((input) => {
    const kept: Partial<typeof input> = { ...input };
    for (const key of FORM_READ_ONLY_FIELDS) delete kept[key];
    return kept as Omit<typeof input, (typeof FORM_READ_ONLY_FIELDS)[number]>;
  })));

/** `POST /form/{formId}/edit`. */
export const EditDefinitionInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  formId: Id,
  formDefinition: z.union([z.string(), z.record(z.string(), z.unknown())], { error: "formDefinition is required" }),
  version: z.optional(z.number().check(z.int(), z.positive())),
}));

/** `POST /form/template/{id}`: the Handlebars template and example data (a JSON string or object). */
export const SaveTemplateInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  formId: Id,
  template: z.string({ error: "template is required" }).check(z.maxLength(200_000, "A template is at most 200000 characters")),
  exampleData: z.optional(z.union([z.string().check(z.maxLength(200_000)), z.record(z.string(), z.unknown())])),
  version: z.optional(z.number().check(z.int(), z.positive())),
}));

export const Lang = /* @__PURE__ */ z.lazySchema(() => z.enum(["en", "es"]));
