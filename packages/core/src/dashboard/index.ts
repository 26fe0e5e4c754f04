export * as Dashboard from "./index";
import { randomUUID } from "node:crypto";
import * as z from "../util/zod";
import { createWriteTransaction } from "../db/electrodb";
import type { Actor } from "../auth/claims";
import * as Activity from "../activity";
import { ActivityEntity } from "../activity";
import { CompanyEntity } from "../company/company.entity";
import { optionalSecret, parameter } from "../util/config";
import { signJwt } from "../util/jwt";
import { ForbiddenError, NotFoundError, StaleRecordError, ValidationError } from "../util/errors";
import { safeText } from "../util/text";
import { companyOf, verb } from "../form/verb";
import { parseParams, PARAMS_INVALID_MESSAGE } from "./params";
import { HomeViewEntity, homeViewExpiry } from "../home/view.entity";
import { DashboardEntity, DashboardLinkEntity, DashboardPinEntity, type DashboardItem, type DashboardLinkItem, type DashboardPinItem } from "./dashboard.entity";
import { collator } from "../util/collate";

export type { DashboardItem } from "./dashboard.entity";
export { parseParams, PARAMS_INVALID_MESSAGE } from "./params";

/*
 * Dashboards (issue 16, docs/api-dashboards.md): managed by provider administrators, associated with
 * companies with their own parameters, pinned per person. Viewed through Metabase's signed embedding when
 * it is configured, and otherwise as native charts of the product's own counters (native.ts).
 */

export const DASHBOARD_MESSAGES = {
  notFound: "Dashboard not found",
  paramsInvalid: PARAMS_INVALID_MESSAGE,
  nameRequired: "Dashboard name is required",
  metabaseId: "Enter the Metabase dashboard number",
  companyNotFound: "Company not found",
} as const;
/** The embedding token's life (issue 16): the page renews it before it ends. */
export const EMBED_SECONDS = 600;
/**
 * A dashboard's associations are deleted with it in one transaction, each with its company's activity
 * record: 1 + 2 × 49 = 99 of DynamoDB's 100 items. (It was 98 before the records: a delete of a dashboard
 * with over 49 companies answered 500.)
 */
export const MAX_COMPANIES = 49;

const notFound = () => new NotFoundError("dashboard.not_found", DASHBOARD_MESSAGES.notFound);

const Params = /* @__PURE__ */ z.lazySchema(() => z.pipe(z.union([z.string().check(z.maxLength(10_000)), z.record(z.string(), z.unknown())]), z.transform((value) => (typeof value === "string" ? value.trim() : JSON.stringify(value)))).check(z.refine((text) => parseParams(text) !== undefined, DASHBOARD_MESSAGES.paramsInvalid)));

export const DashboardFields = /* @__PURE__ */ z.lazySchema(() => z.object({
  name: safeText(z.string({ error: DASHBOARD_MESSAGES.nameRequired }).check(
    z.trim(),
    z.minLength(1, DASHBOARD_MESSAGES.nameRequired),
    z.maxLength(100),
  )),
  description: z._default(safeText(z.string().check(z.trim(), z.maxLength(500))), ""),
  metabaseId: z.coerce.number({ error: DASHBOARD_MESSAGES.metabaseId }).check(
    z.int(DASHBOARD_MESSAGES.metabaseId),
    z.positive(DASHBOARD_MESSAGES.metabaseId),
    z.lte(1_000_000_000),
  ),
  defaultParams: z._default(Params, ""),
}));
const DashboardId = /* @__PURE__ */ z.lazySchema(() => z.string().check(z.trim(), z.minLength(1, DASHBOARD_MESSAGES.notFound), z.maxLength(100)));

function assertProvider(actor: Actor) {
  if (!actor.isProviderAdmin) throw new ForbiddenError();
}

/** A params error answers the SPEC's message for the field it is about. */
function paramsError(field: string) {
  return new ValidationError("dashboard.params_invalid", DASHBOARD_MESSAGES.paramsInvalid, { [field]: [DASHBOARD_MESSAGES.paramsInvalid] });
}
function parseOr<T>(schema: z.ZodMiniType<T>, input: unknown, paramsField: string): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues.find((entry) => entry.message === DASHBOARD_MESSAGES.paramsInvalid);
  if (issue) throw paramsError(paramsField);
  const first = parsed.error.issues[0]!;
  const field = String(first.path[0] ?? "name");
  throw new ValidationError("dashboard.invalid", first.message, { [field]: [first.message] });
}

export function present(dashboard: DashboardItem, extras: { pin?: DashboardPinItem; links?: DashboardLinkItem[] } = {}) {
  return {
    id: dashboard.dashboardId,
    name: dashboard.name,
    description: dashboard.description,
    metabaseId: dashboard.metabaseId,
    defaultParams: dashboard.defaultParams,
    version: dashboard.version,
    createdAt: dashboard.createdAt,
    updatedAt: dashboard.updatedAt,
    pinned: extras.pin?.pinned ?? false,
    lastOpenedAt: extras.pin?.openedAt || null,
    ...(extras.links ? { companies: extras.links.map((link) => ({ companyId: link.companyId, companyName: link.companyName, customParams: link.customParams })) } : {}),
  };
}
export type PresentedDashboard = ReturnType<typeof present>;

// --- reads ------------------------------------------------------------------------------------------------

export async function fromId(dashboardId: string): Promise<DashboardItem | undefined> {
  const { data } = await DashboardEntity.get({ dashboardId }).go();
  return data ?? undefined;
}
async function mustExist(dashboardId: string) {
  const dashboard = await fromId(dashboardId);
  if (!dashboard) throw notFound();
  return dashboard;
}
export async function linksOf(dashboardId: string) {
  const { data } = await DashboardLinkEntity.query.byDashboard({ dashboardId }).go({ pages: "all" });
  return data;
}
async function pinsOf(companyId: string, userId: string) {
  const { data } = await DashboardPinEntity.query.byPerson({ companyId, userId }).go({ pages: "all" });
  return new Map(data.map((pin) => [pin.dashboardId, pin]));
}


/** The selected company's dashboards with the caller's pins: pinned first, then by name. */
export async function forCompany(actor: Actor): Promise<PresentedDashboard[]> {
  const companyId = companyOf(actor);
  const [{ data: links }, pins] = await Promise.all([DashboardLinkEntity.query.byCompany({ companyId }).go({ pages: "all" }), pinsOf(companyId, actor.userId)]);
  const dashboards = links.length ? (await DashboardEntity.get(links.map((link) => ({ dashboardId: link.dashboardId }))).go()).data : [];
  return dashboards
    .map((dashboard) => present(dashboard, { pin: pins.get(dashboard.dashboardId) }))
    .sort((a, b) => Number(b.pinned) - Number(a.pinned) || collator.compare(a.name, b.name));
}

/** Every dashboard with its companies (provider administrators). */
export async function all(actor: Actor): Promise<PresentedDashboard[]> {
  assertProvider(actor);
  const { data } = await DashboardEntity.query.all({}).go({ pages: "all" });
  const links = await Promise.all(data.map((dashboard) => linksOf(dashboard.dashboardId)));
  return data.map((dashboard, i) => present(dashboard, { links: links[i] })).sort((a, b) => collator.compare(a.name, b.name));
}

export const ListInput = /* @__PURE__ */ z.lazySchema(() => z.object({ all: z.optional(z.enum(["true", "false"])) }));
export const list = /* @__PURE__ */ verb(ListInput, async (actor, input) => (input.all === "true" ? all(actor) : forCompany(actor)));

/**
 * One dashboard as the selected company sees it, with its association (the company's parameters). A
 * dashboard not associated with the company does not exist for its members; a provider administrator
 * sees any, with its companies.
 */
export async function visible(actor: Actor, dashboardId: string) {
  const companyId = companyOf(actor);
  const [dashboard, link, pins] = await Promise.all([fromId(dashboardId), DashboardLinkEntity.get({ dashboardId, companyId }).go(), pinsOf(companyId, actor.userId)]);
  if (!dashboard || (!link.data && !actor.isProviderAdmin)) throw notFound();
  const links = actor.isProviderAdmin ? await linksOf(dashboardId) : undefined;
  return { dashboard, link: link.data ?? undefined, presented: present(dashboard, { pin: pins.get(dashboardId), links }) };
}

/**
 * Changes the caller's own pin record of a dashboard and, in the same transaction, empties their stored
 * home (core/home/index.ts): a pin or an opened dashboard writes no activity record, so this is how the
 * home learns of it.
 */
async function setPin(actor: Actor, dashboardId: string, fields: { pinned: boolean; pinnedAt: string } | { openedAt: string }) {
  const companyId = companyOf(actor);
  // nothing here is conditional: a cancellation is another of the person's own pins or opens at the same
  // moment (a transaction conflict on their stored home), which a second try after it resolves
  for (let attempt = 1; ; attempt++) {
    const result = await createWriteTransaction({ pins: DashboardPinEntity, homes: HomeViewEntity }, ({ pins, homes }) => [
      pins.update({ companyId, userId: actor.userId, dashboardId }).set(fields).commit(),
      homes.update({ companyId, userId: actor.userId }).add({ generation: 1 }).set({ body: "", expiresAt: homeViewExpiry() }).commit(),
    ]).go();
    if (!result.canceled) return;
    if (attempt === 3) throw new StaleRecordError();
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80 * attempt));
  }
}

/** Records that the caller opened a dashboard (the recent ones on /home). */
export async function markOpened(actor: Actor, dashboardId: string) {
  await setPin(actor, dashboardId, { openedAt: new Date().toISOString() });
}

/** The dashboards for /home: the caller's pinned ones, else the most recently opened. */
export async function forHome(actor: Actor, limit = 4): Promise<PresentedDashboard[]> {
  const dashboards = await forCompany(actor);
  const pinned = dashboards.filter((dashboard) => dashboard.pinned);
  if (pinned.length) return pinned.slice(0, limit);
  return dashboards
    .filter((dashboard) => dashboard.lastOpenedAt)
    .sort((a, b) => (b.lastOpenedAt ?? "").localeCompare(a.lastOpenedAt ?? ""))
    .slice(0, limit);
}

// --- the embedding ----------------------------------------------------------------------------------------

/** Metabase is configured when both its site and its secret are set; otherwise dashboards are native. */
export async function metabase(): Promise<{ site: string; secret: string } | undefined> {
  const [site, secret] = await Promise.all([parameter("METABASE_SITE_URL"), optionalSecret("METABASE_SECRET_KEY")]);
  if (!site || site === "none" || !secret) return undefined;
  return { site: site.replace(/\/+$/, ""), secret };
}

/**
 * The signed embedding URL (Metabase's static embedding): `params` are the default parameters overlaid by
 * the company's, and `company_id` is always the company's own, set last by the server.
 */
export async function embedUrl(config: { site: string; secret: string }, dashboard: DashboardItem, link: DashboardLinkItem | undefined, companyId: string, now = Date.now()) {
  const params = { ...(parseParams(dashboard.defaultParams) ?? {}), ...(parseParams(link?.customParams ?? "") ?? {}), company_id: companyId };
  const exp = Math.floor(now / 1000) + EMBED_SECONDS;
  const token = await signJwt({ resource: { dashboard: dashboard.metabaseId }, params, exp }, config.secret, { typ: "JWT" });
  return { kind: "metabase" as const, url: `${config.site}/embed/dashboard/${token}#bordered=true&titled=true`, expiresAt: new Date(exp * 1000).toISOString() };
}

// --- writes (provider administrators) ---------------------------------------------------------------------

export const create = /* @__PURE__ */ verb(/* @__PURE__ */ z.lazySchema(() => z.unknown()), async (actor, input) => {
  assertProvider(actor);
  const fields = parseOr(DashboardFields, input, "defaultParams");
  const { data } = await DashboardEntity.create({ dashboardId: randomUUID(), ...fields }).go();
  return present(data, { links: [] });
});

export const update = /* @__PURE__ */ verb(/* @__PURE__ */ z.lazySchema(() => z.object({ id: DashboardId, body: z.unknown() })), async (actor, input) => {
  assertProvider(actor);
  const dashboard = await mustExist(input.id);
  const body = (input.body && typeof input.body === "object" ? input.body : {}) as Record<string, unknown>;
  const fields = parseOr(z.partial(DashboardFields), body, "defaultParams");
  const version = body.version;
  if (version !== undefined && version !== dashboard.version) throw new StaleRecordError();
  // only what differs is written and recorded
  const changed: Partial<DashboardItem> = Object.fromEntries(Object.entries(fields).filter(([key, value]) => value !== undefined && value !== dashboard[key as keyof DashboardItem]));
  const before = Object.fromEntries(Object.keys(changed).map((key) => [key, dashboard[key as keyof DashboardItem]]));
  const links = await linksOf(dashboard.dashboardId);
  const updatedAt = new Date().toISOString();
  // each company that has the dashboard records the change: its people see the new name on their home
  const result = await createWriteTransaction({ dashboards: DashboardEntity, activity: ActivityEntity }, ({ dashboards, activity }) => [
    dashboards
      .patch({ dashboardId: dashboard.dashboardId })
      .set({ ...changed, updatedAt })
      .add({ version: 1 })
      .where((attr, { eq }) => eq(attr.version, dashboard.version))
      .commit(),
    ...(Object.keys(changed).length
      ? links.map((link) =>
          activity
            .create(Activity.entry({ companyId: link.companyId, actor, action: "dashboard.edited", subject: { type: "dashboard", id: dashboard.dashboardId, name: changed.name ?? dashboard.name }, before, after: changed }))
            .commit(),
        )
      : []),
  ]).go();
  if (result.canceled) throw new StaleRecordError();
  return present({ ...dashboard, ...changed, updatedAt, version: dashboard.version + 1 }, { links });
});

/** Deletes a dashboard and every company association in one transaction; pins go after (a missing dashboard's pin is never shown). */
export const remove = /* @__PURE__ */ verb(/* @__PURE__ */ z.lazySchema(() => z.object({ id: DashboardId })), async (actor, input) => {
  assertProvider(actor);
  const dashboard = await mustExist(input.id);
  const links = await linksOf(dashboard.dashboardId);
  const result = await createWriteTransaction({ dashboards: DashboardEntity, links: DashboardLinkEntity, activity: ActivityEntity }, ({ dashboards, links: linked, activity }) => [
    dashboards.delete({ dashboardId: dashboard.dashboardId }).commit(),
    ...links.map((link) => linked.delete({ dashboardId: link.dashboardId, companyId: link.companyId }).commit()),
    ...links.map((link) =>
      activity.create(Activity.entry({ companyId: link.companyId, actor, action: "dashboard.removed", subject: { type: "dashboard", id: dashboard.dashboardId, name: dashboard.name } })).commit(),
    ),
  ]).go();
  if (result.canceled) throw new StaleRecordError();
  await Promise.all(links.map((link) => removePins(dashboard.dashboardId, link.companyId)));
  return { deleted: true, id: dashboard.dashboardId };
});

async function removePins(dashboardId: string, companyId: string) {
  const { data } = await DashboardPinEntity.query.byDashboard({ dashboardId, companyId }).go({ pages: "all" });
  if (data.length) await DashboardPinEntity.delete(data.map((pin) => ({ companyId: pin.companyId, userId: pin.userId, dashboardId: pin.dashboardId }))).go();
}

export const AssociateInput = /* @__PURE__ */ z.lazySchema(() => z.object({ companyId: z.string().check(
  z.trim(),
  z.minLength(1, DASHBOARD_MESSAGES.companyNotFound),
  z.maxLength(200),
), customParams: z._default(Params, "") }));

/** Associates a dashboard with a company (or replaces the company's parameters). */
export const associate = /* @__PURE__ */ verb(/* @__PURE__ */ z.lazySchema(() => z.object({ id: DashboardId, body: z.unknown() })), async (actor, input) => {
  assertProvider(actor);
  const { companyId, customParams } = parseOr(AssociateInput, input.body, "customParams");
  const [dashboard, company, links] = await Promise.all([mustExist(input.id), CompanyEntity.get({ companyId }).go(), linksOf(input.id)]);
  if (!company.data) throw new NotFoundError("company.not_found", DASHBOARD_MESSAGES.companyNotFound);
  if (links.length >= MAX_COMPANIES && !links.some((link) => link.companyId === companyId)) {
    throw new ValidationError("dashboard.too_many_companies", `A dashboard can be associated with at most ${MAX_COMPANIES} companies`);
  }
  await createWriteTransaction({ dashboards: DashboardEntity, links: DashboardLinkEntity, activity: ActivityEntity }, ({ dashboards, links: linked, activity }) => [
    dashboards
      .check({ dashboardId: dashboard.dashboardId })
      .where((attr, { exists }) => exists(attr.name))
      .commit(),
    linked.put({ dashboardId: dashboard.dashboardId, companyId, companyName: company.data!.name, customParams }).commit(),
    activity.create(Activity.entry({ companyId, actor, action: "dashboard.associated", subject: { type: "dashboard", id: dashboard.dashboardId, name: dashboard.name }, after: { customParams } })).commit(),
  ])
    .go()
    .then((result) => {
      if (result.canceled) throw notFound();
    });
  return present(dashboard, { links: await linksOf(dashboard.dashboardId) });
});

/** Removes a company's association (and the company's pins of it); it cannot be undone. */
export const dissociate = /* @__PURE__ */ verb(/* @__PURE__ */ z.lazySchema(() => z.object({ id: DashboardId, companyId: z.string().check(z.maxLength(200)) })), async (actor, input) => {
  assertProvider(actor);
  const dashboard = await mustExist(input.id);
  const result = await createWriteTransaction({ links: DashboardLinkEntity, activity: ActivityEntity }, ({ links, activity }) => [
    links.delete({ dashboardId: dashboard.dashboardId, companyId: input.companyId }).where((attr, { exists }) => exists(attr.companyId)).commit(),
    activity.create(Activity.entry({ companyId: input.companyId, actor, action: "dashboard.removed", subject: { type: "dashboard", id: dashboard.dashboardId, name: dashboard.name } })).commit(),
  ]).go();
  if (result.canceled) throw new NotFoundError("dashboard.not_associated", "This dashboard is not associated with that company");
  await removePins(dashboard.dashboardId, input.companyId);
  return present(dashboard, { links: await linksOf(dashboard.dashboardId) });
});

/** Pins or unpins a dashboard for the caller in the selected company. */
export const pin = /* @__PURE__ */ verb(/* @__PURE__ */ z.lazySchema(() => z.object({ id: DashboardId, pinned: z.boolean() })), async (actor, input) => {
  const { dashboard, presented } = await visible(actor, input.id);
  await setPin(actor, dashboard.dashboardId, { pinned: input.pinned, pinnedAt: input.pinned ? new Date().toISOString() : "" });
  return { ...presented, pinned: input.pinned };
});
