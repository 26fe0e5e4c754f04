export * as Submission from "./index";
import * as z from "../util/zod";
import { createWriteTransaction } from "../db/electrodb";
import type { Actor } from "../auth/claims";
import { assertCanWrite } from "../auth/access";
import * as Counter from "../counter";
import { CounterEntity } from "../counter/counter.entity";
import * as Asset from "../asset/read";
import * as Vehicle from "../vehicle/read";
import { VehicleEntity, VehicleUseEntity } from "../vehicle/vehicle.entity";
import { UsageEntity } from "../tenant/usage.entity";
import { monthOf } from "../tenant/usage";
import * as Form from "../form";
import { type FormItem } from "../form";
import { FormEntity } from "../form/form.entity";
import { Id, Lang, Text } from "../form/fields";
import { companyOf, verb } from "../form/verb";
import { changedFields, mapAnswers, validateValues, type Answer, type Values } from "../form/values";
import { labelOf, displayByName, type Lang as DisplayLang } from "../form/display";
import type { FormDefinition } from "../form/definition";
import { assetRefsIn, type AssetRef } from "../asset/reference";
import { ConflictError, ForbiddenError, NotFoundError, PayloadTooLargeError, StaleRecordError, UnprocessableError, ValidationError } from "../util/errors";
import { AmendmentEntity, ResponseEntity, SubmissionAuthorEntity, SubmissionEntity, SubmissionStatusEntity, SUBMISSION_STATUSES, type AmendmentItem, type SubmissionItem } from "./submission.entity";
import { notifyReview } from "./notify";
import * as Activity from "../activity";
import { ActivityEntity } from "../activity";
import * as Idempotency from "../idempotency";
import * as Stats from "../stats";
import * as Defect from "../defect";
import { displayName, fromId, mustGet, mustRead, seesOnlyOwn, valuesOf, NOT_FOUND_MESSAGE } from "./read";
import { canShare } from "./share";
import { companyCount, companySequence } from "./count";

export { companyCount } from "./count";

export { fromId, mustGet, mustRead, mayRead, seesOnlyOwn, valuesOf, NOT_FOUND_MESSAGE } from "./read";

export type { SubmissionItem, AmendmentItem } from "./submission.entity";
export { SUBMISSION_STATUSES } from "./submission.entity";

/** Answers are stored twice at most per item (an amendment keeps before and after): well inside DynamoDB's 400 KB. */
export const MAX_VALUES_CHARS = 150_000;
export const DEFAULT_PAGE_SIZE = 10;

const isAdmin = (actor: Actor) => actor.role === "admin" || actor.role === "orgadmin";

/**
 * Checks answers against a definition (SPEC §5) and resolves what they refer
 * to: each asset must be a validated file of the company (its stored type is
 * written on the reference), each vehicle a vehicle of the company (a snapshot
 * is kept). Nothing is written here.
 */
async function checkedValues(companyId: string, definition: FormDefinition, input: unknown): Promise<{ values: Values; assetIds: number[]; vehicleIds: string[] }> {
  const result = validateValues(definition, input);
  if (!result.ok) throw invalid(definition, result.errors);
  const [assets, vehicles] = await Promise.all([Asset.manyFromIds(companyId, result.assetIds), Vehicle.manyFromIds(companyId, result.vehicleIds)]);
  const errors = Object.create(null) as Record<string, string[]>;
  const values = mapAnswers(definition.body, result.values, (element, value, path) => {
    if (element.type === "vehicle") {
      const ref = value as { id: string };
      const vehicle = vehicles.get(ref.id);
      if (!vehicle) (errors[path] ??= []).push("Choose a vehicle of your company");
      return vehicle ? { type: "vehicle", id: vehicle.vehicleId, vehicleNumber: vehicle.vehicleNumber, vin: vehicle.vin, description: vehicle.description } : value;
    }
    if (element.type !== "photo" && element.type !== "signature" && element.type !== "file") return value;
    const refs = (Array.isArray(value) ? value : [value]) as AssetRef[];
    const resolved = refs.map((ref) => {
      const asset = assets.get(ref.id);
      // a document's file is not an attachment: it may be restricted, and the document's delete removes it
      if (!asset || asset.documentId) (errors[path] ??= []).push(`File ${ref.id} was not found`);
      else if (asset.validationStatus !== "valid") (errors[path] ??= []).push(`File ${ref.id} is not validated yet`);
      else if (element.type !== "file" && !asset.fileType.startsWith("image/")) (errors[path] ??= []).push(`File ${ref.id} is not an image`);
      else if (element.type === "file" && element.accept && !(element.accept as readonly string[]).includes(asset.fileType)) {
        (errors[path] ??= []).push(`File ${ref.id} is not of an accepted type`);
      }
      return { type: "asset" as const, id: ref.id, fileType: asset?.fileType ?? ref.fileType };
    });
    return Array.isArray(value) ? resolved : resolved[0]!;
  });
  if (Object.keys(errors).length) throw invalid(definition, errors);
  if (JSON.stringify(values).length > MAX_VALUES_CHARS) throw new PayloadTooLargeError("submission.too_large", "The answers are too large");
  return { values, assetIds: result.assetIds, vehicleIds: result.vehicleIds };
}

function invalid(definition: FormDefinition, errors: Record<string, string[]>) {
  const [path, messages] = Object.entries(errors)[0] ?? ["_", ["The answers are not valid"]];
  const name = path.split(".").filter((part) => !/^\d+$/.test(part)).pop() ?? path;
  const label = path === "_" ? "" : labelOf(definition, name, "en");
  return new ValidationError("submission.invalid", label ? `${label}: ${messages[0]}` : messages[0]!, errors);
}

export const SaveInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  formId: Id,
  values: z.unknown(),
  lang: z.optional(Lang),
  /** issue 42: the inspection fill's out-of-service warning and the driver's review of the vehicle's last report */
  inspection: z.optional(Defect.InspectionInput),
}));

/**
 * SPEC §7 POST /submissions/save. The submission takes the next position in
 * its form and its company; it is written with both totals and its
 * one-response claim (when the form takes no additional responses) in one
 * transaction, so a total never counts a submission that was not written.
 * Bad answers are refused before anything is written.
 */
export const save = /* @__PURE__ */ verb(SaveInput, async (actor, input) => (await saveOnce(actor, input)).submission);

export const SaveOnceInput = /* @__PURE__ */ z.lazySchema(() => z.extend(SaveInput, { idempotencyKey: z.optional(Idempotency.Key) }));

/**
 * `save` with the device's Idempotency-Key (issue 20): the key is written in the submission's own
 * transaction, so of any number of requests with one key (retries after a timeout, a queue sending
 * twice) exactly one makes a submission and every other answers with it (`replayed`). A request that
 * was refused wrote no key: the fixed answers may be sent again with it.
 */
export const saveOnce = /* @__PURE__ */ verb(SaveOnceInput, async (actor, { idempotencyKey, ...input }) => {
  assertCanWrite(actor);
  const companyId = companyOf(actor);
  const claim = idempotencyKey ? Idempotency.claimOf({ companyId, userId: actor.userId }, "submission.save", idempotencyKey, input) : undefined;
  // a retry of a request already written answers with its submission, even if the form closed since
  const first = claim ? await Idempotency.madeBy(claim) : undefined;
  if (first !== undefined) return await replay(companyId, first);
  const form = await Form.mustGet(companyId, input.formId);
  const state = Form.stateOf(form, actor);
  if (form.status === "inactive" || (state === "draft" && !isAdmin(actor))) {
    throw new ConflictError("submission.form_closed", "This form is not accepting submissions");
  }
  const definition = Form.definitionOf(form);
  const { values, assetIds, vehicleIds } = await checkedValues(companyId, definition, input.values);
  const [name, submissionId, inspection] = await Promise.all([displayName(actor.userId, actor.username), Counter.next("submission"), Defect.planFor(companyId, definition, values, vehicleIds, input.inspection)]);
  const made = await insertCounted(form, {
    companyId,
    submissionId,
    formId: form.formId,
    definitionVersion: form.definitionVersion,
    values: JSON.stringify(values),
    status: form.needsApproval ? "pending_approval" : "submitted",
    lang: input.lang ?? "en",
    submittedBy: actor.userId,
    submittedByName: name,
    updatedBy: actor.userId,
    updatedByName: name,
  }, vehicleIds, claim, inspection);
  if (made !== submissionId) return await replay(companyId, made);
  await Asset.attach(companyId, [...assetIds, ...Defect.assetIdsOf(inspection)], actor.userId);
  return { submission: (await fromId(companyId, submissionId))!, replayed: false };
});

/**
 * The answer to a repeated key: the submission its first request wrote, read strongly (it may have committed a
 * moment ago). Its files are marked attached again, in case the first request stopped before it did.
 */
async function replay(companyId: string, submissionId: number): Promise<{ submission: SubmissionItem; replayed: true }> {
  const { data } = await SubmissionEntity.get({ companyId, submissionId }).go({ consistent: true });
  if (!data) throw new NotFoundError("submission.not_found", NOT_FOUND_MESSAGE);
  await Asset.attach(companyId, assetRefsIn(valuesOf(data)).map((ref) => ref.id), data.submittedBy);
  return { submission: data, replayed: true };
}

type NewSubmission = Omit<SubmissionItem, "formSeq" | "companySeq" | "version" | "createdAt" | "updatedAt">;

/** Concurrent submissions to one form take turns through the count conditions; each loser reads the counts again. */
const COUNT_RETRIES = 40;
export const BUSY_MESSAGE = "Many submissions arrived at once. Please try again.";

/**
 * DESIGN §3: totals are written with the item they count. The form's
 * submissionCount and the company's count are set to the value read plus one,
 * conditioned on the value read, in the same TransactWriteItems as the
 * submission (at those positions) and its one-response claim: if any write
 * fails, none happens. A count moved by a concurrent submission fails its
 * condition and this one reads the counts again. With an idempotency key, the
 * key is written last in the same transaction: when another request with the
 * key won, the answer is the id of the submission that request wrote.
 */
async function insertCounted(form: FormItem, item: NewSubmission, vehicleIds: string[] = [], key?: Idempotency.Claim, inspection?: Defect.InspectionPlan): Promise<number> {
  const { companyId } = item;
  const claim = !form.supportsAdditionalResponses;
  let formCount = form.submissionCount;
  let companyTotal = await companyCount(companyId);
  for (let attempt = 0; ; attempt++) {
    const [seenForm, seenCompany] = [formCount, companyTotal];
    const result = await createWriteTransaction(
      { submission: SubmissionEntity, response: ResponseEntity, form: FormEntity, counter: CounterEntity, vehicles: VehicleEntity, uses: VehicleUseEntity, usage: UsageEntity, activity: ActivityEntity, statuses: SubmissionStatusEntity, authors: SubmissionAuthorEntity, ...Stats.entities, ...Idempotency.entities, ...Defect.entities },
      ({ submission, response, form: forms, counter, vehicles, uses, usage, activity, statuses, authors, idempotencyKeys, defects, inspections, standings, ...stats }) => [
        submission.create({ ...item, formSeq: seenForm + 1, companySeq: seenCompany + 1 }).commit(),
        forms
          .patch({ companyId, formId: form.formId })
          .set({ submissionCount: seenForm + 1 })
          .where((attr, { eq }) => eq(attr.submissionCount, seenForm))
          .commit(),
        counter
          .update({ name: companySequence(companyId) })
          .set({ value: seenCompany + 1 })
          .where((attr, { eq, notExists }) => (seenCompany === 0 ? `(${notExists(attr.value)} OR ${eq(attr.value, 0)})` : eq(attr.value, seenCompany)))
          .commit(),
        ...(claim ? [response.create({ companyId, formId: form.formId, userId: item.submittedBy, submissionId: item.submissionId }).commit()] : []),
        // each vehicle picked: the vehicle page's link and the count that keeps the vehicle from being deleted
        ...vehicleIds.flatMap((vehicleId) => [
          uses.create({ companyId, vehicleId, submissionId: item.submissionId, formId: form.formId }).commit(),
          vehicles.patch({ companyId, vehicleId }).add({ useCount: 1 }).commit(),
        ]),
        // the tenant's usage this month (issue 13), counted with the submission itself
        usage.update({ companyId, period: monthOf() }).add({ submissions: 1 }).commit(),
        // the native dashboards' counters and /home's waiting list (issue 16), and the activity feed
        ...Stats.forNewSubmission(stats, { ...item, values: JSON.parse(item.values) as unknown, inspection: vehicleIds.length > 0 }),
        activity.create(Activity.entry({ companyId, actor: { userId: item.submittedBy, username: item.submittedByName }, action: "submission.created", subject: { type: "submission", id: String(item.submissionId), name: form.name, ownerId: item.submittedBy }, formId: form.formId })).commit(),
        // issue 42: the inspection's defects on its vehicle, its DVIR record and the vehicle's standing
        ...(inspection ? Defect.forNewSubmission({ defects, inspections, standings }, inspection, item) : []),
        // the author's own list (issue 36: a user sees their own submissions)
        authors.put({ companyId, userId: item.submittedBy, status: item.status, submissionId: item.submissionId, formId: form.formId, formSeq: seenForm + 1, companySeq: seenCompany + 1 }).commit(),
        // last, so that the positions of the codes read below stay where they are
        statuses.create({ companyId, status: item.status, submissionId: item.submissionId, formId: form.formId, formSeq: seenForm + 1, companySeq: seenCompany + 1 }).commit(),
        // the device's key, after everything whose position is read below
        ...(key ? [Idempotency.record({ idempotencyKeys }, key, item.submissionId)] : []),
      ],
    ).go();
    if (!result.canceled) return item.submissionId;
    const codes = result.data.map((entry) => entry.code);
    // another request with this key wrote its submission: checked first, as the one-response claim failed with it
    if (key && codes[codes.length - 1] === "ConditionalCheckFailed") {
      const first = await Idempotency.madeBy(key);
      if (first !== undefined) return first;
    }
    if (claim && codes[3] === "ConditionalCheckFailed") throw new ConflictError("submission.already_answered", "You have already answered this form");
    // only the vehicles' own writes: the status key at the end fails too when another submission took the position
    const firstVehicle = claim ? 4 : 3;
    const vehicleFailed = codes.slice(firstVehicle, firstVehicle + vehicleIds.length * 2).some((code) => code === "ConditionalCheckFailed");
    if (vehicleFailed) throw new ValidationError("submission.vehicle_gone", "Choose a vehicle of your company");
    if (codes[0] === "ConditionalCheckFailed") throw new Error(`Submission id ${item.submissionId} is already taken in ${companyId}`);
    if (attempt >= COUNT_RETRIES) throw new ConflictError("submission.busy", BUSY_MESSAGE);
    await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(250, 10 * 2 ** Math.min(attempt, 5))));
    [formCount, companyTotal] = await Promise.all([formCountOf(form), companyCount(companyId)]);
  }
}

/** The form's kept count, read strongly: it is the condition of the next write. */
async function formCountOf(form: FormItem): Promise<number> {
  const { data } = await FormEntity.get({ companyId: form.companyId, formId: form.formId }).go({ consistent: true });
  if (!data) throw new NotFoundError("form.not_found", Form.NOT_FOUND_MESSAGE);
  return data.submissionCount;
}

export const ListInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)), 1),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), DEFAULT_PAGE_SIZE),
  formId: z.optional(Id),
  sort_by: z._default(z.enum(["createdAt", "submittedAt", "id", "submissionId"], { error: "sort_by is one of createdAt, submittedAt, id, submissionId" }), "createdAt"),
  sort_direction: z._default(z.enum(["asc", "desc"]), "desc"),
  status: z.optional(z.enum(SUBMISSION_STATUSES, { error: `status is one of ${SUBMISSION_STATUSES.join(", ")}` })),
}));

/**
 * SPEC §7 GET /submissions. Every submission has a position (1, 2, 3...) in
 * its form and in its company, and the count is kept; so page N is the key
 * range of positions it covers, read with one Query, whatever N is: no Scan,
 * no reading of earlier pages.
 */
export const list = /* @__PURE__ */ verb(ListInput, async (actor, input) => {
  const companyId = companyOf(actor);
  const form = input.formId ? await Form.mustGet(companyId, input.formId) : undefined;
  if (seesOnlyOwn(actor)) return listOwn(companyId, actor.userId, input, form);
  if (input.status) return listByStatus(companyId, input, input.status, form);
  const total = form ? form.submissionCount : await companyCount(companyId);
  const totalPages = Math.max(1, Math.ceil(total / input.limit));
  const descending = input.sort_direction === "desc";
  const [lower, upper] = descending
    ? [Math.max(1, total - input.page * input.limit + 1), total - (input.page - 1) * input.limit]
    : [(input.page - 1) * input.limit + 1, Math.min(total, input.page * input.limit)];
  let items: SubmissionItem[] = [];
  if (lower <= upper) {
    const order = descending ? "desc" : "asc";
    const { data } = form
      ? await SubmissionEntity.query.byForm({ companyId, formId: form.formId }).between({ formSeq: lower }, { formSeq: upper }).go({ order, pages: "all" })
      : await SubmissionEntity.query.byCompany({ companyId }).between({ companySeq: lower }, { companySeq: upper }).go({ order, pages: "all" });
    items = data;
  }
  const names = await formNames(companyId, items, form);
  return { submissions: items.map((item) => entryOf(item, names.get(item.formId))), totalPages, total, page: input.page, limit: input.limit };
});

/**
 * GET /submissions?status: the status index holds one small key per submission (its positions), so the
 * page is a slice of the keys of that status, read with Queries on that status alone, then the page's
 * submissions by id. The total is the number of keys: no counter, since a status change moves a key.
 */
async function listByStatus(companyId: string, input: z.output<typeof ListInput>, status: SubmissionItem["status"], form?: FormItem) {
  const order = input.sort_direction;
  const { data: keys } = form
    ? await SubmissionStatusEntity.query.byForm({ companyId, formId: form.formId, status }).go({ order, pages: "all", attributes: ["submissionId"] })
    : await SubmissionStatusEntity.query.byCompany({ companyId, status }).go({ order, pages: "all", attributes: ["submissionId"] });
  // a key moved by a status change after it was read (or left stale by the backfill racing one): not in this status now
  return pageOfKeys(companyId, keys, input, form, (item) => item.status === status);
}

/**
 * Issue 36: a user's GET /submissions lists only what they submitted, from their own keys (SubmissionAuthorEntity,
 * one person's submissions with their status and positions), never the company's: the page is a slice of those
 * keys, then its submissions by id, as the status list does.
 */
async function listOwn(companyId: string, userId: string, input: z.output<typeof ListInput>, form?: FormItem) {
  const order = input.sort_direction;
  const attributes = ["submissionId", "status"] as const;
  const { data } = form
    ? await SubmissionAuthorEntity.query.byAuthorForm({ companyId, userId, formId: form.formId }).go({ order, pages: "all", attributes: [...attributes] })
    : await SubmissionAuthorEntity.query.byAuthor({ companyId, userId }).go({ order, pages: "all", attributes: [...attributes] });
  const keys = input.status ? data.filter((key) => key.status === input.status) : data;
  return pageOfKeys(companyId, keys, input, form, (item) => item.submittedBy === userId && (!input.status || item.status === input.status));
}

/** Page N of a list of keys: its submissions by id, those `keep` still accepts, with their forms' names. */
async function pageOfKeys(companyId: string, keys: { submissionId: number }[], input: z.output<typeof ListInput>, form: FormItem | undefined, keep: (item: SubmissionItem) => boolean) {
  const ids = keys.slice((input.page - 1) * input.limit, input.page * input.limit).map((key) => key.submissionId);
  const found = ids.length ? (await SubmissionEntity.get(ids.map((submissionId) => ({ companyId, submissionId }))).go({ preserveBatchOrder: true })).data : [];
  const items = found.flatMap((item) => (item && keep(item) ? [item] : []));
  const names = await formNames(companyId, items, form);
  const total = keys.length;
  return { submissions: items.map((item) => entryOf(item, names.get(item.formId))), totalPages: Math.max(1, Math.ceil(total / input.limit)), total, page: input.page, limit: input.limit };
}


async function formNames(companyId: string, items: SubmissionItem[], known?: FormItem) {
  const names = new Map<number, FormItem>();
  if (known) names.set(known.formId, known);
  const missing = [...new Set(items.map((item) => item.formId))].filter((formId) => !names.has(formId));
  if (missing.length) {
    const { data } = await FormEntity.get(missing.map((formId) => ({ companyId, formId }))).go();
    for (const form of data) names.set(form.formId, form);
  }
  return names;
}

/** A list entry with its form's name in each language (issue 19). */
const entryOf = (item: SubmissionItem, form: FormItem | undefined) => ({ ...presentEntry(item, form?.name ?? ""), formNames: form ? Form.namesOf(form) : { en: "", es: "" } });

/** SPEC §3 Submission list entry. */
export function presentEntry(item: SubmissionItem, formName: string) {
  return {
    id: item.submissionId,
    submissionId: item.submissionId,
    formId: item.formId,
    formName,
    status: item.status,
    version: item.version,
    submittedBy: item.submittedByName,
    submittedById: item.submittedBy,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    lastUpdated: item.updatedAt,
    updatedBy: item.updatedByName,
    updatedById: item.updatedBy,
  };
}

async function amendmentsOf(companyId: string, submissionId: number): Promise<AmendmentItem[]> {
  const { data } = await AmendmentEntity.query.bySubmission({ companyId, submissionId }).go({ pages: "all" });
  return data;
}

export interface HistoryEntry {
  version: number;
  kind: AmendmentItem["kind"];
  field: string;
  label: string;
  changedAt: string;
  changedBy: string;
  comment?: string;
  /** administrators only (SPEC §6: detailed amendment history) */
  previousValue?: Answer | null;
  currentValue?: Answer | null;
  previousText?: string;
  currentText?: string;
}

function historyOf(amendments: AmendmentItem[], definition: FormDefinition, lang: DisplayLang, detailed: boolean): HistoryEntry[] {
  return amendments.flatMap((amendment) =>
    (JSON.parse(amendment.changes) as { field: string; previousValue: Answer | null; currentValue: Answer | null }[]).map((change) => ({
      version: amendment.version,
      kind: amendment.kind,
      field: change.field,
      label: change.field === "status" && amendment.kind !== "amend" ? "status" : labelOf(definition, change.field, lang),
      changedAt: amendment.changedAt,
      changedBy: amendment.changedByName || amendment.changedBy,
      ...(amendment.comment ? { comment: amendment.comment } : {}),
      ...(detailed
        ? {
            previousValue: change.previousValue,
            currentValue: change.currentValue,
            previousText: displayByName(definition, change.field, change.previousValue, lang),
            currentText: displayByName(definition, change.field, change.currentValue, lang),
          }
        : {}),
    })),
  );
}

const ById = /* @__PURE__ */ z.lazySchema(() => z.object({ id: Id, lang: z.optional(Lang) }));

/** SPEC §7 GET /submissions/{id}: the submission with its answers, the definition it was made with and its history. */
export const detail = /* @__PURE__ */ verb(ById, async (actor, input) => {
  const companyId = companyOf(actor);
  const submission = await mustRead(actor, input.id);
  const [form, amendments] = await Promise.all([Form.mustGet(companyId, submission.formId), amendmentsOf(companyId, submission.submissionId)]);
  const definition = await Form.definitionAt(companyId, form.formId, submission.definitionVersion);
  const lang = input.lang ?? submission.lang;
  const writer = actor.role !== "viewer" && actor.role !== "inactive";
  return {
    ...entryOf(submission, form),
    lang: submission.lang,
    values: await Asset.withFileNames(companyId, valuesOf(submission)),
    definitionVersion: submission.definitionVersion,
    formDefinition: JSON.stringify(definition),
    review: submission.reviewedAt ? { reviewedBy: submission.reviewedBy, reviewedAt: submission.reviewedAt, comment: submission.reviewComment ?? "" } : null,
    form: { id: form.formId, name: form.name, names: Form.namesOf(form), supportsAmendments: form.supportsAmendments, canBeShared: form.canBeShared, needsApproval: form.needsApproval },
    amendmentHistory: historyOf(amendments, definition, lang, isAdmin(actor)),
    canAmend: form.supportsAmendments && writer && (isAdmin(actor) || submission.submittedBy === actor.userId),
    canApprove: form.needsApproval && isAdmin(actor) && submission.status === "pending_approval",
    // Security issue item 12: the submitter and the company's administrators share; administrators see and revoke the links.
    canShare: form.canBeShared && canShare(actor, submission),
    canManageShares: isAdmin(actor),
  };
});

/** The amendment history alone; values only for administrators. */
export const history = /* @__PURE__ */ verb(ById, async (actor, input) => {
  const companyId = companyOf(actor);
  const submission = await mustRead(actor, input.id);
  const definition = await Form.definitionAt(companyId, submission.formId, submission.definitionVersion);
  const amendments = await amendmentsOf(companyId, submission.submissionId);
  return {
    submittedBy: submission.submittedByName,
    createdAt: submission.createdAt,
    lastUpdated: submission.updatedAt,
    updatedBy: submission.updatedByName,
    version: submission.version,
    history: historyOf(amendments, definition, input.lang ?? submission.lang, isAdmin(actor)),
  };
});

export const AmendInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  id: Id,
  version: z.number({ error: "version (the version you read) is required" }).check(z.int(), z.positive()),
  values: z.unknown(),
}));

/** TransactWriteItems may lose to a concurrent one without either condition failing; such losers try again. */
const CONFLICT_RETRIES = 6;

/**
 * Writes a new version and its log entry in one transaction, conditioned on
 * the version read: of concurrent writers exactly one wins, the others get
 * the SPEC's 409.
 */
async function writeVersion(
  submission: SubmissionItem,
  set: Partial<Pick<SubmissionItem, "values" | "status" | "reviewedBy" | "reviewedAt" | "reviewComment">>,
  log: Omit<AmendmentItem, "companyId" | "submissionId" | "version">,
  actor: { userId: string; name: string },
  change: { action: "submission.amended" | "submission.approved" | "submission.sent_back"; formName: string; fields?: string[]; questions?: Record<"en" | "es", string> },
  inspection?: Defect.AmendmentPlan,
) {
  const key = { companyId: submission.companyId, submissionId: submission.submissionId };
  const version = submission.version + 1;
  const now = log.changedAt;
  for (let attempt = 0; ; attempt++) {
    const moved = set.status !== undefined && set.status !== submission.status;
    const result = await createWriteTransaction({ submission: SubmissionEntity, amendment: AmendmentEntity, activity: ActivityEntity, statuses: SubmissionStatusEntity, authors: SubmissionAuthorEntity, ...Stats.entities, ...Defect.entities }, ({ submission: submissions, amendment, activity, statuses, authors, defects, inspections, standings, ...stats }) => [
      submissions
        .patch(key)
        .set({ ...set, version, updatedAt: now, updatedBy: actor.userId, updatedByName: actor.name })
        .where((attr, { eq }) => eq(attr.version, submission.version))
        .commit(),
      amendment.create({ ...key, version, ...log }).commit(),
      ...Stats.forStatusChange(stats, submission, submission.status, set.status ?? submission.status),
      activity
        .create(
          Activity.entry({
            companyId: submission.companyId,
            actor: { userId: actor.userId, username: actor.name },
            action: change.action,
            subject: { type: "submission", id: String(submission.submissionId), name: change.formName, ownerId: submission.submittedBy },
            formId: submission.formId,
            ...(change.fields ? { after: { fields: change.fields, ...(change.questions ? { questions: change.questions } : {}) } } : set.status && set.status !== submission.status ? { before: { status: submission.status }, after: { status: set.status } } : {}),
          }),
        )
        .commit(),
      // the submission's key moves to the list of its new status
      ...(moved
        ? [
            statuses.delete({ companyId: submission.companyId, status: submission.status, companySeq: submission.companySeq }).commit(),
            statuses.put({ ...key, status: set.status!, formId: submission.formId, formSeq: submission.formSeq, companySeq: submission.companySeq }).commit(),
            // a put, not a patch: a submission made before the author keys existed gets its key here
            authors.put({ ...key, userId: submission.submittedBy, status: set.status!, formId: submission.formId, formSeq: submission.formSeq, companySeq: submission.companySeq }).commit(),
          ]
        : []),
      // issue 42: an amended inspection's defects follow its answers
      ...(inspection ? Defect.forAmendment({ defects, inspections, standings }, inspection, actor, now) : []),
    ]).go();
    if (!result.canceled) return (await fromId(submission.companyId, submission.submissionId))!;
    const codes = result.data.map((entry) => entry.code);
    if (codes.includes("ConditionalCheckFailed") || attempt >= CONFLICT_RETRIES) throw new StaleRecordError();
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 40 * (attempt + 1)));
  }
}

/**
 * Amends a submission (forms with supportsAmendments): the answers are checked
 * against the definition the submission was made with; each changed field
 * becomes a history entry written with the new version.
 */
/** The questions an amendment changed, by their labels in each language (labelOf: a missing Spanish label in English). */
const questionsIn = (definition: FormDefinition, names: string[]) => ({
  en: names.map((name) => labelOf(definition, name, "en") || name).join(", "),
  es: names.map((name) => labelOf(definition, name, "es") || name).join(", "),
});

export const amend = /* @__PURE__ */ verb(AmendInput, async (actor, input) => {
  assertCanWrite(actor);
  const companyId = companyOf(actor);
  const submission = await mustRead(actor, input.id);
  const form = await Form.mustGet(companyId, submission.formId);
  if (!form.supportsAmendments) throw new UnprocessableError("submission.amendments_disabled", "This form does not accept amendments");
  if (!isAdmin(actor) && submission.submittedBy !== actor.userId) throw new ForbiddenError();
  if (input.version !== submission.version) throw new StaleRecordError();
  const definition = await Form.definitionAt(companyId, form.formId, submission.definitionVersion);
  const { values, assetIds } = await checkedValues(companyId, definition, input.values);
  const changes = changedFields(valuesOf(submission), values);
  if (changes.length === 0) return { submission, changed: false };
  const [name, inspection] = await Promise.all([displayName(actor.userId, actor.username), Defect.planForAmendment(companyId, definition, submission, values)]);
  const status = form.needsApproval && submission.status !== "pending_approval" ? "pending_approval" : submission.status;
  const updated = await writeVersion(
    submission,
    { values: JSON.stringify(values), status },
    { kind: "amend", changes: JSON.stringify(changes), changedAt: new Date().toISOString(), changedBy: actor.userId, changedByName: name },
    { userId: actor.userId, name },
    { action: "submission.amended", formName: form.name, fields: changes.map((entry) => entry.field), questions: questionsIn(definition, changes.map((entry) => entry.field)) },
    inspection,
  );
  await Asset.attach(companyId, assetIds, submission.submittedBy);
  return { submission: updated, changed: true };
});

export const ReviewInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  id: Id,
  version: z.number({ error: "version (the version you read) is required" }).check(z.int(), z.positive()),
  comment: z.optional(Text(2000).check(z.trim())),
}));

async function review(actor: Actor, input: z.output<typeof ReviewInput>, decision: "approved" | "sent_back") {
  assertCanWrite(actor);
  if (!isAdmin(actor)) throw new ForbiddenError();
  const companyId = companyOf(actor);
  const submission = await mustGet(companyId, input.id);
  const form = await Form.mustGet(companyId, submission.formId);
  if (!form.needsApproval) throw new UnprocessableError("submission.no_approval", "This form does not need approval");
  if (input.version !== submission.version) throw new StaleRecordError();
  if (submission.status !== "pending_approval") throw new ConflictError("submission.not_pending", "This submission is not waiting for approval");
  if (decision === "sent_back" && !input.comment) throw new ValidationError("submission.comment_required", "Say what needs to change", { comment: ["Say what needs to change"] });
  const name = await displayName(actor.userId, actor.username);
  const now = new Date().toISOString();
  const updated = await writeVersion(
    submission,
    { status: decision, reviewedBy: name, reviewedAt: now, reviewComment: input.comment ?? "" },
    {
      kind: decision === "approved" ? "approve" : "send_back",
      changes: JSON.stringify([{ field: "status", previousValue: submission.status, currentValue: decision }]),
      comment: input.comment,
      changedAt: now,
      changedBy: actor.userId,
      changedByName: name,
    },
    { userId: actor.userId, name },
    { action: decision === "approved" ? "submission.approved" : "submission.sent_back", formName: form.name },
  );
  await notifyReview(updated, form, decision, name);
  return updated;
}

/** needsApproval: an administrator approves; the submitter is told by e-mail. */
export const approve = /* @__PURE__ */ verb(ReviewInput, (actor, input) => review(actor, input, "approved"));
/** needsApproval: an administrator sends it back with a comment; the submitter amends and it waits again. */
export const sendBack = /* @__PURE__ */ verb(ReviewInput, (actor, input) => review(actor, input, "sent_back"));

// --- share links (canBeShared): share.ts ---
export { share, shares, revokeShare, openShared, sharedInfo, canShare, MAX_SHARE_HOURS, SHARE_NOT_FOUND_MESSAGE, SHARE_EXPIRED_MESSAGE, SHARE_REVOKED_MESSAGE, SHARE_FORBIDDEN_MESSAGE, type PresentedShare } from "./share";

export { preview } from "./preview";
