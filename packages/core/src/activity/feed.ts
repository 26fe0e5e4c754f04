import * as z from "../util/zod";
import type { Actor } from "../auth/claims";
import { FormEntity } from "../form/form.entity";
import { stateOf } from "../form";
import { namesOf } from "../form/names";
import type { PerLanguage } from "../form/fields";
import { companyOf, verb } from "../form/verb";
import { ValidationError } from "../util/errors";
import { namesByUserId } from "../user/names";
import { seesOnlyOwn } from "../submission/visibility";
import { ActivityEntity, type ActivityItem } from "./activity.entity";

/*
 * The activity feed (issue 16, docs/api-dashboards.md): a company's changes newest first, paged by cursor,
 * filtered by person, kind and dates. Admins and orgadmins see everything; users and viewers their own
 * changes and those on the forms they can see, users of submissions only their own (issue 36).
 */

export const KINDS = ["submission", "form", "user", "company", "document", "vehicle", "dashboard", "billing", "report"] as const;
const Day = /* @__PURE__ */ z.lazySchema(() => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, "Dates are YYYY-MM-DD")));
export const FeedQuery = /* @__PURE__ */ z.lazySchema(() => z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 25),
  cursor: z.optional(z.string().check(z.maxLength(2000))),
  userId: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  kind: z.optional(z.enum(KINDS)),
  from: z.optional(Day),
  to: z.optional(Day),
}));
export type FeedQuery = z.output<typeof FeedQuery>;

const kindOf = (item: Pick<ActivityItem, "action" | "subjectType">) => (item.action.startsWith("template.") ? "form" : item.action.startsWith("seat.") ? "user" : item.subjectType);

const LINKS: Record<string, (id: string) => string> = {
  submission: (id) => `/submissions/${id}`,
  form: (id) => `/forms/${id}`,
  user: () => "/admin/users",
  company: (id) => `/admin/companies/${id}`,
  document: () => "/documents",
  vehicle: (id) => `/vehicles/${id}`,
  dashboard: (id) => `/dashboards/${id}`,
  billing: () => "/admin/billing",
};

type FormNames = Map<number, Parameters<typeof namesOf>[0]>;

/**
 * A form's or submission's entry names the form in each language (issue 19) while its recorded name is
 * still one of the form's names; a form renamed since keeps the name it had then.
 */
function subjectNames(item: ActivityItem, forms: FormNames | undefined): PerLanguage | undefined {
  const form = item.formId > 0 && (item.subjectType === "form" || item.subjectType === "submission") ? forms?.get(item.formId) : undefined;
  if (!form) return undefined;
  const names = namesOf(form);
  return [form.name, names.en, names.es].includes(item.subjectName) ? names : undefined;
}

/** The current names of the forms a page of entries is about. */
async function formNamesOf(companyId: string, items: ActivityItem[]): Promise<FormNames> {
  const ids = [...new Set(items.filter((item) => item.formId > 0).map((item) => item.formId))];
  if (!ids.length) return new Map();
  const { data } = await FormEntity.get(ids.map((formId) => ({ companyId, formId }))).go({ attributes: ["formId", "name", "names"] });
  return new Map(data.map((form) => [form.formId, form]));
}

export function present(item: ActivityItem, forms?: FormNames, people?: Map<string, string>) {
  const before = JSON.parse(item.before || "{}") as Record<string, unknown>;
  const after = JSON.parse(item.after || "{}") as Record<string, unknown>;
  const changes = Object.fromEntries([...new Set([...Object.keys(before), ...Object.keys(after)])].map((key) => [key, [before[key] ?? null, after[key] ?? null]]));
  return {
    id: item.activityId,
    at: item.at,
    actorId: item.actorId,
    actorName: people?.get(item.actorId) ?? item.actorName,
    action: item.action,
    kind: kindOf(item),
    subject: { type: item.subjectType, id: item.subjectId, name: (item.subjectType === "user" ? people?.get(item.subjectId) : undefined) ?? item.subjectName, names: subjectNames(item, forms) },
    link: (LINKS[item.subjectType] ?? (() => ""))(item.subjectId),
    changes,
  };
}
export type PresentedActivity = ReturnType<typeof present>;

const seesAll = (actor: Actor) => actor.role === "admin" || actor.role === "orgadmin" || actor.isProviderAdmin;

/** The forms a user or viewer can see, of the company's forms: the active and assigned ones. */
export const visibleFormIds = (actor: Actor, forms: Parameters<typeof stateOf>[0][]) =>
  new Set(forms.filter((form) => ["active", "assigned"].includes(stateOf(form, actor))).map((form) => form.formId));

async function visibleForms(actor: Actor, companyId: string): Promise<Set<number>> {
  const { data } = await FormEntity.query.byCompany({ companyId }).go({ pages: "all", attributes: ["formId", "isActive", "status", "assignedUserIds", "assignedRoles"] });
  return visibleFormIds(actor, data as never);
}

/** `GET /activity`: one page, filled from the company's partition until the page is full or it ends. */
export const feed = /* @__PURE__ */ verb(FeedQuery, (actor, query) => onePage(actor, query));

/**
 * A page's cursor names the last entry it showed; the next page reads the keys below that one. A key range
 * costs the same at page 100 as at page 1 (DynamoDB Local walks an ExclusiveStartKey's offset: 1.3x at page
 * 100 of 100,000), and a cursor can only ever read the caller's own company.
 */
export const INVALID_CURSOR = "This page of the activity is no longer available. Please start again from the first page.";
const cursorOf = (item: ActivityItem) => Buffer.from(JSON.stringify({ before: item.activityId })).toString("base64url");
function beforeOf(cursor: string): string {
  try {
    const { before } = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { before?: unknown };
    if (typeof before === "string" && before.length > 0 && before.length <= 200) return before;
  } catch {
    // not a cursor of ours: refused below
  }
  throw new ValidationError("activity.cursor", INVALID_CURSOR, { cursor: [INVALID_CURSOR] });
}

/** A page of the feed; `forms`, the forms the caller can see, when the caller already read them. */
async function onePage(actor: Actor, query: FeedQuery, known?: Set<number>) {
  const companyId = companyOf(actor);
  const forms = seesAll(actor) ? undefined : (known ?? (await visibleForms(actor, companyId)));
  const ownOnly = seesOnlyOwn(actor);
  const keep = (item: ActivityItem) =>
    (!query.userId || item.actorId === query.userId) &&
    (!query.kind || kindOf(item) === query.kind) &&
    (!forms || item.actorId === actor.userId || (item.formId > 0 && forms.has(item.formId))) &&
    // issue 36: a user sees a submission's entries only when it is theirs (its author's, whoever acted)
    (!ownOnly || item.subjectType !== "submission" || item.actorId === actor.userId || item.subjectOwnerId === actor.userId);
  // dates are the start of the sort key (ISO time): a key range, not a filter; keys compare lower-cased
  const lower = query.from ? `${query.from}T` : "0000";
  const upper = query.to ? `${query.to}T~` : "9999";
  let before = query.cursor === undefined ? undefined : beforeOf(query.cursor);
  const out: ActivityItem[] = [];
  let nextCursor: string | null = null;
  for (;;) {
    const want = Math.max(query.limit - out.length, 25);
    const top = before !== undefined && before.toLowerCase() < upper.toLowerCase() ? before : upper;
    // two more than wanted: the cursor's own entry (the range includes its bound) and one to tell whether more follow
    const { data } = await ActivityEntity.query.byCompany({ companyId }).between({ activityId: lower }, { activityId: top }).go({ order: "desc", limit: want + 2 });
    const below = data.filter((item) => item.activityId !== before);
    const page = below.slice(0, want);
    const more = below.length > want;
    let examined = 0;
    for (const item of page) {
      if (out.length === query.limit) break;
      examined++;
      if (keep(item)) out.push(item);
    }
    if (out.length === query.limit) {
      nextCursor = examined < page.length || more ? cursorOf(out.at(-1)!) : null;
      break;
    }
    if (!more) break;
    before = page.at(-1)!.activityId;
  }
  // each person by the name they have now: an entry records its author's username (a submission's, their
  // name then), so a feed would name one person two ways; someone since deleted keeps the name recorded. A
  // person an entry is about too (issue 40: "changed the role of acme_driver"), when it names one person's id
  const subjects = out.filter((item) => item.subjectType === "user" && !/[@,]/.test(item.subjectId)).map((item) => item.subjectId);
  const [names, people] = await Promise.all([formNamesOf(companyId, out), namesByUserId([...out.map((item) => item.actorId), ...subjects])]);
  return { activity: out.map((item) => present(item, names, people)), nextCursor };
}

/** The latest activity the caller may see (for /home, which has read the company's forms already). */
export async function latest(actor: Actor, forms: Parameters<typeof stateOf>[0][], limit = 10) {
  return (await onePage(actor, FeedQuery.parse({ limit }), visibleFormIds(actor, forms))).activity;
}
