export * as Home from "./index";
import type { Actor } from "../auth/claims";
import { Dashboard } from "../dashboard";
import { latest } from "../activity/feed";
import { Document } from "../document";
import { FormEntity } from "../form/form.entity";
import { stateOf, type FormState } from "../form";
import { namesOf } from "../form/names";
import { Stats } from "../stats";
import { companyOf } from "../form/verb";
import { SubmissionEntity } from "../submission/submission.entity";

/*
 * `GET /home` (issue 16): everything the home screen shows, in one call whose reads run side by side:
 * pinned (or recent) dashboards, the forms by state, the caller's submissions waiting or sent back,
 * documents expiring soon and the latest activity.
 */

const ITEMS = 5;
const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/**
 * A submission sent back reaches its submitter here as well as by e-mail (issue 19): what the reviewer
 * asked for, and whether the form lets them fix it (the amend screen) or only read it.
 */
async function withReviews<S extends { id: number; formId: number }>(companyId: string, sentBack: S[], forms: Map<number, { supportsAmendments?: boolean }>) {
  if (!sentBack.length) return [];
  const { data } = await SubmissionEntity.get(sentBack.map((entry) => ({ companyId, submissionId: entry.id }))).go({ attributes: ["submissionId", "reviewComment", "reviewedBy", "reviewedAt"] });
  const reviews = new Map(data.map((item) => [item.submissionId, item]));
  return sentBack.map((entry) => {
    const review = reviews.get(entry.id);
    return { ...entry, comment: review?.reviewComment ?? "", reviewedBy: review?.reviewedBy ?? "", reviewedAt: review?.reviewedAt ?? null, canAmend: forms.get(entry.formId)?.supportsAmendments === true };
  });
}

export async function home(actor: Actor) {
  const companyId = companyOf(actor);
  const on = Document.today();
  // the company's forms are read once: for the forms by state and for which activity the caller may see
  const formsRead = FormEntity.query.byCompany({ companyId }).go({ pages: "all", attributes: ["formId", "name", "names", "isActive", "status", "assignedUserIds", "assignedRoles", "supportsAmendments"] });
  const [dashboards, forms, flags, documents, activity] = await Promise.all([
    Dashboard.forHome(actor),
    formsRead,
    Stats.flagsOf(companyId, actor.userId),
    Document.expiringIn(companyId, Document.addDays(on, Document.EXPIRY_WINDOW_DAYS)),
    formsRead.then(({ data }) => latest(actor, data as never, 10)),
  ]);
  const states: Record<FormState, { count: number; items: { id: number; name: string; names: { en: string; es: string } }[] }> = {
    draft: { count: 0, items: [] },
    assigned: { count: 0, items: [] },
    active: { count: 0, items: [] },
    inactive: { count: 0, items: [] },
  };
  const admin = actor.role === "admin" || actor.role === "orgadmin";
  for (const form of [...forms.data].sort((a, b) => collator.compare(a.name, b.name))) {
    const state = stateOf(form as never, actor);
    // drafts and inactive forms are the administrators' business (SPEC §4 form states)
    if (!admin && (state === "draft" || state === "inactive")) continue;
    const bucket = states[state];
    bucket.count++;
    if (bucket.items.length < ITEMS) bucket.items.push({ id: form.formId, name: form.name, names: namesOf(form) });
  }
  const formOf = new Map(forms.data.map((form) => [form.formId, form]));
  const flagged = (status: "pending_approval" | "sent_back") =>
    flags
      .filter((flag) => flag.status === status)
      .slice(0, ITEMS)
      .map((flag) => ({ id: flag.submissionId, formId: flag.formId, formName: formOf.get(flag.formId)?.name ?? "", formNames: namesOf(formOf.get(flag.formId) ?? { name: "" }), status: flag.status, updatedAt: flag.updatedAt }));
  return {
    dashboards,
    forms: states,
    submissions: { waiting: flagged("pending_approval"), sentBack: await withReviews(companyId, flagged("sent_back"), formOf) },
    documents: documents
      .filter((doc) => Document.mayView(actor, doc))
      .slice(0, ITEMS)
      .map((doc) => Document.present(doc, on)),
    activity,
  };
}
