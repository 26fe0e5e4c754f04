export * as Company from "./index";
import { randomUUID } from "node:crypto";
import * as z from "../util/zod";
import { fn } from "../util/fn";
import { ForbiddenError, NotFoundError } from "../util/errors";
import { CompanyEntity, SeatEntity, type CompanyItem } from "./company.entity";
import { getMany } from "../db/get-many";
import { SeatRole } from "../user/roles";
import * as User from "../user";

export { CompanyFields } from "./schemas";
import { canonicalTimeZone, CompanyFields, DEFAULT_TIME_ZONE } from "./schemas";

/** The public shape of a company (SPEC §3). */
export function present(company: CompanyItem) {
  return {
    id: company.companyId,
    name: company.name,
    companyName: company.name,
    companyEmail: company.companyEmail,
    companyWebsite: company.companyWebsite,
    companyPhone: company.companyPhone,
    companyAddress: company.companyAddress,
    city: company.city,
    state: company.state,
    zipCode: company.zipCode,
    timeZone: timeZoneOf(company),
    reportDetails: company.reportDetails ?? "",
    logoAssetId: company.logoAssetId || null,
    version: company.version,
  };
}

/** The zone a company's times are printed in: its own, or UTC for a company made before the setting existed. */
export const timeZoneOf = (company: Pick<CompanyItem, "timeZone"> | undefined) => (company?.timeZone && canonicalTimeZone(company.timeZone)) || DEFAULT_TIME_ZONE;

/** A company; `createdAt` only for the demo, whose companies joined months before their first bill. */
export const create = /* @__PURE__ */ fn(/* @__PURE__ */ z.lazySchema(() => z.extend(CompanyFields, { companyId: z.optional(z.string()), createdAt: z.optional(z.iso.datetime()) })), async (input) => {
  const { data } = await CompanyEntity.create({ ...input, companyId: input.companyId ?? randomUUID() }).go();
  return data;
});

export async function fromId(companyId: string): Promise<CompanyItem | undefined> {
  const { data } = await CompanyEntity.get({ companyId }).go();
  return data ?? undefined;
}

/** The company read, or the 404 of one that does not exist. */
function found(company: CompanyItem | undefined): CompanyItem {
  if (!company) throw new NotFoundError("company.not_found", "Company not found");
  return company;
}

export async function mustGet(companyId: string): Promise<CompanyItem> {
  return found(await fromId(companyId));
}

/** Provider administrators' listing: every company, by name. */
export async function listAll(): Promise<CompanyItem[]> {
  const { data } = await CompanyEntity.query.all({}).go({ pages: "all" });
  return data;
}

export async function seat(companyId: string, userId: string) {
  const { data } = await SeatEntity.get({ companyId, userId }).go();
  return data ?? undefined;
}

export async function seatsOfUser(userId: string) {
  const { data } = await SeatEntity.query.byUser({ userId }).go({ pages: "all" });
  return data;
}

export async function seatsOfCompany(companyId: string) {
  const { data } = await SeatEntity.query.byCompany({ companyId }).go({ pages: "all" });
  return data;
}

/** Gives an account a seat (the demo data's way; administrators go through Member.addSeat, which records it). */
export const addSeat = /* @__PURE__ */ fn(/* @__PURE__ */ z.lazySchema(() => z.object({ companyId: z.string(), userId: z.string(), role: SeatRole })), async (input) => {
  const user = await User.mustGet(input.userId);
  const { data } = await SeatEntity.upsert({ ...input, isBillable: user.isBillable ?? true, ...User.seatCopy(user) }).go({ response: "all_new" });
  return data;
});

/**
 * A sign-in: the time each seat's row in the users listing shows (display only, so not transactional; the
 * account itself is not written, so a sign-in never looks like an edit of it).
 */
export async function markSignedIn(userId: string, at = new Date().toISOString()) {
  const seats = await seatsOfUser(userId);
  await Promise.all(seats.map((seat) => SeatEntity.patch({ companyId: seat.companyId, userId }).set({ lastSignInAt: at }).go().catch(() => undefined)));
}

/**
 * A company the caller may look at: one they hold an active seat in (read
 * again, not trusted from the token), or any for a provider administrator.
 */
export async function visibleTo(actor: { userId: string; isProviderAdmin: boolean }, companyId: string): Promise<CompanyItem> {
  // the seat and the company in one round trip; the seat decides first, so a stranger learns nothing of whether the company exists
  const [held, company] = await getMany([
    { entity: SeatEntity, key: { companyId, userId: actor.isProviderAdmin ? "-" : actor.userId } },
    { entity: CompanyEntity, key: { companyId } },
  ]);
  if (!actor.isProviderAdmin && (!held || held.role === "inactive" || held.status === "inactive")) throw new ForbiddenError();
  return found(company);
}
