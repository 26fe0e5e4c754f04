export * as Asset from "./index";
import * as Tenant from "../tenant";
import * as z from "../util/zod";
import type { Actor } from "../auth/claims";
import { assertCanWrite } from "../auth/access";
import * as Counter from "../counter";
import { guardVersion, isConditionalFailure } from "../db/versioned";
import { verifyJwt, type JwtClaims } from "../util/jwt";
import { AppError, ConflictError, ForbiddenError, NotFoundError, PayloadTooLargeError, StaleRecordError, UnauthorizedError, ValidationError } from "../util/errors";
import { Id, Text } from "../form/fields";
import { safeText } from "../util/text";
import { companyOf, verb } from "../form/verb";
import { documentMaxBytes } from "../util/config";
import * as Document from "../document";
import { AssetEntity, type AssetItem } from "./asset.entity";
import { fromId } from "./read";
import { signToken, tokenKey, TOKEN_AUDIENCE, TOKEN_SECONDS } from "./token";
import { ACCEPTED_TYPES, contentProblem, normalizeType } from "./magic";
import { DOCUMENT_TYPES, documentContentProblem, normalizeDocumentType } from "./document-types";
import * as Storage from "./storage";
import { createWriteTransaction } from "../db/electrodb";
import * as Idempotency from "../idempotency";

export { toAssetRef, reduceAssets, assetIdOf, isAssetRef, type AssetRef } from "./reference";
export type { AssetItem } from "./asset.entity";
export { attach, bytesOf, content, fromId, manyFromIds, withFileNames } from "./read";
export { tokenContentPath, tokenPathFor } from "./token";

/** SPEC §4: a 404 on the status check is shown as this message. */
export const NOT_FOUND_MESSAGE = "Asset not found";
export { TOKEN_SECONDS } from "./token";
/** Multipart uploads pass through Lambda (6 MB payload, base64): larger files use the v2 presigned flow. */
export const MULTIPART_MAX_BYTES = 4 * 1024 * 1024;

const MB = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export function present(asset: AssetItem) {
  return {
    id: asset.assetId,
    assetId: asset.assetId,
    kind: asset.documentId ? ("document" as const) : ("attachment" as const),
    fileName: asset.fileName,
    fileType: asset.fileType,
    size: asset.size,
    uploadStatus: asset.uploadStatus,
    validationStatus: asset.validationStatus,
    validationMessage: asset.validationMessage,
    category: asset.category,
    description: asset.description,
    attached: asset.attached,
    uploadedBy: asset.uploadedByName || asset.uploadedBy,
    version: asset.version,
    createdAt: asset.createdAt,
    updatedAt: asset.updatedAt,
  };
}
export type PresentedAsset = ReturnType<typeof present>;

/** An asset of the caller's company; another company's asset is simply not found. */
export async function mustGet(companyId: string, assetId: number): Promise<AssetItem> {
  const asset = await fromId(companyId, assetId);
  if (!asset) throw new NotFoundError("asset.not_found", NOT_FOUND_MESSAGE);
  return asset;
}

/**
 * A submission's file a driver may not read (issue 36, finding 7): a user (role `user`) sees their own
 * submissions, so a photo or signature attached to a colleague's is not found for them. Their own uploads, and
 * files of a submission of theirs (an administrator's amendment may add some), they read.
 */
const colleaguesFile = (actor: Actor, asset: AssetItem) =>
  actor.role === "user" && asset.attached && !asset.documentId && asset.uploadedBy !== actor.userId && asset.attachedFor !== actor.userId;

/**
 * A file an API key may not read: the asset routes are in a key's `documents:read` scope, so a file that is no
 * document's (a submission's photo or signature) needs `submissions:read` besides, and a file attached to
 * nothing (an upload in progress) is a person's.
 */
const outsideKeyScopes = (actor: Actor, asset: AssetItem) =>
  actor.apiKeyId !== undefined && !asset.documentId && !(asset.attached && actor.apiKeyScopes?.includes("submissions:read"));

/** An asset the caller may reach: of their company, for a document's file a document they may see, for a submission's file one they may read. */
async function mustReach(actor: Actor, assetId: number): Promise<AssetItem> {
  const asset = await mustGet(companyOf(actor), assetId);
  if (colleaguesFile(actor, asset) || outsideKeyScopes(actor, asset)) throw new NotFoundError("asset.not_found", NOT_FOUND_MESSAGE);
  if (!(await Document.mayReach(actor, asset))) throw new NotFoundError("asset.not_found", asset.documentId ? Document.DOCUMENT_MESSAGES.notFound : NOT_FOUND_MESSAGE);
  return asset;
}

/** Path separators and control characters become underscores: the name is shown and used in Content-Disposition. */
const FileName = /* @__PURE__ */ z.lazySchema(() => z.pipe(safeText(Text(255).check(
  z.trim(),
  z.minLength(1, "A file name is required"),
)), z.transform((name) => [...name].map((char) => (char === "/" || char === "\\" || char.charCodeAt(0) < 32 ? "_" : char)).join(""))));
function acceptedType(fileType: string, forDocument = false) {
  const type = forDocument ? normalizeDocumentType(normalizeType(fileType)) : normalizeType(fileType);
  const accepted = forDocument ? (DOCUMENT_TYPES.includes(type) ? { maxBytes: documentMaxBytes() } : undefined) : ACCEPTED_TYPES[type];
  if (!accepted) {
    const names = forDocument ? "PDF, images (JPEG, PNG, WebP, HEIC, GIF), Word, Excel, PowerPoint, CSV and plain text" : Object.keys(ACCEPTED_TYPES).join(", ");
    const message = `Files of type ${fileType || "unknown"} are not accepted (accepted: ${names})`;
    throw new ValidationError("asset.type_not_accepted", message, { fileType: [message] });
  }
  return { type, ...accepted };
}

export const UploadUrlInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  fileName: FileName,
  fileType: Text(100),
  /**
   * bytes; when sent, the presigned PUT is signed for exactly this length. The SPEC's body leaves it out:
   * then the type's size limit is enforced when the upload is validated (docs/api-admin.md).
   */
  size: z.optional(z.number({ error: "size must be the file's length in bytes" }).check(z.int(), z.positive("The file is empty"))),
  category: z.optional(Text(100).check(z.trim())),
  description: z.optional(Text(1000).check(z.trim())),
  // a document upload (issue 15, docs/api-documents.md): `name` and `category` make one
  name: z.optional(z.unknown()),
  restricted: z.optional(z.unknown()),
  expiresOn: z.optional(z.unknown()),
  vehicleId: z.optional(z.unknown()),
  userId: z.optional(z.unknown()),
  /** replaces the file of this document, keeping the earlier one as a version */
  replaces: z.optional(Id),
}));

/** The document an upload makes or replaces, checked before any byte is sent. */
async function documentOf(actor: Actor, input: z.output<typeof UploadUrlInput>): Promise<{ documentId?: number; draft: string } | undefined> {
  if (input.replaces !== undefined) return { documentId: (await Document.prepareReplace(actor, input.replaces)).documentId, draft: "" };
  if (input.name === undefined && input.category === undefined) return undefined;
  const { fileName: _f, fileType: _t, size: _s, replaces: _r, ...fields } = input;
  return { draft: await Document.prepare(actor, fields as never) };
}

/**
 * SPEC §4 asset upload, step 1: a pending asset and a presigned PUT for one
 * key under the company's prefix, its content type and length, valid 5 minutes.
 */
export const uploadUrl = /* @__PURE__ */ verb(UploadUrlInput, async (actor, input) => uploadUrlOnce(actor, input));

export const UploadUrlOnceInput = /* @__PURE__ */ z.lazySchema(() => z.extend(UploadUrlInput, { idempotencyKey: z.optional(Idempotency.Key) }));

/**
 * `uploadUrl` with the device's Idempotency-Key (issue 20): the key is written with the asset in one
 * transaction, so a photo whose request is sent again (a timeout, a queue retrying) gets the asset the
 * first request made, with a fresh presigned PUT, never a second asset.
 */
export const uploadUrlOnce = /* @__PURE__ */ verb(UploadUrlOnceInput, async (actor, { idempotencyKey, ...input }) => {
  assertCanWrite(actor);
  const companyId = companyOf(actor);
  const claim = idempotencyKey ? Idempotency.claimOf({ companyId, userId: actor.userId }, "asset.upload", idempotencyKey, input) : undefined;
  const first = claim ? await Idempotency.madeBy(claim) : undefined;
  if (first !== undefined) return await uploadTo(await madeAsset(companyId, first), true);
  const document = await documentOf(actor, input);
  const { type, maxBytes } = acceptedType(input.fileType, document !== undefined);
  if (input.size !== undefined && input.size > maxBytes) throw new PayloadTooLargeError("asset.too_large", `The file is too large (at most ${MB(maxBytes)})`);
  const assetId = await Counter.next("asset");
  const item = {
    companyId,
    assetId,
    fileName: input.fileName,
    fileType: type,
    // 0: not announced (the validation then checks only the type's limit)
    size: input.size ?? 0,
    category: document ? "" : (input.category ?? ""),
    description: document ? "" : (input.description ?? ""),
    documentId: document ? (document.documentId ?? assetId) : 0,
    documentDraft: document?.draft ?? "",
    uploadedBy: actor.userId,
    uploadedByName: actor.username,
  };
  if (!claim) return await uploadTo((await AssetEntity.create(item).go()).data, false);
  for (let attempt = 0; ; attempt++) {
    const result = await createWriteTransaction({ asset: AssetEntity, ...Idempotency.entities }, ({ asset, idempotencyKeys }) => [
      asset.create(item).commit(),
      Idempotency.record({ idempotencyKeys }, claim, assetId),
    ]).go();
    if (!result.canceled) return await uploadTo(await madeAsset(companyId, assetId), false);
    // another request with this key made its asset first; a transaction conflict with it leaves this one to try again
    const made = await Idempotency.madeBy(claim);
    if (made !== undefined) return await uploadTo(await madeAsset(companyId, made), true);
    if (attempt >= KEY_RETRIES) throw new ConflictError("asset.busy", "The upload was sent several times at once. Please try again.");
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 40 * (attempt + 1)));
  }
});

const KEY_RETRIES = 6;

/** An asset written a moment ago (by this request or the key's first), read strongly. */
async function madeAsset(companyId: string, assetId: number): Promise<AssetItem> {
  const { data } = await AssetEntity.get({ companyId, assetId }).go({ consistent: true });
  if (!data) throw new NotFoundError("asset.not_found", NOT_FOUND_MESSAGE);
  return data;
}

/** The presigned PUT of an asset, signed for its announced length (0: none announced); a retry gets a fresh one. */
async function uploadTo(asset: AssetItem, replayed: boolean) {
  const presignedUrl = await Storage.presignPut(Storage.pendingKey(asset.companyId, asset.assetId), asset.fileType, asset.size || undefined);
  return { asset, presignedUrl, expiresIn: Storage.PRESIGN_SECONDS, method: "PUT" as const, headers: { "content-type": asset.fileType }, replayed };
}

async function mark(asset: AssetItem, status: { validationStatus: "valid" | "error"; validationMessage: string; uploadStatus: "pending" | "uploaded"; size?: number }) {
  const { data } = await AssetEntity.patch({ companyId: asset.companyId, assetId: asset.assetId })
    .set({ ...status, updatedAt: new Date().toISOString() })
    .add({ version: 1 })
    .remove(["validatingSince"])
    .go({ response: "all_new" });
  return data as AssetItem;
}

/** A validation that crashed leaves its claim; after this long another one may check the file. */
const VALIDATION_CLAIM_SECONDS = 60;
const VALIDATION_WAIT_MS = 20_000;

/**
 * One validation of an upload at a time: a retry sent while the first is still checking (a timeout, a
 * queue sending again) must not count the file's bytes twice or move it twice. False: another holds it.
 */
async function claimValidation(asset: AssetItem): Promise<boolean> {
  const now = Math.floor(Date.now() / 1000);
  try {
    await AssetEntity.patch({ companyId: asset.companyId, assetId: asset.assetId })
      .set({ validatingSince: now })
      .where((attr, { notExists, lt, ne }) => `(${notExists(attr.validatingSince)} OR ${lt(attr.validatingSince, now - VALIDATION_CLAIM_SECONDS)}) AND ${ne(attr.validationStatus, "valid")}`)
      .go();
    return true;
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
    return false;
  }
}

async function releaseValidation(asset: AssetItem): Promise<AssetItem> {
  const { data } = await AssetEntity.patch({ companyId: asset.companyId, assetId: asset.assetId }).remove(["validatingSince"]).go({ response: "all_new" });
  return data as AssetItem;
}

/** The answer of the validation that holds the claim, once it has one. */
async function validatedByOther(asset: AssetItem): Promise<Validated> {
  const key = { companyId: asset.companyId, assetId: asset.assetId };
  for (const deadline = Date.now() + VALIDATION_WAIT_MS; Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const { data } = await AssetEntity.get(key).go({ consistent: true });
    if (!data) throw new NotFoundError("asset.not_found", NOT_FOUND_MESSAGE);
    if (data.validationStatus === "valid") return { asset: data, document: data.documentId ? await Document.fromId(data.companyId, data.documentId) : undefined };
    if (data.validatingSince === undefined) return { asset: data };
  }
  throw new ConflictError("asset.validating", "The file is still being checked. Ask for its status again in a moment.");
}

/**
 * Step 3: checks what was PUT — present, the announced size, within the
 * type's limit, and the whole file's structure that of the type declared at
 * upload (magic.ts) — then moves it out of the pending prefix. Status becomes
 * valid, or error with the reason.
 */
export const validate = /* @__PURE__ */ verb(/* @__PURE__ */ z.lazySchema(() => z.object({ id: Id })), async (actor, input): Promise<Validated> => {
  assertCanWrite(actor);
  const asset = await mustReach(actor, input.id);
  if (asset.validationStatus === "valid") return { asset, document: asset.documentId ? await Document.fromId(asset.companyId, asset.documentId) : undefined };
  if (asset.uploadedBy !== actor.userId && asset.documentId) throw new ForbiddenError();
  if (!(await claimValidation(asset))) return await validatedByOther(asset);
  const pending = Storage.pendingKey(asset.companyId, asset.assetId);
  const size = await Storage.sizeOf(pending);
  if (size === undefined) {
    // a file refused earlier was removed: a retry answers that refusal again, with its reason
    if (asset.validationStatus === "error" && asset.uploadStatus === "uploaded") return { asset: await releaseValidation(asset) };
    return { asset: await mark(asset, { validationStatus: "error", validationMessage: "The file was not uploaded", uploadStatus: "pending" }) };
  }
  const failure = await problemWith(asset, pending, size);
  if (failure) {
    await Storage.remove(pending);
    return { asset: await mark(asset, { validationStatus: "error", validationMessage: failure, uploadStatus: "uploaded" }) };
  }
  // the tenant's stored bytes: a file that would pass its storage limit is refused (issue 13)
  try {
    await Tenant.reserveStorage({ companyId: asset.companyId, limits: await Tenant.limitsFor(asset.companyId) }, size);
  } catch (error) {
    if (!(error instanceof PayloadTooLargeError)) throw error;
    await Storage.remove(pending);
    return { asset: await mark(asset, { validationStatus: "error", validationMessage: error.message, uploadStatus: "uploaded" }) };
  }
  const stored = Storage.assetKey(asset.companyId, asset.assetId);
  await Storage.move(pending, stored, asset.fileType);
  if (!asset.documentId) {
    // the size as stored, which an upload that did not announce one learns only now
    return { asset: await mark(asset, { validationStatus: "valid", validationMessage: "", uploadStatus: "uploaded", size }) };
  }
  // A document (or its new version) is written with the valid status, or the upload is undone: nothing half-stored.
  try {
    const document = await Document.finishUpload(asset, size);
    return { asset: (await fromId(asset.companyId, asset.assetId))!, document };
  } catch (error) {
    await Storage.remove(stored);
    await Tenant.releaseStorage(asset.companyId, size);
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    return { asset: await mark(asset, { validationStatus: "error", validationMessage: error.message, uploadStatus: "uploaded" }) };
  }
});

export interface Validated {
  asset: AssetItem;
  /** for a document upload that is valid: the document it made or gave a new version */
  document?: Document.DocumentItem;
}

async function problemWith(asset: AssetItem, key: string, size: number): Promise<string | undefined> {
  const accepted = asset.documentId ? (DOCUMENT_TYPES.includes(asset.fileType) ? { maxBytes: documentMaxBytes() } : undefined) : ACCEPTED_TYPES[asset.fileType];
  if (!accepted) return `Files of type ${asset.fileType} are not accepted`;
  if (size === 0) return "The file is empty";
  if (size > accepted.maxBytes) return `The file is too large (at most ${MB(accepted.maxBytes)})`;
  if (asset.size > 0 && size !== asset.size) return `The file is ${size} bytes, not the ${asset.size} announced`;
  // The whole object, read once: its size is known and within the type's limit by now.
  const bytes = await Storage.read(key);
  if (!bytes) return "The file was not uploaded";
  return asset.documentId ? documentContentProblem(asset.fileType, bytes) : contentProblem(asset.fileType, bytes);
}

/** SPEC §7 GET /v2/assets/{id}/status: polled while validating. */
export const status = /* @__PURE__ */ verb(/* @__PURE__ */ z.lazySchema(() => z.object({ id: Id })), async (actor, input) => {
  const asset = await mustReach(actor, input.id);
  return {
    id: asset.assetId,
    status: asset.validationStatus,
    uploadStatus: asset.uploadStatus,
    validationStatus: asset.validationStatus,
    validationMessage: asset.validationMessage,
  };
});

/** The file an asset id serves the caller: for a document, its current version. */
export const get = /* @__PURE__ */ verb(/* @__PURE__ */ z.lazySchema(() => z.object({ id: Id })), async (actor, input) => Document.currentFileOf(await mustReach(actor, input.id)));

/** `GET /v2/assets/{id}`: a document's metadata for a document's id, the asset's otherwise. */
export const describe = /* @__PURE__ */ verb(/* @__PURE__ */ z.lazySchema(() => z.object({ id: Id })), async (actor, input) => {
  const asset = await mustReach(actor, input.id);
  const document = asset.documentId === asset.assetId ? await Document.fromId(asset.companyId, asset.assetId) : undefined;
  return document ? Document.present(document) : present(asset);
});

export const UploadInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  fileName: FileName,
  fileType: Text(100),
  content: z.instanceof(Buffer),
  category: z.optional(Text(100).check(z.trim())),
  description: z.optional(Text(1000).check(z.trim())),
}));

/** SPEC §7 POST /assets (multipart): the file comes in the request and is validated at once. */
export const upload = /* @__PURE__ */ verb(UploadInput, async (actor, input) => {
  assertCanWrite(actor);
  const companyId = companyOf(actor);
  const { type, maxBytes } = acceptedType(input.fileType);
  const limit = Math.min(maxBytes, MULTIPART_MAX_BYTES);
  if (input.content.length === 0) throw new ValidationError("asset.empty", "The file is empty", { file: ["The file is empty"] });
  if (input.content.length > limit) throw new PayloadTooLargeError("asset.too_large", `The file is too large (at most ${MB(limit)} here; larger files use the upload URL)`);
  const problem = contentProblem(type, input.content);
  if (problem) throw new ValidationError("asset.content_mismatch", problem, { file: [problem] });
  await Tenant.reserveStorage({ companyId, limits: await Tenant.limitsFor(companyId) }, input.content.length);
  const assetId = await Counter.next("asset");
  await Storage.write(Storage.assetKey(companyId, assetId), input.content, type).catch(async (error: unknown) => {
    await Tenant.releaseStorage(companyId, input.content.length);
    throw error;
  });
  const { data } = await AssetEntity.create({
    companyId,
    assetId,
    fileName: input.fileName,
    fileType: type,
    size: input.content.length,
    uploadStatus: "uploaded",
    validationStatus: "valid",
    category: input.category ?? "",
    description: input.description ?? "",
    uploadedBy: actor.userId,
    uploadedByName: actor.username,
  }).go();
  return data;
});

/** SPEC §7 GET /v2/assets/company: the company's documents (attachments are not listed). */
export const list = Document.list;

export const UpdateInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  id: Id,
  fileName: z.optional(FileName),
  category: z.optional(Text(100).check(z.trim())),
  description: z.optional(Text(1000).check(z.trim())),
  version: z.optional(z.number().check(z.int(), z.positive())),
}));

/** SPEC §7 PUT /v2/assets/{id}: the descriptive fields only; content never changes. */
export const update = /* @__PURE__ */ verb(UpdateInput, async (actor, input) => {
  assertCanWrite(actor);
  const asset = await mustReach(actor, input.id);
  assertOwnerOrAdmin(actor, asset);
  if (asset.documentId) throw new ConflictError("asset.is_document", "This file belongs to a document: edit the document instead");
  if (input.version !== undefined && input.version !== asset.version) throw new StaleRecordError();
  const { id: _id, version: _version, ...fields } = input;
  const { data } = await guardVersion(
    AssetEntity.patch({ companyId: asset.companyId, assetId: asset.assetId })
      .set({ ...fields, updatedAt: new Date().toISOString() })
      .add({ version: 1 })
      .where((attr, { eq }) => eq(attr.version, asset.version))
      .go({ response: "all_new" }),
  );
  return data as AssetItem;
});

/** `PUT /v2/assets/{id}` with the asset as body: a document's fields for a document, the file's otherwise. */
export async function edit(actor: Actor, id: number, body: Record<string, unknown>) {
  const asset = await mustReach(actor, id);
  const document = asset.documentId === asset.assetId ? await Document.fromId(asset.companyId, asset.assetId) : undefined;
  if (document) return Document.present(await Document.update(actor, { ...(body as object), id }));
  return present(await update(actor, { ...(body as object), id }));
}

function assertOwnerOrAdmin(actor: Actor, asset: AssetItem) {
  if (actor.role === "admin" || actor.role === "orgadmin" || asset.uploadedBy === actor.userId) return;
  throw new ForbiddenError();
}

/** SPEC §7 DELETE /v2/assets/{id}; a file that is part of a submission stays. */
export const remove = /* @__PURE__ */ verb(/* @__PURE__ */ z.lazySchema(() => z.object({ id: Id })), async (actor, input) => {
  assertCanWrite(actor);
  const asset = await mustReach(actor, input.id);
  if (asset.documentId && (await Document.fromId(asset.companyId, asset.documentId))) {
    if (asset.documentId === asset.assetId) return Document.remove(actor, { id: asset.documentId });
    throw new ConflictError("asset.is_version", "This file is a version of a document: delete the document instead");
  }
  assertOwnerOrAdmin(actor, asset);
  if (asset.attached) throw new ConflictError("asset.attached", "This file is part of a submission and cannot be deleted");
  await Storage.remove(Storage.assetKey(asset.companyId, asset.assetId));
  await Storage.remove(Storage.pendingKey(asset.companyId, asset.assetId));
  await AssetEntity.delete({ companyId: asset.companyId, assetId: asset.assetId }).go();
  if (asset.validationStatus === "valid") await Tenant.releaseStorage(asset.companyId, asset.size);
  return { deleted: true, id: asset.assetId };
});

// --- asset tokens: short-lived, for <img src> and downloads where no Authorization header can be sent ---

/** SPEC §7 POST /assets/token {assetId}. */
export const token = /* @__PURE__ */ verb(/* @__PURE__ */ z.lazySchema(() => z.object({ assetId: Id })), async (actor, input) => {
  const asset = await mustReach(actor, input.assetId);
  return { assetToken: await signToken(asset.companyId, asset.assetId), expiresIn: TOKEN_SECONDS };
});

/** The asset an asset token grants, checked against the id in the address. */
export async function fromToken(assetId: number, assetToken: string): Promise<AssetItem> {
  let payload: JwtClaims;
  const secretKey = await tokenKey();
  try {
    payload = await verifyJwt(assetToken, secretKey, { audience: TOKEN_AUDIENCE });
  } catch {
    throw new UnauthorizedError("asset.token_invalid", "The asset link has expired. Please reload the page.");
  }
  if (payload.sub !== String(assetId) || typeof payload.cid !== "string") throw new NotFoundError("asset.not_found", NOT_FOUND_MESSAGE);
  return Document.currentFileOf(await mustGet(payload.cid, assetId));
}

/** A short presigned GET for an asset's content: what the content and `src` URLs hand out. */
export async function contentUrl(asset: AssetItem, download = false): Promise<string> {
  if (asset.validationStatus !== "valid") throw new NotFoundError("asset.not_ready", "The file has not been validated yet");
  return Storage.presignGet(Storage.assetKey(asset.companyId, asset.assetId), { contentType: asset.fileType, fileName: asset.fileName, download });
}

/** What a bearer-authenticated content request gets: the bytes of small files, a short presigned GET for larger ones. */
export const INLINE_MAX_BYTES = 4 * 1024 * 1024;
export async function contentFor(asset: AssetItem, download = false): Promise<{ body: Buffer } | { url: string }> {
  if (asset.validationStatus !== "valid") throw new NotFoundError("asset.not_ready", "The file has not been validated yet");
  if (asset.size <= INLINE_MAX_BYTES) {
    const body = await Storage.read(Storage.assetKey(asset.companyId, asset.assetId));
    if (!body) throw new NotFoundError("asset.not_found", NOT_FOUND_MESSAGE);
    return { body };
  }
  return { url: await contentUrl(asset, download) };
}
