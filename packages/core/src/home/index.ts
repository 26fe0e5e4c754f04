export * as Home from "./index";
import type { Actor } from "../auth/claims";
import * as Dashboard from "../dashboard";
import { latest } from "../activity/feed";
import * as Document from "../document";
import { FormEntity } from "../form/form.entity";
import { stateOf, type FormState } from "../form";
import { namesOf } from "../form/names";
import * as Stats from "../stats";
import { companyOf } from "../form/verb";
import { SubmissionEntity } from "../submission/submission.entity";
import { ActivityStampEntity, type ActivityStamp } from "../activity/stamp.entity";
import { isConditionalFailure } from "../db/versioned";
import { getOne } from "../db/get-many";
import { log } from "../util/log";
import { HomeViewEntity, homeViewExpiry } from "./view.entity";
import { collator } from "../util/collate";

/*
 * `GET /home` (issue 16): everything the home screen shows, in one call whose reads run side by side:
 * pinned (or recent) dashboards, the forms by state, the caller's submissions waiting or sent back,
 * documents expiring soon and the latest activity.
 */

const ITEMS = 5;

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

export type HomeData = Awaited<ReturnType<typeof home>>;

export async function home(actor: Actor, on = Document.today()) {
  const companyId = companyOf(actor);
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

/*
 * The stored home. Every change the product makes in a company writes an activity record in the change's
 * own transaction (issue 16), and every such write raises the company's change stamp (activity/stamp.entity.ts),
 * so that stamp says whether anything the home shows may have changed. A stored home is served while its
 * stamp (the company's, the day, the caller's role) still holds; otherwise it is computed again and stored
 * for the next call. What changes without a record is the person's own (a pin, a dashboard opened): those
 * raise the stored home's `generation` in their own transaction (dashboard/index.ts), which empties it and
 * refuses a store of a home computed before them.
 */

/** Bumped when what the home holds changes shape: a stored home of another version is computed again. */
const VERSION = "4"; // 4: a user's latest activity holds only their own submissions (issue 36)
/** A stored home serves for at most this long, whatever its stamp says. */
export const MAX_AGE_MS = 10 * 60_000;
/** A home is not stored while the company's stamp was raised less than this ago: reads of indexes may not show the change yet. */
export const SETTLE_MS = 5_000;

const stampOf = (actor: Actor, company: ActivityStamp | undefined, on: string) => [VERSION, company?.seq ?? 0, on, actor.role, actor.isProviderAdmin ? "provider" : "member"].join("|");

export interface HomeRead {
  data: HomeData;
  /** the stored home as it was written (JSON of `data`), so it is answered without being parsed and written again */
  json?: string;
  /** stores what was computed, for the next call (absent when it was served from the store or must not be stored) */
  save?: () => Promise<void>;
}

/**
 * The caller's home: the stored one when its stamp still holds, else computed. Only reads: the store of a
 * computed home is handed back as `save`, for the handler to run once the caller is confirmed.
 */
export async function read(actor: Actor, now = Date.now()): Promise<HomeRead> {
  const companyId = companyOf(actor);
  const key = { companyId, userId: actor.userId };
  // the stored home and the company's stamp are read in the access check's own BatchGetItem (getOne)
  const [stored, company] = await Promise.all([getOne(HomeViewEntity, key, { consistent: true }), getOne(ActivityStampEntity, { companyId }, { consistent: true })]);
  const on = Document.today(new Date(now));
  const stamp = stampOf(actor, company, on);
  if (stored?.body && stored.stamp === stamp && now - Date.parse(stored.at) < MAX_AGE_MS) {
    const json = stored.body;
    return { json, get data() { return JSON.parse(json) as HomeData; } };
  }
  const data = await home(actor, on);
  if (company?.at && now - Date.parse(company.at) < SETTLE_MS) return { data };
  const generation = stored?.generation;
  const save = async () => {
    try {
      await HomeViewEntity.put({ ...key, generation: generation ?? 0, stamp, body: JSON.stringify(data), at: new Date(now).toISOString(), expiresAt: homeViewExpiry(now) })
        .where((attr, { eq, notExists }) => (generation === undefined ? notExists(attr.generation) : eq(attr.generation, generation)))
        .go({ response: "none" });
    } catch (error) {
      // a pin or an opened dashboard since the read: that home is not stored; the next call computes it
      if (isConditionalFailure(error)) return;
      // the home was answered all the same; the next call computes it again
      log("warn", "home not stored", { companyId, error: (error as Error).message });
    }
  };
  return { data, save };
}
