import { ROLES } from "@fleetforms/core/user/roles";
import { textIn } from "@/lib/in-language";
import type { ActivityEntry } from "../types";

/**
 * The actions the API writes (docs/api-dashboards.md's list, and the rest of packages/core/src/activity's
 * ActivityAction: shares, invitations revoked, categories, templates deleted), each with its sentence
 * (activity.actions.* in the locale files); an action added later gets the general one.
 */
export const ACTIONS = [
  "submission.created",
  "submission.amended",
  "submission.approved",
  "submission.sent_back",
  "submission.shared",
  "submission.share_revoked",
  "form.created",
  "form.edited",
  "form.deleted",
  "template.saved",
  "template.deleted",
  "user.added",
  "user.invited",
  "user.invitation_revoked",
  "user.edited",
  "user.role_changed",
  "user.mechanic_changed",
  "user.status_changed",
  "user.billable_changed",
  "user.removed",
  "user.password_reset",
  "user.emailed",
  "seat.added",
  "company.created",
  "company.edited",
  "company.limits_changed",
  "company.suspended",
  "company.resumed",
  "company.exported",
  "document.uploaded",
  "document.replaced",
  "document.edited",
  "document.deleted",
  "category.created",
  "category.edited",
  "category.deleted",
  "vehicle.created",
  "vehicle.edited",
  "vehicle.deleted",
  "vehicle.imported",
  "dashboard.associated",
  "dashboard.edited",
  "dashboard.removed",
  "billing.paid",
  "billing.marked_paid",
  "report.created",
  "report.edited",
  "report.deleted",
  "apikey.created",
  "apikey.revoked",
  "webhook.created",
  "webhook.edited",
  "webhook.enabled",
  "webhook.disabled",
  "webhook.deleted",
  "webhook.secret_rolled",
  "webhook.resent",
  "defect.certified",
] as const;

const KNOWN: ReadonlySet<string> = new Set(ACTIONS);

export interface Sentence {
  /** the translation key: the action's own sentence, or the general one for an action this app does not know yet */
  key: string;
  values: { actor: string; subject: string; action: string };
}

/** What an entry says, as a translation key and its values: "{{actor}} approved {{subject}}". */
export function activitySentence(entry: Pick<ActivityEntry, "action" | "actorName" | "subject">, lang = "en"): Sentence {
  const known = KNOWN.has(entry.action);
  const subject = textIn(entry.subject.names, entry.subject.name, lang).trim() || (entry.subject.id ? `#${entry.subject.id}` : "");
  return {
    // action names are dotted (kind.verb), which is also how the keys nest
    key: known ? `activity.actions.${entry.action}` : "activity.actions.other",
    values: { actor: entry.actorName || "?", subject, action: entry.action },
  };
}

/**
 * The fields activity records name (the `before` and `after` of packages/core's writes), each with its label
 * in both languages (activity.fields.*); a field added later is shown by its own name, spaced.
 */
export const FIELDS = [
  "mechanic",
  "name",
  "names",
  "description",
  "descriptions",
  "status",
  "reason",
  "role",
  "billable",
  "isBillable",
  "invitation",
  "firstName",
  "lastName",
  "email",
  "phone",
  "lang",
  "username",
  "category",
  "fileName",
  "restricted",
  "expiresOn",
  "vehicleId",
  "userId",
  "code",
  "isGlobal",
  "offlineAccess",
  "isActive",
  "supportsAmendments",
  "canBeShared",
  "needsApproval",
  "supportsAdditionalResponses",
  "assignedUserIds",
  "assignedRoles",
  "link",
  "definitionVersion",
  "templateVersion",
  "vehicleNumber",
  "vin",
  "type",
  "engine",
  "fuelType",
  "companyEmail",
  "companyWebsite",
  "companyPhone",
  "companyAddress",
  "city",
  "state",
  "zipCode",
  "timeZone",
  "reportDetails",
  "logoAssetId",
  "orgadminEmail",
  "requestsPerMinute",
  "storageBytes",
  "users",
  "pdfRendersPerDay",
  "reportSchedules",
  "metabaseId",
  "defaultParams",
  "customParams",
  "totalAmount",
  "currency",
  "via",
  "note",
  "validUntil",
  "subject",
  "recipients",
  "bytes",
  "files",
  "fields",
  "questions",
] as const;

const LABELLED: ReadonlySet<string> = new Set(FIELDS);

/** The translation key of a field's label, or null for a field this app has no label for yet. */
export const fieldLabelKey = (field: string) => (LABELLED.has(field) ? `activity.fields.${field}` : null);

/** "offlineAccess" as "Offline access": a field without a label still reads as words. */
export const spacedName = (field: string) => {
  const words = field.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/_/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const ROLE_NAMES: ReadonlySet<string> = new Set(ROLES);

/**
 * The statuses activity records name (submissions', people's seats', companies', forms', invitations' and report
 * schedules'), each with its name in both languages (activity.statuses.*): never `pending_approval` as stored.
 */
export const STATUSES = ["submitted", "pending_approval", "approved", "sent_back", "active", "inactive", "suspended", "paused", "draft", "pending", "accepted", "revoked", "open", "repaired", "no_repair_needed"] as const;
const STATUS_NAMES: ReadonlySet<string> = new Set(STATUSES);

/** An instant as stored (ISO 8601 with its zone) and a day (YYYY-MM-DD): shown as dates in the reader's language. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A recorded value as the list shows it: nothing, yes or no, a role or a status (translated), a date, or text. */
export type ChangeValue =
  | { kind: "empty" }
  | { kind: "yes" }
  | { kind: "no" }
  | { kind: "role"; role: string }
  | { kind: "status"; status: string }
  | { kind: "instant"; at: string }
  | { kind: "day"; day: string }
  | { kind: "text"; text: string };

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0) || (typeof value === "object" && value !== null && Object.keys(value).length === 0);
const scalar = (value: unknown) => value === null || ["string", "number", "boolean"].includes(typeof value);

/** Fields whose value is JSON text (a dashboard's parameters): read as what it holds. */
const JSON_TEXT: ReadonlySet<string> = new Set(["defaultParams", "customParams"]);

function parsed(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** A value as text: lists joined, a flat object as "key: value" pairs, anything deeper as compact JSON. */
export function changeValue(value: unknown, field = ""): ChangeValue {
  if (typeof value === "string" && JSON_TEXT.has(field)) value = parsed(value);
  if (isEmpty(value)) return { kind: "empty" };
  if (typeof value === "boolean") return { kind: value ? "yes" : "no" };
  if (field === "role" && typeof value === "string" && ROLE_NAMES.has(value)) return { kind: "role", role: value };
  if (field === "status" && typeof value === "string" && STATUS_NAMES.has(value)) return { kind: "status", status: value };
  if (typeof value === "string" && INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return { kind: "instant", at: value };
  if (typeof value === "string" && DAY.test(value)) return { kind: "day", day: value };
  if (typeof value === "string") return { kind: "text", text: value };
  if (typeof value === "number") return { kind: "text", text: String(value) };
  if (Array.isArray(value) && value.every(scalar)) return { kind: "text", text: value.map(String).join(", ") };
  if (typeof value === "object" && !Array.isArray(value) && Object.values(value as object).every(scalar)) {
    return { kind: "text", text: Object.entries(value as object).map(([key, item]) => `${key}: ${String(item)}`).join(", ") };
  }
  return { kind: "text", text: JSON.stringify(value) };
}

const isPerLanguage = (value: unknown): value is Record<"en" | "es", string> =>
  typeof value === "object" && value !== null && typeof (value as { en?: unknown }).en === "string" && typeof (value as { es?: unknown }).es === "string";

/** Actions that make something (their list reads as its details) and that take it away (as it was). */
const MAKES = /\.(created|added|uploaded|invited|associated|imported|shared|paid|marked_paid|saved|emailed|exported|amended)$/;
const TAKES = /\.(deleted|removed|invitation_revoked|share_revoked)$/;

export interface ChangeList {
  /** how the list reads: what changed (before → after), what a new thing was made with, or what a removed one held */
  mode: "changed" | "details" | "asItWas";
  items: { field: string; before: ChangeValue; after: ChangeValue }[];
}

/**
 * What an entry's record says of the fields, in a stable order: for an edit each field's before and after, for
 * something made or removed the values alone. A field empty before and after says nothing and is left out.
 */
export function changeList(changes: ActivityEntry["changes"], action = "", lang = "en"): ChangeList {
  const recorded = Object.entries(changes ?? {});
  // an amendment names its questions by their labels in each language (read in the reader's), and its answers' keys
  // too: the keys show only in entries recorded before the labels were
  const labelled = recorded.some(([field]) => field === "questions");
  const items = recorded
    .filter(([field]) => !(labelled && field === "fields"))
    .map(([field, pair]): [string, unknown] => [field, field === "questions" && Array.isArray(pair) ? pair.map((value) => (isPerLanguage(value) ? textIn(value, undefined, lang) : value)) : pair])
    .filter((entry): entry is [string, [unknown, unknown]] => Array.isArray(entry[1]) && !(isEmpty(entry[1][0]) && isEmpty(entry[1][1])))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([field, [before, after]]) => ({ field, before: changeValue(before, field), after: changeValue(after, field) }));
  const mode = MAKES.test(action) && items.every((item) => item.before.kind === "empty") ? "details" : TAKES.test(action) && items.every((item) => item.after.kind === "empty") ? "asItWas" : "changed";
  return { mode, items };
}

/** Stand-ins for who and what while the sentence is translated; the list puts the name and the link in their place. */
const MARK = "\u2063";
export const PLACEHOLDERS = { actor: `${MARK}actor${MARK}`, subject: `${MARK}subject${MARK}` } as const;

export type SentencePart = { kind: "text" | "actor" | "subject"; text: string };

/**
 * A translated sentence (made with PLACEHOLDERS) cut into its words and the two places names go, so the
 * actor can be emphasised and the subject be a link without any markup in the translations or the names.
 */
export function sentenceParts(translated: string, values: Sentence["values"]): SentencePart[] {
  return translated
    .split(new RegExp(`${MARK}(actor|subject)${MARK}`))
    .map((piece, index): SentencePart => (index % 2 === 0 ? { kind: "text", text: piece } : piece === "actor" ? { kind: "actor", text: values.actor } : { kind: "subject", text: values.subject }))
    .filter((part) => part.text !== "");
}
