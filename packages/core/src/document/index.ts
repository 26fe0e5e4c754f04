export * as Document from "./index";
import * as z from "../util/zod";
import { createWriteTransaction } from "../db/electrodb";
import type { Actor } from "../auth/claims";
import { assertCanWrite } from "../auth/access";
import { AssetEntity, type AssetItem } from "../asset/asset.entity";
import * as Storage from "../asset/storage";
import { SeatEntity } from "../company/company.entity";
import { VehicleEntity } from "../vehicle/vehicle.entity";
import * as Activity from "../activity";
import * as Tenant from "../tenant";
import * as Counter from "../counter";
import { AppError, ForbiddenError, NotFoundError, StaleRecordError, ValidationError } from "../util/errors";
import { safeText } from "../util/text";
import { companyOf, verb } from "../form/verb";
import * as Category from "./categories";
import { CategoryEntity, DocumentEntity, DocumentLinkEntity, type CategoryItem, type DocumentItem } from "./document.entity";
import { collator } from "../util/collate";

export { Category } from "./categories";
export type { DocumentItem, CategoryItem } from "./document.entity";

/*
 * The company's documents (issue 15, docs/api-documents.md): files with a name, a category, an uploader,
 * optionally an expiry date and a vehicle or person they belong to, and earlier versions. A document is
 * written in the transaction that marks its upload valid; restricted ones exist only for admins,
 * orgadmins and their uploader.
 */

export const DOCUMENT_MESSAGES = {
  notFound: "Document not found",
  incomplete: "Documents need a selected file, a document name, and a category code and name",
  vehicleUnknown: "Vehicle not found",
  userUnknown: "User not found",
  date: "Enter the expiry date as YYYY-MM-DD",
  tooManyVersions: "This document already has 50 versions. Upload the new file as a new document.",
} as const;
/** Documents expiring within this many days are flagged "soon". */
export const EXPIRY_WINDOW_DAYS = 30;
export const MAX_VERSIONS = 50;

const notFound = () => new NotFoundError("asset.not_found", DOCUMENT_MESSAGES.notFound);
const incomplete = (field: string) => new ValidationError("document.incomplete", DOCUMENT_MESSAGES.incomplete, { [field]: [DOCUMENT_MESSAGES.incomplete] });

// --- dates ------------------------------------------------------------------------------------------------

export const today = (now = new Date()) => now.toISOString().slice(0, 10);
const DAY = 86_400_000;
export const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
export const daysFrom = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);

/** "expired", "soon" (within the window) or "" for a document's expiry date seen on `on`. */
export function expiryOf(expiresOn: string, on: string): { expiry: "expired" | "soon" | ""; daysToExpiry: number | null } {
  if (!expiresOn) return { expiry: "", daysToExpiry: null };
  const days = daysFrom(on, expiresOn);
  return { expiry: days < 0 ? "expired" : days <= EXPIRY_WINDOW_DAYS ? "soon" : "", daysToExpiry: days };
}

const ExpiresOn = /* @__PURE__ */ z.lazySchema(() => z.pipe(z.union([z.string(), z.null()]), z.transform((value) => (value ?? "").trim())).check(z.refine((value) => value === "" || (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)), DOCUMENT_MESSAGES.date)));

// --- fields -----------------------------------------------------------------------------------------------

export const DocumentFields = /* @__PURE__ */ z.lazySchema(() => z.object({
  name: safeText(z.string({ error: DOCUMENT_MESSAGES.incomplete }).check(z.trim(), z.minLength(1, DOCUMENT_MESSAGES.incomplete), z.maxLength(200))),
  category: z.string({ error: DOCUMENT_MESSAGES.incomplete }).check(z.trim(), z.minLength(1, DOCUMENT_MESSAGES.incomplete), z.maxLength(30)),
  description: z._default(safeText(z.string().check(z.trim(), z.maxLength(1000))), ""),
  restricted: z._default(z.boolean(), false),
  expiresOn: z._default(ExpiresOn, ""),
  vehicleId: z._default(z.string().check(z.trim(), z.maxLength(100)), ""),
  userId: z._default(z.string().check(z.trim(), z.maxLength(100)), ""),
}));
export type DocumentFields = z.output<typeof DocumentFields>;

/** What a document upload carries until its file is valid (stored on the pending asset). */
interface Draft extends DocumentFields {
  categoryId: number;
  categoryScope: string;
  categoryCode: string;
}

const isAdmin = (actor: Pick<Actor, "role">) => actor.role === "admin" || actor.role === "orgadmin";
/** Restricted documents are for people: an API key, though it acts as an orgadmin, sees only unrestricted ones (docs/decisions.md). */
const seesRestricted = (actor: Pick<Actor, "role" | "apiKeyId">) => isAdmin(actor) && !actor.apiKeyId;
export const mayView = (actor: Actor, doc: Pick<DocumentItem, "restricted" | "uploadedBy">) => !doc.restricted || seesRestricted(actor) || doc.uploadedBy === actor.userId;
const mayEdit = (actor: Actor, doc: Pick<DocumentItem, "uploadedBy">) => isAdmin(actor) || doc.uploadedBy === actor.userId;

export function present(doc: DocumentItem, on = today()) {
  return {
    id: doc.documentId,
    assetId: doc.documentId,
    kind: "document" as const,
    name: doc.name,
    description: doc.description,
    fileName: doc.fileName,
    fileType: doc.fileType,
    size: doc.size,
    uploadStatus: "uploaded" as const,
    validationStatus: "valid" as const,
    validationMessage: "",
    category: doc.category,
    restricted: doc.restricted,
    expiresOn: doc.expiresOn,
    ...expiryOf(doc.expiresOn, on),
    vehicleId: doc.vehicleId,
    userId: doc.userId,
    uploadedBy: doc.uploadedByName || doc.uploadedBy,
    uploadedById: doc.uploadedBy,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    version: doc.version,
    versions: doc.versions ?? [],
  };
}
export type PresentedDocument = ReturnType<typeof present>;

// --- reads ------------------------------------------------------------------------------------------------

export async function fromId(companyId: string, documentId: number): Promise<DocumentItem | undefined> {
  const { data } = await DocumentEntity.get({ companyId, documentId }).go();
  return data ?? undefined;
}

/** A document the caller may see; anything else (another company's, restricted, none) is not found. */
export async function mustSee(actor: Actor, documentId: number): Promise<DocumentItem> {
  const doc = await fromId(companyOf(actor), documentId);
  if (!doc || !mayView(actor, doc)) throw notFound();
  return doc;
}

/**
 * Whether the caller may reach an asset's file: an attachment always (within its company); a document's
 * file as the document allows; an upload not yet a document only by its uploader and the admins.
 */
export async function mayReach(actor: Actor, asset: AssetItem): Promise<boolean> {
  if (!asset.documentId) return true;
  const doc = await fromId(asset.companyId, asset.documentId);
  if (doc) return mayView(actor, doc);
  return asset.validationStatus !== "valid" && (seesRestricted(actor) || asset.uploadedBy === actor.userId);
}

/** The document an asset token's or an asset id's request serves: its current file. */
export async function currentFileOf(asset: AssetItem): Promise<AssetItem> {
  if (!asset.documentId || asset.documentId !== asset.assetId) return asset;
  const doc = await fromId(asset.companyId, asset.documentId);
  if (!doc || doc.fileAssetId === asset.assetId) return asset;
  const { data } = await AssetEntity.get({ companyId: asset.companyId, assetId: doc.fileAssetId }).go();
  return data ?? asset;
}

// --- upload: checked before the file is sent, written when it is valid ----------------------------------

/** Checks a document upload's fields and answers what to keep on the pending asset. */
export async function prepare(actor: Actor, input: z.input<typeof DocumentFields>): Promise<string> {
  const companyId = companyOf(actor);
  const fields = parseFields(input);
  const category = await Category.byCode(companyId, fields.category);
  if (!category) throw new ValidationError("document.category_unknown", Category.CATEGORY_MESSAGES.notFound, { category: [Category.CATEGORY_MESSAGES.notFound] });
  await assertLinks(companyId, fields);
  const draft: Draft = { ...fields, categoryId: category.categoryId, categoryScope: category.scope, categoryCode: category.code };
  return JSON.stringify(draft);
}

function parseFields(input: unknown): DocumentFields {
  const parsed = DocumentFields.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? "name");
  if (issue.message === DOCUMENT_MESSAGES.incomplete) throw incomplete(field);
  throw new ValidationError("document.invalid", issue.message, { [field]: [issue.message] });
}

async function assertLinks(companyId: string, fields: Pick<DocumentFields, "vehicleId" | "userId">) {
  const [vehicle, seat] = await Promise.all([
    fields.vehicleId ? VehicleEntity.get({ companyId, vehicleId: fields.vehicleId }).go() : undefined,
    fields.userId ? SeatEntity.get({ companyId, userId: fields.userId }).go() : undefined,
  ]);
  if (fields.vehicleId && !vehicle?.data) throw new ValidationError("document.vehicle_unknown", DOCUMENT_MESSAGES.vehicleUnknown, { vehicleId: [DOCUMENT_MESSAGES.vehicleUnknown] });
  if (fields.userId && !seat?.data) throw new ValidationError("document.user_unknown", DOCUMENT_MESSAGES.userUnknown, { userId: [DOCUMENT_MESSAGES.userUnknown] });
}

/** A replacement upload: the caller must be allowed to edit the document, which keeps at most 50 versions. */
export async function prepareReplace(actor: Actor, documentId: number): Promise<DocumentItem> {
  const doc = await mustSee(actor, documentId);
  if (!mayEdit(actor, doc)) throw new ForbiddenError();
  if ((doc.versions?.length ?? 0) >= MAX_VERSIONS - 1) throw new ValidationError("document.too_many_versions", DOCUMENT_MESSAGES.tooManyVersions);
  return doc;
}

const linkTargets = (fields: Pick<DocumentFields, "vehicleId" | "userId">) => [
  ...(fields.vehicleId ? [`vehicle:${fields.vehicleId}`] : []),
  ...(fields.userId ? [`user:${fields.userId}`] : []),
];
const validNow = (size: number) => ({ validationStatus: "valid" as const, validationMessage: "", uploadStatus: "uploaded" as const, size, updatedAt: new Date().toISOString() });

/**
 * The last step of a document upload, once its bytes are stored: the document (or its new version) and
 * the upload's valid status in one transaction. Throws when the document can no longer take it (the
 * category deleted meanwhile, the document deleted or changed); the caller then undoes the upload.
 */
export async function finishUpload(asset: AssetItem, size: number): Promise<DocumentItem> {
  if (asset.documentId === asset.assetId) return createFrom(asset, size);
  return addVersion(asset, size);
}

async function createFrom(asset: AssetItem, size: number): Promise<DocumentItem> {
  const draft = JSON.parse(asset.documentDraft || "{}") as Draft;
  const { companyId, assetId } = asset;
  const subject = { type: "document" as const, id: String(assetId), name: draft.name };
  const result = await createWriteTransaction(
    { documents: DocumentEntity, categories: CategoryEntity, links: DocumentLinkEntity, assets: AssetEntity, activity: Activity.ActivityEntity },
    ({ documents, categories, links, assets, activity }) => [
      documents
        .create({
          companyId,
          documentId: assetId,
          name: draft.name,
          description: draft.description,
          category: draft.categoryCode,
          categoryKey: Category.codeKey(draft.categoryCode),
          categoryId: draft.categoryId,
          categoryScope: draft.categoryScope,
          restricted: draft.restricted,
          expiresOn: draft.expiresOn,
          vehicleId: draft.vehicleId,
          userId: draft.userId,
          fileAssetId: assetId,
          fileName: asset.fileName,
          fileType: asset.fileType,
          size,
          uploadedBy: asset.uploadedBy,
          uploadedByName: asset.uploadedByName,
        })
        .commit(),
      categories.patch({ scope: draft.categoryScope, categoryId: draft.categoryId }).add({ documentCount: 1 }).commit(),
      assets.patch({ companyId, assetId }).set(validNow(size)).add({ version: 1 }).commit(),
      ...linkTargets(draft).map((target) => links.create({ companyId, target, documentId: assetId }).commit()),
      activity.create(Activity.entry({ companyId, actor: { userId: asset.uploadedBy, username: asset.uploadedByName }, action: "document.uploaded", subject, after: { name: draft.name, category: draft.categoryCode, fileName: asset.fileName } })).commit(),
    ],
  ).go();
  if (result.canceled) {
    const codes = result.data as { code?: string }[];
    if (codes[1]?.code === "ConditionalCheckFailed") throw new AppError("document.category_unknown", Category.CATEGORY_MESSAGES.notFound, 400);
    throw new AppError("document.busy", "The document could not be saved. Please try again.", 409);
  }
  return (await fromId(companyId, assetId))!;
}

async function addVersion(asset: AssetItem, size: number): Promise<DocumentItem> {
  const { companyId, assetId } = asset;
  for (let attempt = 0; attempt < 3; attempt++) {
    const doc = await fromId(companyId, asset.documentId);
    if (!doc) throw new AppError("asset.not_found", DOCUMENT_MESSAGES.notFound, 404);
    // The document's id is its first file's asset id, and serves the current file: the first file, once
    // replaced, is kept under an asset id of its own so its version can be opened.
    const keptId = doc.fileAssetId === doc.documentId ? await keepFirstFile(doc) : doc.fileAssetId;
    const previous = { assetId: keptId, fileName: doc.fileName, fileType: doc.fileType, size: doc.size, uploadedAt: doc.updatedAt, uploadedBy: doc.uploadedByName || doc.uploadedBy };
    const subject = { type: "document" as const, id: String(doc.documentId), name: doc.name };
    const result = await createWriteTransaction({ documents: DocumentEntity, assets: AssetEntity, activity: Activity.ActivityEntity }, ({ documents, assets, activity }) => [
      documents
        .patch({ companyId, documentId: doc.documentId })
        .set({ fileAssetId: assetId, fileName: asset.fileName, fileType: asset.fileType, size, versions: [previous, ...(doc.versions ?? [])], updatedAt: new Date().toISOString() })
        .add({ version: 1 })
        .where((attr, { eq }) => eq(attr.version, doc.version))
        .commit(),
      assets.patch({ companyId, assetId }).set(validNow(size)).add({ version: 1 }).commit(),
      activity.create(Activity.entry({ companyId, actor: { userId: asset.uploadedBy, username: asset.uploadedByName }, action: "document.replaced", subject, before: { fileName: doc.fileName }, after: { fileName: asset.fileName } })).commit(),
    ]).go();
    const copied = keptId !== doc.fileAssetId;
    if (!result.canceled) {
      // the first file now lives under its own id: the document's id keeps no bytes of its own
      if (copied) await Storage.remove(Storage.assetKey(companyId, doc.documentId));
      return (await fromId(companyId, doc.documentId))!;
    }
    if (copied) {
      await Storage.remove(Storage.assetKey(companyId, keptId));
      await AssetEntity.delete({ companyId, assetId: keptId }).go();
    }
  }
  throw new AppError("document.busy", "The document could not be saved. Please try again.", 409);
}

/** Copies a document's first file to a new asset of its own (a server-side copy in S3); its id. */
async function keepFirstFile(doc: DocumentItem): Promise<number> {
  const { data: first } = await AssetEntity.get({ companyId: doc.companyId, assetId: doc.documentId }).go();
  const assetId = await Counter.next("asset");
  await Storage.copy(Storage.assetKey(doc.companyId, doc.documentId), Storage.assetKey(doc.companyId, assetId), doc.fileType);
  const { documentDraft: _draft, createdAt: _created, updatedAt: _updated, ...copy } = first ?? { companyId: doc.companyId, fileName: doc.fileName, fileType: doc.fileType, size: doc.size, uploadedBy: doc.uploadedBy, uploadedByName: doc.uploadedByName, createdAt: "", updatedAt: "", documentDraft: "" };
  await AssetEntity.create({ ...copy, assetId, documentId: doc.documentId, uploadStatus: "uploaded", validationStatus: "valid", validationMessage: "" }).go();
  return assetId;
}

// --- list -------------------------------------------------------------------------------------------------

export const SORTS = ["createdAt", "name", "size", "fileType", "expiresOn", "category"] as const;
const bool = /* @__PURE__ */ z.lazySchema(() => z.pipe(z.enum(["true", "false"]), z.transform((value) => value === "true")));
export const ListQuery = /* @__PURE__ */ z.lazySchema(() => z.object({
  sort: z.optional(z.string().check(
    z.trim(),
    z.maxLength(40),
    z.refine((value) => (SORTS as readonly string[]).includes(value.replace(/^-/, "")), `sort is one of ${SORTS.join(", ")} (prefix - to sort descending)`),
  )),
  order: z.optional(z.enum(["asc", "desc"])),
  category: z.optional(z.string().check(z.trim(), z.maxLength(30))),
  search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  expiring: z.optional(z.union([z.boolean(), bool])),
  vehicleId: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  userId: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(500)), 100),
  cursor: z.optional(z.string().check(z.maxLength(2000))),
}));
export type ListQuery = z.output<typeof ListQuery>;

type Page = { documents: DocumentItem[]; nextCursor: string | null };

/** `GET /v2/assets/company`: the documents the caller may see, a page at a time. */
export const list = /* @__PURE__ */ verb(ListQuery, async (actor, query): Promise<Page> => {
  const companyId = companyOf(actor);
  const field = (query.sort?.replace(/^-/, "") ?? (query.expiring ? "expiresOn" : "createdAt")) as (typeof SORTS)[number];
  const descending = query.sort ? query.sort.startsWith("-") || (query.order ?? "asc") === "desc" : query.order ? query.order === "desc" : field === "createdAt";
  const visibleTo = (doc: DocumentItem) => mayView(actor, doc);
  // The common page (newest first, maybe one category) is one Query of an index; the rest sorts in memory.
  if (field === "createdAt" && !query.search && !query.expiring && !query.vehicleId && !query.userId && !query.cursor?.startsWith("o")) {
    return indexPage(actor, companyId, query, descending);
  }
  let rows: DocumentItem[];
  if (query.vehicleId || query.userId) rows = await linked(companyId, query.vehicleId ? `vehicle:${query.vehicleId}` : `user:${query.userId}`);
  else if (query.expiring) rows = await expiringIn(companyId, addDays(today(), EXPIRY_WINDOW_DAYS));
  else if (query.category) rows = (await DocumentEntity.query.byCategory({ companyId, categoryKey: Category.codeKey(query.category) }).go({ pages: "all" })).data;
  else rows = (await DocumentEntity.query.byCompany({ companyId }).go({ pages: "all" })).data;
  const words = (query.search ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  const until = addDays(today(), EXPIRY_WINDOW_DAYS);
  rows = rows.filter(
    (doc) =>
      visibleTo(doc) &&
      (!query.category || Category.codeKey(doc.category) === Category.codeKey(query.category)) &&
      (!query.expiring || (doc.expiresOn !== "" && doc.expiresOn <= until)) &&
      words.every((word) => `${doc.name}\n${doc.description}\n${doc.fileName}`.toLowerCase().includes(word)),
  );
  const keyOf = (doc: DocumentItem): string | number =>
    field === "createdAt" ? doc.documentId : field === "size" ? doc.size : field === "category" ? doc.category : field === "expiresOn" ? doc.expiresOn || "9999" : doc[field];
  rows.sort((a, b) => {
    const [x, y] = [keyOf(a), keyOf(b)];
    const order = typeof x === "number" && typeof y === "number" ? x - y : collator.compare(String(x), String(y));
    return (descending ? -1 : 1) * (order || a.documentId - b.documentId);
  });
  const offset = query.cursor?.startsWith("o") ? Math.max(0, Number(query.cursor.slice(1)) || 0) : 0;
  const documents = rows.slice(offset, offset + query.limit);
  return { documents, nextCursor: offset + query.limit < rows.length ? `o${offset + query.limit}` : null };
});

/** Pages of an index, filtered to what the caller may see, until the page is full or the index ends. */
async function indexPage(actor: Actor, companyId: string, query: ListQuery, descending: boolean): Promise<Page> {
  const documents: DocumentItem[] = [];
  let cursor: string | null = query.cursor?.startsWith("k") ? query.cursor.slice(1) : null;
  const seesAll = seesRestricted(actor);
  do {
    const base = query.category ? DocumentEntity.query.byCategory({ companyId, categoryKey: Category.codeKey(query.category) }) : DocumentEntity.query.byCompany({ companyId });
    const filtered = seesAll ? base : base.where((attr, { eq }) => `${eq(attr.restricted, false)} OR ${eq(attr.uploadedBy, actor.userId)}`);
    const page: { data: DocumentItem[]; cursor: string | null } = await filtered.go({ order: descending ? "desc" : "asc", limit: query.limit - documents.length, cursor });
    documents.push(...page.data);
    cursor = page.cursor;
  } while (cursor && documents.length < query.limit);
  return { documents, nextCursor: cursor ? `k${cursor}` : null };
}

async function linked(companyId: string, target: string): Promise<DocumentItem[]> {
  const { data: links } = await DocumentLinkEntity.query.byTarget({ companyId, target }).go({ pages: "all" });
  const out: DocumentItem[] = [];
  for (let i = 0; i < links.length; i += 100) {
    const { data } = await DocumentEntity.get(links.slice(i, i + 100).map((link) => ({ companyId, documentId: link.documentId }))).go();
    out.push(...data);
  }
  return out;
}

/** A company's documents with an expiry date on or before `until` (expired ones too), soonest first. */
export async function expiringIn(companyId: string, until: string): Promise<DocumentItem[]> {
  const { data } = await DocumentEntity.query.byExpiry({ companyId }).between({ expiresOn: "0000-01-01" }, { expiresOn: addDays(until, 1) }).go({ pages: "all" });
  return data.filter((doc) => doc.expiresOn !== "" && doc.expiresOn <= until);
}

// --- edit and delete --------------------------------------------------------------------------------------

export const UpdateInput = /* @__PURE__ */ z.lazySchema(() => z.extend(z.partial(DocumentFields), { id: z.number().check(
  z.int(),
  z.positive(),
), version: z.optional(z.number().check(z.int(), z.gte(1))) }));

/** `PUT /v2/assets/{id}` on a document: its name, description, category, restriction, expiry and links. */
export const update = /* @__PURE__ */ verb(UpdateInput, async (actor, input): Promise<DocumentItem> => {
  assertCanWrite(actor);
  const doc = await mustSee(actor, input.id);
  if (!mayEdit(actor, doc)) throw new ForbiddenError();
  if (input.version !== undefined && input.version !== doc.version) throw new StaleRecordError();
  const fields = parseFields({ ...pick(doc), ...definedOf(input) });
  const { companyId, documentId } = doc;
  let category: CategoryItem | undefined;
  if (Category.codeKey(fields.category) !== doc.categoryKey) {
    category = await Category.byCode(companyId, fields.category);
    if (!category) throw new ValidationError("document.category_unknown", Category.CATEGORY_MESSAGES.notFound, { category: [Category.CATEGORY_MESSAGES.notFound] });
  }
  await assertLinks(companyId, { vehicleId: fields.vehicleId !== doc.vehicleId ? fields.vehicleId : "", userId: fields.userId !== doc.userId ? fields.userId : "" });
  const [before, after] = [linkTargets(doc), linkTargets(fields)];
  const changed = Object.fromEntries(Object.entries(fields).filter(([key, value]) => (doc as Record<string, unknown>)[key] !== value && key !== "category"));
  const result = await createWriteTransaction(
    { documents: DocumentEntity, categories: CategoryEntity, links: DocumentLinkEntity, activity: Activity.ActivityEntity },
    ({ documents, categories, links, activity }) => [
      documents
        .patch({ companyId, documentId })
        .set({
          name: fields.name,
          description: fields.description,
          restricted: fields.restricted,
          expiresOn: fields.expiresOn,
          vehicleId: fields.vehicleId,
          userId: fields.userId,
          ...(fields.expiresOn !== doc.expiresOn ? { expiryNotices: [] } : {}),
          ...(category ? { category: category.code, categoryKey: category.codeKey, categoryId: category.categoryId, categoryScope: category.scope } : {}),
          updatedAt: new Date().toISOString(),
        })
        .add({ version: 1 })
        .where((attr, { eq }) => eq(attr.version, doc.version))
        .commit(),
      ...(category
        ? [
            categories.patch({ scope: doc.categoryScope, categoryId: doc.categoryId }).add({ documentCount: -1 }).commit(),
            categories.patch({ scope: category.scope, categoryId: category.categoryId }).add({ documentCount: 1 }).commit(),
          ]
        : []),
      ...before.filter((target) => !after.includes(target)).map((target) => links.delete({ companyId, target, documentId }).commit()),
      ...after.filter((target) => !before.includes(target)).map((target) => links.create({ companyId, target, documentId }).commit()),
      activity
        .create(Activity.entry({ companyId, actor, action: "document.edited", subject: { type: "document", id: String(documentId), name: fields.name }, after: { ...changed, ...(category ? { category: category.code } : {}) } }))
        .commit(),
    ],
  ).go();
  if (result.canceled) {
    const codes = result.data as { code?: string }[];
    if (codes[0]?.code === "ConditionalCheckFailed") throw new StaleRecordError();
    if (category && codes[2]?.code === "ConditionalCheckFailed") throw new ValidationError("document.category_unknown", Category.CATEGORY_MESSAGES.notFound, { category: [Category.CATEGORY_MESSAGES.notFound] });
    throw new AppError("document.busy", "The document could not be saved. Please try again.", 409);
  }
  return (await fromId(companyId, documentId))!;
});

const pick = (doc: DocumentItem): DocumentFields => ({
  name: doc.name,
  category: doc.category,
  description: doc.description,
  restricted: doc.restricted,
  expiresOn: doc.expiresOn,
  vehicleId: doc.vehicleId,
  userId: doc.userId,
});
const definedOf = (input: Record<string, unknown>) => Object.fromEntries(Object.entries(input).filter(([key, value]) => value !== undefined && key !== "id" && key !== "version"));

/** `DELETE /v2/assets/{id}` on a document: the document, its links, every version's file. */
export const remove = /* @__PURE__ */ verb(/* @__PURE__ */ z.lazySchema(() => z.object({ id: z.number().check(z.int(), z.positive()) })), async (actor, input) => {
  assertCanWrite(actor);
  const doc = await mustSee(actor, input.id);
  if (!mayEdit(actor, doc)) throw new ForbiddenError();
  const { companyId, documentId } = doc;
  const result = await createWriteTransaction(
    { documents: DocumentEntity, categories: CategoryEntity, links: DocumentLinkEntity, activity: Activity.ActivityEntity },
    ({ documents, categories, links, activity }) => [
      documents
        .delete({ companyId, documentId })
        .where((attr, { eq }) => eq(attr.version, doc.version))
        .commit(),
      categories.patch({ scope: doc.categoryScope, categoryId: doc.categoryId }).add({ documentCount: -1 }).commit(),
      ...linkTargets(doc).map((target) => links.delete({ companyId, target, documentId }).commit()),
      activity.create(Activity.entry({ companyId, actor, action: "document.deleted", subject: { type: "document", id: String(documentId), name: doc.name }, before: { name: doc.name, fileName: doc.fileName } })).commit(),
    ],
  ).go();
  if (result.canceled) throw new StaleRecordError();
  // The document is gone (its files unreachable from here on); then the files and their rows.
  const files = [{ assetId: doc.fileAssetId, size: doc.size }, ...(doc.versions ?? [])];
  // the first file's asset row is the document's id: once its bytes were kept elsewhere, only the row is left
  if (!files.some((file) => file.assetId === documentId)) {
    await Storage.remove(Storage.assetKey(companyId, documentId));
    await AssetEntity.delete({ companyId, assetId: documentId }).go();
  }
  await Promise.all(
    files.map(async (file) => {
      await Storage.remove(Storage.assetKey(companyId, file.assetId));
      await AssetEntity.delete({ companyId, assetId: file.assetId }).go();
    }),
  );
  await Tenant.releaseStorage(companyId, files.reduce((sum, file) => sum + file.size, 0));
  return { deleted: true, id: documentId };
});

// --- the expiry digest -------------------------------------------------------------------------------------

/** The threshold a document is at on `on`: "0" expired, "7" within a week, "30" within the window. */
export function thresholdOf(expiresOn: string, on: string): "0" | "7" | "30" | undefined {
  if (!expiresOn) return undefined;
  const days = daysFrom(on, expiresOn);
  return days < 0 ? "0" : days <= 7 ? "7" : days <= EXPIRY_WINDOW_DAYS ? "30" : undefined;
}

/**
 * Claims a document's threshold for a digest: a conditional write, so two overlapping runs never list
 * the same document twice for the same threshold. False when already claimed (or the date moved).
 */
export async function claimNotice(doc: DocumentItem, threshold: string): Promise<boolean> {
  try {
    await DocumentEntity.patch({ companyId: doc.companyId, documentId: doc.documentId })
      .append({ expiryNotices: [threshold] })
      .where((attr, { eq, contains }) => `${eq(attr.expiresOn, doc.expiresOn)} AND NOT ${contains(attr.expiryNotices, threshold)}`)
      .go();
    return true;
  } catch (error) {
    if ((error as Error).message?.match(/conditional/i)) return false;
    throw error;
  }
}

