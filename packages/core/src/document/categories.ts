export * as Category from "./categories";
import * as z from "../util/zod";
import { createWriteTransaction } from "../db/electrodb";
import * as Activity from "../activity";
import { ActivityEntity } from "../activity";
import type { Actor } from "../auth/claims";
import * as Counter from "../counter";
import { AppError, StaleRecordError } from "../util/errors";
import { safeText } from "../util/text";
import { companyOf, verb } from "../form/verb";
import { CategoryClaimEntity, CategoryCodeEntity, CategoryEntity, type CategoryItem } from "./document.entity";
import { collator } from "../util/collate";

/*
 * Document categories (issue 15, docs/api-documents.md): a company's own and global ones. The code is
 * unique across a company's and the global categories, case aside, and never changes; a category in use
 * is not deleted. Every rule is a condition of the write that could break it.
 */

export const GLOBAL = "global";

export const CATEGORY_MESSAGES = {
  notFound: "Category not found",
  codeInvalid: "A category code is 1 to 30 letters, digits, dashes or underscores",
  nameRequired: "A category name is required",
  codeImmutable: "A category's code cannot be changed after it is created",
  globalForbidden: "Only provider administrators can change global categories",
  codeTaken: (code: string) => `A category with code ${code} already exists`,
  inUse: (count: number) => `This category is used by ${count} ${count === 1 ? "document" : "documents"}. Move or delete them first.`,
} as const;

const REASONS: Record<number, string> = { 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 409: "Conflict" };
/** SPEC §7: a category call's error body also carries `error` (the HTTP reason) and `statusCode`. */
export function categoryError(code: string, message: string, status: number, details: Record<string, unknown> = {}): AppError {
  return new AppError(code, message, status, { error: REASONS[status] ?? "Error", statusCode: status, ...details });
}

const notFound = () => categoryError("category.not_found", CATEGORY_MESSAGES.notFound, 404);
const globalForbidden = () => categoryError("category.global_forbidden", CATEGORY_MESSAGES.globalForbidden, 403);

export const Code = /* @__PURE__ */ z.lazySchema(() => z.string({ error: CATEGORY_MESSAGES.codeInvalid }).check(
  z.trim(),
  z.regex(/^[A-Za-z0-9_-]{1,30}$/, CATEGORY_MESSAGES.codeInvalid),
));
export const codeKey = (code: string) => code.trim().toUpperCase();

export const CategoryFields = /* @__PURE__ */ z.lazySchema(() => z.object({
  code: Code,
  name: safeText(z.string({ error: CATEGORY_MESSAGES.nameRequired }).check(
    z.trim(),
    z.minLength(1, CATEGORY_MESSAGES.nameRequired),
    z.maxLength(100),
  )),
  description: z._default(safeText(z.string().check(z.trim(), z.maxLength(500))), ""),
  isGlobal: z._default(z.boolean(), false),
  offlineAccess: z._default(z.boolean(), false),
}));
export const CategoryId = /* @__PURE__ */ z.lazySchema(() => z.coerce.number({ error: CATEGORY_MESSAGES.notFound }).check(
  z.int(),
  z.positive(CATEGORY_MESSAGES.notFound),
  z.lte(Number.MAX_SAFE_INTEGER),
));

export function present(category: CategoryItem) {
  return {
    id: category.categoryId,
    code: category.code,
    name: category.name,
    description: category.description,
    isGlobal: category.isGlobal,
    offlineAccess: category.offlineAccess,
    documentCount: Math.max(0, category.documentCount),
    version: category.version,
    createdAt: category.createdAt,
    updatedAt: category.updatedAt,
  };
}
export type PresentedCategory = ReturnType<typeof present>;


/** The company's categories and the global ones, by name. */
export async function listFor(companyId: string): Promise<CategoryItem[]> {
  const [own, global] = await Promise.all([
    CategoryEntity.query.byScope({ scope: companyId }).go({ pages: "all" }),
    CategoryEntity.query.byScope({ scope: GLOBAL }).go({ pages: "all" }),
  ]);
  return [...own.data, ...global.data].sort((a, b) => collator.compare(a.name, b.name) || a.categoryId - b.categoryId);
}

/** One category the company may use (its own or global); another company's is simply not found. */
export async function visible(companyId: string, categoryId: number): Promise<CategoryItem | undefined> {
  const { data } = await CategoryEntity.get([
    { scope: companyId, categoryId },
    { scope: GLOBAL, categoryId },
  ]).go();
  return data[0];
}

async function mustSee(companyId: string, categoryId: number) {
  const category = await visible(companyId, categoryId);
  if (!category) throw notFound();
  return category;
}

/** The category a code names for a company: its own first, then a global one. */
export async function byCode(companyId: string, code: string): Promise<CategoryItem | undefined> {
  const key = codeKey(code);
  const { data: claims } = await CategoryClaimEntity.get([
    { scope: companyId, codeKey: key },
    { scope: GLOBAL, codeKey: key },
  ]).go();
  const claim = claims.find((c) => c.scope === companyId) ?? claims[0];
  if (!claim) return undefined;
  const { data } = await CategoryEntity.get({ scope: claim.scope, categoryId: claim.categoryId }).go();
  return data ?? undefined;
}

export const list = /* @__PURE__ */ verb(/* @__PURE__ */ z.lazySchema(() => z.object({})), async (actor) => listFor(companyOf(actor)));
export const get = /* @__PURE__ */ verb(/* @__PURE__ */ z.lazySchema(() => z.object({ id: CategoryId })), async (actor, input) => mustSee(companyOf(actor), input.id));

function assertMayChange(actor: Actor, isGlobal: boolean) {
  if (isGlobal && !actor.isProviderAdmin) throw globalForbidden();
}

type Codes = { code?: string }[];

/** A category change in the feed of the company it was made in (a global one's: the provider's selected company). */
const categoryActivity = (actor: Actor, companyId: string, action: "category.created" | "category.edited" | "category.deleted", categoryId: number, code: string, after: object, before: object = {}) =>
  Activity.entry({ companyId, actor, action, subject: { type: "document", id: `category:${categoryId}`, name: code }, before: { ...before }, after: { ...after } });
const conditionFailed = (codes: Codes, index: number) => codes[index]?.code === "ConditionalCheckFailed";

/** `POST /v2/asset-categories`. */
export const create = /* @__PURE__ */ verb(CategoryFields, async (actor, input) => {
  const companyId = companyOf(actor);
  assertMayChange(actor, input.isGlobal);
  const scope = input.isGlobal ? GLOBAL : companyId;
  const key = codeKey(input.code);
  const categoryId = await Counter.next("doccategory");
  const result = await createWriteTransaction({ categories: CategoryEntity, claims: CategoryClaimEntity, codes: CategoryCodeEntity, activity: ActivityEntity }, ({ categories, claims, codes, activity }) => [
    categories.create({ scope, categoryId, code: input.code, codeKey: key, name: input.name, description: input.description, isGlobal: input.isGlobal, offlineAccess: input.offlineAccess }).commit(),
    claims.create({ scope, codeKey: key, categoryId }).commit(),
    input.isGlobal
      ? codes
          .update({ codeKey: key })
          .set({ global: true })
          .where((attr, { eq, notExists }) => `(${notExists(attr.companies)} OR ${eq(attr.companies, 0)}) AND (${notExists(attr.global)} OR ${eq(attr.global, false)})`)
          .commit()
      : codes
          .update({ codeKey: key })
          .add({ companies: 1 })
          .where((attr, { eq, notExists }) => `${notExists(attr.global)} OR ${eq(attr.global, false)}`)
          .commit(),
    activity.create(categoryActivity(actor, companyId, "category.created", categoryId, input.code, { name: input.name, isGlobal: input.isGlobal })).commit(),
  ]).go();
  if (result.canceled) {
    const codes = result.data as Codes;
    if (conditionFailed(codes, 1) || conditionFailed(codes, 2)) throw categoryError("category.code_taken", CATEGORY_MESSAGES.codeTaken(input.code), 409);
    throw categoryError("category.busy", "The category could not be saved. Please try again.", 409);
  }
  return (await CategoryEntity.get({ scope, categoryId }).go()).data!;
});

export const UpdateInput = /* @__PURE__ */ z.lazySchema(() => z.extend(z.partial(CategoryFields), { id: CategoryId, version: z.optional(z.number().check(z.int(), z.gte(1))) }));

/** `PUT /v2/asset-categories/{id}`: name, description and offline access; the code must be the same. */
export const update = /* @__PURE__ */ verb(UpdateInput, async (actor, input) => {
  const category = await mustSee(companyOf(actor), input.id);
  assertMayChange(actor, category.isGlobal);
  if (input.code !== undefined && input.code !== category.code) throw categoryError("category.code_immutable", CATEGORY_MESSAGES.codeImmutable, 400, { fieldErrors: { code: [CATEGORY_MESSAGES.codeImmutable] } });
  if (input.version !== undefined && input.version !== category.version) throw new StaleRecordError();
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.offlineAccess !== undefined ? { offlineAccess: input.offlineAccess } : {}),
  };
  const before = Object.fromEntries(Object.keys(changes).map((key) => [key, category[key as keyof CategoryItem]]));
  const result = await createWriteTransaction({ categories: CategoryEntity, activity: ActivityEntity }, ({ categories, activity }) => [
    categories
      .patch({ scope: category.scope, categoryId: category.categoryId })
      .set({ ...changes, updatedAt: new Date().toISOString() })
      .add({ version: 1 })
      .where((attr, { eq }) => eq(attr.version, category.version))
      .commit(),
    activity.create(categoryActivity(actor, companyOf(actor), "category.edited", category.categoryId, category.code, changes, before)).commit(),
  ]).go();
  if (result.canceled) throw new StaleRecordError();
  return (await CategoryEntity.get({ scope: category.scope, categoryId: category.categoryId }).go()).data!;
});

/** `DELETE /v2/asset-categories/{id}`: refused with the count while documents use it. */
export const remove = /* @__PURE__ */ verb(/* @__PURE__ */ z.lazySchema(() => z.object({ id: CategoryId })), async (actor, input) => {
  const category = await mustSee(companyOf(actor), input.id);
  assertMayChange(actor, category.isGlobal);
  const result = await createWriteTransaction({ categories: CategoryEntity, claims: CategoryClaimEntity, codes: CategoryCodeEntity, activity: ActivityEntity }, ({ categories, claims, codes, activity }) => [
    activity.create(categoryActivity(actor, companyOf(actor), "category.deleted", category.categoryId, category.code, {}, { name: category.name })).commit(),
    categories
      .delete({ scope: category.scope, categoryId: category.categoryId })
      .where((attr, { eq, notExists }) => `${notExists(attr.documentCount)} OR ${eq(attr.documentCount, 0)}`)
      .commit(),
    claims.delete({ scope: category.scope, codeKey: category.codeKey }).commit(),
    category.isGlobal ? codes.update({ codeKey: category.codeKey }).set({ global: false }).commit() : codes.update({ codeKey: category.codeKey }).add({ companies: -1 }).commit(),
  ]).go();
  if (result.canceled) {
    const fresh = await visible(category.scope === GLOBAL ? companyOf(actor) : category.scope, category.categoryId);
    if (!fresh) throw notFound();
    const count = Math.max(0, fresh.documentCount);
    throw categoryError("category.in_use", CATEGORY_MESSAGES.inUse(count), 409, { documentCount: count });
  }
  return { deleted: true, id: category.categoryId };
});

/** The demo data's way in: a category with its claims, skipped when the code is taken. */
export async function seed(actor: Actor, input: z.input<typeof CategoryFields>): Promise<CategoryItem> {
  const existing = await byCode(companyOf(actor), input.code);
  if (existing) return existing;
  return create(actor, input);
}
