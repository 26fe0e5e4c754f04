export * as Companies from "./operations";
import { randomUUID } from "node:crypto";
import type * as z from "../util/zod";
import type { Actor } from "../auth/claims";
import { ForbiddenError, StaleRecordError, ValidationError } from "../util/errors";
import { AssetEntity } from "../asset/asset.entity";
import { isConditionalFailure } from "../db/versioned";
import * as Activity from "../activity";
import * as Invitation from "../invitation";
import * as Tenant from "../tenant";
import { UsageEntity } from "../tenant/usage.entity";
import { monthOf } from "../tenant/usage";
import { VehicleEntity } from "../vehicle/vehicle.entity";
import { CompanyEntity, SeatEntity, type CompanyItem } from "./company.entity";
import { create as createCompany, listAll, mustGet, present } from "./index";
import { LOGO_MESSAGE, type CompanyCreate, type CompanyEdit, type CompanyListQuery, type LimitsInput } from "./schemas";
import { collator } from "../util/collate";

export * from "./schemas";

/*
 * Provider operations on companies (issue 13, docs/api-companies.md): the list with each company's figures,
 * creating a company with its first orgadmin invited, editing, limits, suspension. Provider administrators
 * act on any company; an orgadmin reads and edits their own.
 */

/** Provider administrators only. */
export function assertProvider(actor: Actor) {
  if (!actor.isProviderAdmin) throw new ForbiddenError();
}

/** The company a caller may manage: any for a provider administrator, their own for its orgadmin. */
export function manageable(actor: Actor, companyId: string) {
  if (actor.isProviderAdmin) return companyId;
  if (actor.role !== "orgadmin" || actor.companyId !== companyId) throw new ForbiddenError();
  return companyId;
}

/** What the provider sees of a company besides its fields. */
export function presentWithStatus(company: CompanyItem) {
  return {
    ...present(company),
    status: company.status ?? "active",
    suspendedReason: company.suspendedReason ?? null,
    suspendedAt: company.suspendedAt ?? null,
    limits: Tenant.limitsOf(company),
    createdAt: company.createdAt,
  };
}


/** One company's figures: users, billable users, active vehicles, submissions this month, last activity. */
async function figuresOf(companyId: string) {
  const [seats, vehicles, usage, [last]] = await Promise.all([
    SeatEntity.query.byCompany({ companyId }).go({ pages: "all", attributes: ["userId", "status", "role", "isBillable"] }),
    VehicleEntity.query.byCompany({ companyId }).go({ pages: "all", attributes: ["vehicleId", "isActive"] }),
    UsageEntity.get({ companyId, period: monthOf() }).go(),
    Activity.recent(companyId, 1),
  ]);
  const active = seats.data.filter((seat) => seat.status !== "inactive" && seat.role !== "inactive");
  return {
    users: seats.data.length,
    billableUsers: active.filter((seat) => seat.isBillable !== false).length,
    activeVehicles: vehicles.data.filter((vehicle) => vehicle.isActive).length,
    submissionsThisMonth: usage.data?.submissions ?? 0,
    lastActivityAt: last?.at ?? null,
  };
}

/**
 * `GET /company/admin/all`: every company through the name index (never a Scan), searched, filtered,
 * sorted and paged; the figures are read for the page's companies only.
 */
export async function list(query: CompanyListQuery) {
  const needle = query.search?.toLowerCase();
  const rows = (await listAll()).filter(
    (company) =>
      (!query.status || (company.status ?? "active") === query.status) &&
      (!needle || [company.name, company.companyEmail, company.city, company.state].some((value) => (value ?? "").toLowerCase().includes(needle))),
  );
  const direction = query.sort_direction === "asc" ? 1 : -1;
  rows.sort((a, b) => direction * (collator.compare(String(a[query.sort_by] ?? "active"), String(b[query.sort_by] ?? "active")) || collator.compare(a.name, b.name)));
  const total = rows.length;
  // without a page size, every company and no figures (the pickers' call); with one, the page with figures
  if (query.limit === undefined) return { companies: rows.map(presentWithStatus), total, page: 1, limit: total, totalPages: 1 };
  const start = (query.page - 1) * query.limit;
  const page = rows.slice(start, start + query.limit);
  const figures = await Promise.all(page.map((company) => figuresOf(company.companyId)));
  const companies = page.map((company, i) => ({ ...presentWithStatus(company), ...figures[i]! }));
  return { companies, total, page: query.page, limit: query.limit, totalPages: Math.max(1, Math.ceil(total / query.limit)) };
}

/** `POST /company/admin/create`: the company, then its first orgadmin invited (pending until accepted). */
export async function create(actor: Actor, input: z.output<typeof CompanyCreate>) {
  assertProvider(actor);
  const { orgadminEmail, lang, ...fields } = input;
  const company = await createCompany({ ...fields, companyId: randomUUID() });
  const invitation = await Invitation.create({ ...actor, companyId: company.companyId, role: "admin" }, { email: orgadminEmail, role: "orgadmin", lang });
  await Activity.record({ companyId: company.companyId, actor, action: "company.created", subject: { type: "company", id: company.companyId, name: company.name }, after: { name: company.name, orgadminEmail } });
  return { company: presentWithStatus(company), invitation: invitation.invitation };
}

/** `PUT /company/{id}`: the details, against the version read when sent (SPEC §8's 409). */
export async function edit(actor: Actor, companyId: string, input: z.output<typeof CompanyEdit>) {
  manageable(actor, companyId);
  const company = await mustGet(companyId);
  const { version, logoAssetId, ...fields } = input;
  const changes: Record<string, unknown> = Object.fromEntries(Object.entries(fields).filter(([key, value]) => value !== undefined && value !== (key === "timeZone" ? present(company).timeZone : company[key as keyof CompanyItem])));
  if (logoAssetId !== undefined && logoAssetId !== (company.logoAssetId || null)) {
    if (logoAssetId !== null) await assertLogo(companyId, logoAssetId);
    changes.logoAssetId = logoAssetId;
  }
  if (Object.keys(changes).length === 0) return presentWithStatus(company);
  const expected = version ?? company.version ?? 1;
  const { logoAssetId: logo, ...set } = changes;
  try {
    const patch = CompanyEntity.patch({ companyId }).set(set);
    await (logo === null ? patch.remove(["logoAssetId"]) : logo !== undefined ? patch.set({ logoAssetId: logo as number }) : patch)
      .add({ version: 1 })
      .where((attr, { eq, notExists }) => (expected === 1 ? `(${notExists(attr.version)} OR ${eq(attr.version, 1)})` : eq(attr.version, expected)))
      .go();
  } catch (error) {
    if (isConditionalFailure(error)) throw new StaleRecordError();
    throw error;
  }
  // the logo is kept while it is the logo: a file of a company's reports is not deleted from under them
  if (typeof logo === "number") await AssetEntity.patch({ companyId, assetId: logo }).set({ attached: true }).go();
  const before = Object.fromEntries(Object.keys(changes).map((key) => [key, company[key as keyof CompanyItem] ?? null]));
  await Activity.record({ companyId, actor, action: "company.edited", subject: { type: "company", id: companyId, name: company.name }, before, after: changes });
  return presentWithStatus(await mustGet(companyId));
}

const LOGO_TYPES = new Set(["image/png", "image/jpeg"]);

/** A logo is a validated PNG or JPEG of the company itself (an asset of another company is simply not one). */
async function assertLogo(companyId: string, assetId: number) {
  const { data: asset } = await AssetEntity.get({ companyId, assetId }).go();
  if (!asset || asset.validationStatus !== "valid" || !LOGO_TYPES.has(asset.fileType) || asset.documentId) {
    throw new ValidationError("company.logo_invalid", LOGO_MESSAGE, { logoAssetId: [LOGO_MESSAGE] });
  }
}

/** `GET /company/{id}/usage`: this month's and last month's usage beside the limits. */
export async function usage(actor: Actor, companyId: string) {
  manageable(actor, companyId);
  const company = await mustGet(companyId);
  return { company: presentWithStatus(company), usage: await Tenant.usageOf(company) };
}

/** `GET /company/admin/usage`: every tenant's usage this month and how close it is to each limit. */
export async function usageOfAll(actor: Actor) {
  assertProvider(actor);
  const companies = await listAll();
  const usages: Awaited<ReturnType<typeof Tenant.usageOf>>[] = [];
  for (let i = 0; i < companies.length; i += 25) {
    usages.push(...(await Promise.all(companies.slice(i, i + 25).map((company) => Tenant.usageOf(company)))));
  }
  return { tenants: companies.map((company, i) => ({ company: presentWithStatus(company), usage: usages[i]! })) };
}

/** `PUT /company/{id}/limits`: the provider sets a tenant's limits (null: back to the default). */
export async function setLimits(actor: Actor, companyId: string, input: z.output<typeof LimitsInput>) {
  assertProvider(actor);
  const company = await mustGet(companyId);
  const limits = { ...(company.limits ?? {}) } as Record<string, number | undefined>;
  for (const [key, value] of Object.entries(input)) {
    if (value === null) delete limits[key];
    else if (value !== undefined) limits[key] = value;
  }
  await CompanyEntity.patch({ companyId }).set({ limits }).add({ version: 1 }).go();
  Tenant.forgetLimits(companyId);
  await Activity.record({ companyId, actor, action: "company.limits_changed", subject: { type: "company", id: companyId, name: company.name }, before: Tenant.limitsOf(company), after: Tenant.limitsOf({ limits }) });
  return presentWithStatus(await mustGet(companyId));
}

/** `POST /company/{id}/suspend`: the tenant's people are refused from the next call; nothing is deleted. */
export async function suspend(actor: Actor, companyId: string, reason: string) {
  assertProvider(actor);
  const company = await mustGet(companyId);
  await CompanyEntity.patch({ companyId }).set({ status: "suspended", suspendedReason: reason, suspendedAt: new Date().toISOString(), suspendedBy: actor.username }).add({ version: 1 }).go();
  await Activity.record({ companyId, actor, action: "company.suspended", subject: { type: "company", id: companyId, name: company.name }, before: { status: company.status ?? "active" }, after: { status: "suspended", reason } });
  return presentWithStatus(await mustGet(companyId));
}

/** `POST /company/{id}/resume`: everything as it was. */
export async function resume(actor: Actor, companyId: string) {
  assertProvider(actor);
  const company = await mustGet(companyId);
  await CompanyEntity.patch({ companyId }).set({ status: "active" }).remove(["suspendedReason", "suspendedAt", "suspendedBy"]).add({ version: 1 }).go();
  await Activity.record({ companyId, actor, action: "company.resumed", subject: { type: "company", id: companyId, name: company.name }, before: { status: company.status ?? "active", reason: company.suspendedReason ?? "" }, after: { status: "active" } });
  return presentWithStatus(await mustGet(companyId));
}
