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

/** A changed value as text: empty and missing say so, lists and objects are written compactly. */
export function changeText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/** The fields an edit changed, in a stable order, each with its before and after as text. */
export function changeList(changes: ActivityEntry["changes"]): { field: string; before: string; after: string }[] {
  return Object.entries(changes ?? {})
    .filter(([, pair]) => Array.isArray(pair))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([field, [before, after]]) => ({ field, before: changeText(before), after: changeText(after) }));
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
