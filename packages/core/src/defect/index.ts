export * as Defect from "./index";
import * as z from "../util/zod";
import type { Actor } from "../auth/claims";
import { assertCanWrite } from "../auth/access";
import { createWriteTransaction } from "../db/electrodb";
import type { WriteEntities } from "../user";
import * as Asset from "../asset/read";
import { toAssetRef } from "../asset/reference";
import { SeatEntity } from "../company/company.entity";
import { Id } from "../form/fields";
import { companyOf, verb } from "../form/verb";
import type { FormDefinition } from "../form/definition";
import type { Values } from "../form/values";
import { ConflictError, ForbiddenError, NotFoundError, StaleRecordError, ValidationError } from "../util/errors";
import { VehicleEntity } from "../vehicle/vehicle.entity";
import { displayName } from "../submission/read";
import * as User from "../user";
import * as Activity from "../activity";
import { ActivityEntity } from "../activity";
import { defectsIn, reportsDefects, type FoundDefect } from "./found";
import { DefectEntity, InspectionEntity, VehicleStandingEntity, type DefectItem, type InspectionItem, type VehicleStandingItem } from "./defect.entity";

export { DefectEntity, InspectionEntity, VehicleStandingEntity, DEFECT_STATUSES, type DefectItem, type InspectionItem, type DefectStatus } from "./defect.entity";
export { defectsIn, reportsDefects, type FoundDefect } from "./found";

/*
 * Inspection defects through to repair (issue 42, the DVIR rule of 49 CFR 396.11 and 396.13): each defect an
 * inspection reports is a record on its vehicle, written in the submission's own transaction; an orgadmin or a
 * mechanic certifies it once (repaired, or no repair needed) before the vehicle's next inspection; a vehicle
 * whose latest report has an open out-of-service defect is out of service; the next driver reviews the report
 * and its certification and signs.
 */

/** The API's messages (docs/api-defects.md); the web app translates each by its code (vehicles.errors.*). */
export const DEFECT_MESSAGES = {
  notFound: "Defect not found",
  alreadyCertified: "This defect has already been certified.",
  withdrawn: "This defect was withdrawn: its inspection was amended and no longer reports it.",
  superseded: "This vehicle has been inspected again since this report: its defects can no longer be certified.",
  certifier: "Only the company's administrators and mechanics may certify repairs.",
  noteRequired: "Write what was done or found",
  reviewStale: "The vehicle's last report has changed since you reviewed it. Review it again.",
  signatureRequired: "Sign to acknowledge the previous report",
  reviewRequired: "Review the vehicle's last report and sign to acknowledge its defects before sending this inspection.",
  signatureFile: "The signature is not a validated image of your company",
  photoFile: "The photo is not a validated image of your company",
} as const;

/** A vehicle's id in a path (the register's rule, vehicle/index.ts `VehicleId`). */
export const VehicleId = /* @__PURE__ */ z.lazySchema(() => z.string().check(z.trim(), z.regex(/^[\w-]{1,100}$/, "Vehicle not found")));

/** `{submissionId}-{position}`: a defect's id within its vehicle. */
export const DefectId = /* @__PURE__ */ z.lazySchema(() => z.pipe(z.string().check(z.regex(/^\d{1,15}-\d{1,3}$/, DEFECT_MESSAGES.notFound)), z.transform((id) => {
  const [submissionId, position] = id.split("-").map(Number) as [number, number];
  return { submissionId, position };
})));
export const idOf = (defect: Pick<DefectItem, "submissionId" | "position">) => `${defect.submissionId}-${defect.position}`;

export function present(defect: DefectItem) {
  return {
    id: idOf(defect),
    vehicleId: defect.vehicleId,
    submissionId: defect.submissionId,
    formId: defect.formId,
    field: defect.field,
    label: defect.label,
    answer: defect.answer,
    outOfService: defect.outOfService,
    status: defect.status,
    reportedByName: defect.reportedByName,
    reportedAt: defect.reportedAt,
    certification: defect.certifiedAt
      ? { certifiedBy: defect.certifiedBy ?? "", certifiedByName: defect.certifiedByName ?? "", certifiedAt: defect.certifiedAt, note: defect.note ?? "", photoAssetId: defect.photoAssetId ?? null }
      : null,
    withdrawal: defect.status === "withdrawn" ? { withdrawnByName: defect.withdrawnByName ?? "", withdrawnAt: defect.withdrawnAt ?? "" } : null,
    version: defect.version,
  };
}
export type PresentedDefect = ReturnType<typeof present>;

// --- reads ----------------------------------------------------------------------------------------------

async function standingOf(companyId: string, vehicleId: string, consistent = false): Promise<VehicleStandingItem | undefined> {
  const { data } = await VehicleStandingEntity.get({ companyId, vehicleId }).go({ consistent });
  return data ?? undefined;
}

/** The defects one inspection reported on its vehicle, in the order of its answers. */
export async function ofSubmission(companyId: string, vehicleId: string, submissionId: number): Promise<DefectItem[]> {
  const { data } = await DefectEntity.query.byVehicle({ companyId, vehicleId, submissionId }).go({ pages: "all" });
  return data;
}

/** The vehicles of a company whose latest report has an open out-of-service defect (the register, the picker). */
export async function outOfService(companyId: string) {
  const { data } = await VehicleStandingEntity.query.byCompany({ companyId }).go({ pages: "all" });
  return data.filter((standing) => standing.openOutOfService > 0).map((standing) => ({ vehicleId: standing.vehicleId, openOutOfService: standing.openOutOfService, lastSubmissionId: standing.lastSubmissionId }));
}

/** `GET /vehicles/{id}/defects`: the vehicle's defects, newest report first, and whether it is out of service. */
export async function forVehicle(actor: Actor, vehicleId: string) {
  const companyId = companyOf(actor);
  const [vehicle, standing, { data }] = await Promise.all([
    VehicleEntity.get({ companyId, vehicleId }).go(),
    standingOf(companyId, vehicleId),
    DefectEntity.query.byVehicle({ companyId, vehicleId }).go({ pages: "all", order: "desc" }),
  ]);
  if (!vehicle.data) throw new NotFoundError("vehicle.not_found", "Vehicle not found");
  const certifiable = (defect: DefectItem) => defect.status === "open" && standing?.lastSubmissionId === defect.submissionId;
  const acknowledged = await acknowledgementsOf(companyId, data.map((defect) => defect.submissionId));
  return {
    outOfService: (standing?.openOutOfService ?? 0) > 0,
    lastSubmissionId: standing?.lastSubmissionId ?? null,
    canCertify: await mayCertify(actor),
    // newest report first; each report's defects in the order of its answers
    defects: data.sort((a, b) => b.submissionId - a.submissionId || a.position - b.position).map((defect) => ({ ...present(defect), certifiable: certifiable(defect), acknowledgement: acknowledged.get(defect.submissionId) ?? null })),
  };
}

/** The next driver's signed review of a report (kept on that driver's inspection, which names the report). */
export interface Acknowledgement {
  /** the inspection whose driver reviewed the report */
  submissionId: number;
  signatureAssetId: number;
  signedByName: string;
  signedAt: string;
}

/**
 * The signed reviews of some reports, by report: each report's inspection record names the inspection that
 * reviewed it (`acknowledgedIn`), whose record holds the signature. Two batch reads, however many reports.
 */
async function acknowledgementsOf(companyId: string, submissionIds: number[]): Promise<Map<number, Acknowledgement>> {
  const reports = [...new Set(submissionIds)];
  const found = new Map<number, Acknowledgement>();
  if (!reports.length) return found;
  const { data: inspections } = await InspectionEntity.get(reports.map((submissionId) => ({ companyId, submissionId }))).go();
  const reviewedIn = new Map(inspections.filter((inspection) => inspection.acknowledgedIn).map((inspection) => [inspection.acknowledgedIn!, inspection.submissionId]));
  if (!reviewedIn.size) return found;
  const { data: reviews } = await InspectionEntity.get([...reviewedIn.keys()].map((submissionId) => ({ companyId, submissionId }))).go();
  for (const review of reviews) {
    const report = reviewedIn.get(review.submissionId);
    if (report === undefined || !review.acknowledgement) continue;
    found.set(report, { submissionId: review.submissionId, signatureAssetId: review.acknowledgement.signatureAssetId, signedByName: review.acknowledgement.signedByName, signedAt: review.acknowledgement.signedAt });
  }
  return found;
}

/**
 * `GET /vehicles/{id}/review`: what the next driver reviews before driving (49 CFR 396.13): the vehicle's
 * latest report, its defects and their certification. `report` is null when the vehicle has none.
 */
export async function review(actor: Actor, vehicleId: string) {
  const companyId = companyOf(actor);
  const standing = await standingOf(companyId, vehicleId, true);
  if (!standing) return { outOfService: false, report: null };
  const defects = await ofSubmission(companyId, vehicleId, standing.lastSubmissionId);
  return {
    outOfService: standing.openOutOfService > 0,
    // a withdrawn defect has nothing to review
    report: { submissionId: standing.lastSubmissionId, inspectedAt: standing.lastInspectedAt, defects: defects.filter((defect) => defect.status !== "withdrawn").map(present) },
  };
}

// --- who certifies ----------------------------------------------------------------------------------------

/** Orgadmins, provider administrators and the seats the company marks as mechanics. */
export async function mayCertify(actor: Actor): Promise<boolean> {
  if (actor.isProviderAdmin || actor.role === "orgadmin" || actor.role === "admin") return true;
  if (actor.role !== "user" || !actor.companyId) return false;
  const { data } = await SeatEntity.get({ companyId: actor.companyId, userId: actor.userId }).go();
  return data?.mechanic === true;
}

export const MechanicInput = /* @__PURE__ */ z.lazySchema(() => z.object({ mechanic: z.boolean() }));

/**
 * `PUT /company/admin/seat/{id}/mechanic`: an administrator marks a seat of their company as a mechanic, or not;
 * never a provider administrator's seat unless the caller is one (issue 36, the seat routes' rule).
 */
export async function setMechanic(actor: Actor, companyId: string, userId: string, mechanic: boolean) {
  const user = await User.fromId(userId);
  if (!user) throw new NotFoundError("member.not_found", "User not found in this company");
  User.assertManageable(actor, user);
  const { data: seat } = await SeatEntity.get({ companyId, userId }).go({ consistent: true });
  if (!seat) throw new NotFoundError("member.not_found", "User not found in this company");
  const was = seat.mechanic === true;
  if (was === mechanic) return { userId, mechanic };
  const result = await createWriteTransaction({ seats: SeatEntity, activity: ActivityEntity }, ({ seats, activity }) => [
    // only if no one changed it meanwhile: a retried or concurrent call records no second change
    seats.patch({ companyId, userId }).set({ mechanic }).where((attr, { eq, notExists }) => (was ? eq(attr.mechanic, true) : `(${notExists(attr.mechanic)} OR ${eq(attr.mechanic, false)})`)).commit(),
    activity.create(Activity.entry({ companyId, actor, action: "user.mechanic_changed", subject: { type: "user", id: userId, name: seat.username ?? user.username }, before: { mechanic: was }, after: { mechanic } })).commit(),
  ]).go();
  if (result.canceled) throw new StaleRecordError();
  return { userId, mechanic };
}

// --- certifying ---------------------------------------------------------------------------------------------

export const CertifyInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  status: z.enum(["repaired", "no_repair_needed"], { error: "Choose repaired or no repair needed" }),
  note: z.string().check(z.trim(), z.minLength(1, DEFECT_MESSAGES.noteRequired), z.maxLength(2000, "At most 2000 characters")),
  photoAssetId: z.optional(z.nullable(Id)),
}));

/**
 * `POST /vehicles/{id}/defects/{defectId}/certify`. Refused when already certified or when the vehicle has been
 * inspected since; the write is conditioned on the defect still open at the version read and on the vehicle's
 * latest report being this one, so of two people certifying at once one wins and the other gets SPEC §8's 409.
 */
const CertifyCall = /* @__PURE__ */ z.lazySchema(() => z.object({ vehicleId: VehicleId, defectId: DefectId, body: CertifyInput }));

export const certify = /* @__PURE__ */ verb(CertifyCall, async (actor, { vehicleId, defectId, body }) => {
  assertCanWrite(actor);
  const companyId = companyOf(actor);
  if (!(await mayCertify(actor))) throw new ForbiddenError("defect.certifier", DEFECT_MESSAGES.certifier);
  const key = { companyId, vehicleId, ...defectId };
  const [{ data: defect }, standing] = await Promise.all([DefectEntity.get(key).go({ consistent: true }), standingOf(companyId, vehicleId, true)]);
  if (!defect) throw new NotFoundError("defect.not_found", DEFECT_MESSAGES.notFound);
  if (defect.status === "withdrawn") throw new ConflictError("defect.withdrawn", DEFECT_MESSAGES.withdrawn);
  if (defect.status !== "open") throw new ConflictError("defect.already_certified", DEFECT_MESSAGES.alreadyCertified);
  if (standing?.lastSubmissionId !== defect.submissionId) throw new ConflictError("defect.superseded", DEFECT_MESSAGES.superseded);
  if (body.photoAssetId) await assertImage(companyId, body.photoAssetId, "photoAssetId", DEFECT_MESSAGES.photoFile);
  const [name, { data: vehicle }] = await Promise.all([displayName(actor.userId, actor.username), VehicleEntity.get({ companyId, vehicleId }).go()]);
  const certified = Activity.entry({
    companyId,
    actor,
    action: "defect.certified",
    subject: { type: "vehicle", id: vehicleId, name: vehicle?.vehicleNumber ?? vehicleId },
    before: { status: "open" },
    after: { status: body.status, note: body.note },
  });
  const result = await createWriteTransaction({ defects: DefectEntity, standings: VehicleStandingEntity, activity: ActivityEntity }, ({ defects, standings, activity }) => [
    defects
      .patch(key)
      .set({ status: body.status, note: body.note, certifiedBy: actor.userId, certifiedByName: name, certifiedAt: new Date().toISOString(), version: defect.version + 1, ...(body.photoAssetId ? { photoAssetId: body.photoAssetId } : {}) })
      .where((attr, { eq }) => `${eq(attr.status, "open")} AND ${eq(attr.version, defect.version)}`)
      .commit(),
    standings
      .patch({ companyId, vehicleId })
      .add({ openDefects: -1, openOutOfService: defect.outOfService ? -1 : 0 })
      .where((attr, { eq }) => eq(attr.lastSubmissionId, defect.submissionId))
      .commit(),
    activity.create(certified).commit(),
  ]).go();
  if (result.canceled) {
    const codes = result.data.map((entry) => entry.code);
    if (codes[0] === "ConditionalCheckFailed") throw new StaleRecordError();
    if (codes[1] === "ConditionalCheckFailed") throw new ConflictError("defect.superseded", DEFECT_MESSAGES.superseded);
    throw new StaleRecordError();
  }
  if (body.photoAssetId) await Asset.attach(companyId, [body.photoAssetId], actor.userId);
  const { data: written } = await DefectEntity.get(key).go({ consistent: true });
  return present(written!);
});

async function assertImage(companyId: string, assetId: number, field: string, message: string) {
  const asset = await Asset.fromId(companyId, assetId);
  if (!asset || asset.documentId || asset.validationStatus !== "valid" || !asset.fileType.startsWith("image/")) throw new ValidationError("defect.invalid", message, { [field]: [message] });
}

// --- with a new inspection ------------------------------------------------------------------------------

/** What the inspection fill sends beside the answers (POST /submissions/save `inspection`). */
export const InspectionInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  /** the picker warned the driver that the vehicle was out of service */
  outOfServiceWarningShown: z.optional(z.boolean()),
  /** the driver reviewed the vehicle's last report (its submission id) and signed */
  acknowledgement: z.optional(z.object({ submissionId: Id, signature: z.unknown() })),
}));
export type InspectionInput = z.output<typeof InspectionInput>;

export const MAX_DEFECTS = 60;

export interface InspectionPlan {
  companyId: string;
  vehicleId: string;
  found: FoundDefect[];
  previous?: VehicleStandingItem;
  outOfServiceWarningShown: boolean;
  acknowledgement?: { submissionId: number; signatureAssetId: number };
}

/**
 * Before a submission's transaction: its defects, the vehicle's standing, and the driver's review checked (the
 * report acknowledged must be the vehicle's latest, the signature a validated image of the company). Only an
 * inspection (a submission that picked a vehicle, on a form that says which answers are defects) has a plan; its
 * defects go on the first vehicle picked.
 */
export async function planFor(companyId: string, definition: FormDefinition, values: Values, vehicleIds: string[], input: InspectionInput | undefined): Promise<InspectionPlan | undefined> {
  const vehicleId = vehicleIds[0];
  if (!vehicleId || !reportsDefects(definition.body)) return undefined;
  const previous = await standingOf(companyId, vehicleId, true);
  let acknowledgement: InspectionPlan["acknowledgement"];
  if (input?.acknowledgement) {
    if (previous?.lastSubmissionId !== input.acknowledgement.submissionId) throw new ValidationError("defect.review_stale", DEFECT_MESSAGES.reviewStale, { acknowledgement: [DEFECT_MESSAGES.reviewStale] });
    const ref = toAssetRef(input.acknowledgement.signature);
    if (!ref) throw new ValidationError("defect.review_required", DEFECT_MESSAGES.signatureRequired, { acknowledgement: [DEFECT_MESSAGES.signatureRequired] });
    await assertImage(companyId, ref.id, "acknowledgement", DEFECT_MESSAGES.signatureFile);
    acknowledgement = { submissionId: previous.lastSubmissionId, signatureAssetId: ref.id };
  } else if (previous && (await reportedDefectsOf(companyId, previous.lastSubmissionId)) > 0) {
    // 49 CFR 396.13: a report with defects is reviewed, and the review signed, before the vehicle is driven again
    throw new ValidationError("defect.review_required", DEFECT_MESSAGES.reviewRequired, { acknowledgement: [DEFECT_MESSAGES.signatureRequired] });
  }
  const found = defectsIn(definition, values);
  // the defects are written in the submission's own transaction, whose 100 writes they share
  if (found.length > MAX_DEFECTS) throw new ValidationError("defect.too_many", `At most ${MAX_DEFECTS} defects in one report`);
  return { companyId, vehicleId, found, previous, outOfServiceWarningShown: input?.outOfServiceWarningShown === true, acknowledgement };
}

async function reportedDefectsOf(companyId: string, submissionId: number): Promise<number> {
  const { data } = await InspectionEntity.get({ companyId, submissionId }).go({ consistent: true });
  return data?.defectCount ?? 0;
}

export const entities = { defects: DefectEntity, inspections: InspectionEntity, standings: VehicleStandingEntity };
type Handles = WriteEntities<typeof entities>;

/** The DVIR writes of a new inspection, for the submission's own transaction (at most 3 + its defects). */
export function forNewSubmission(
  { defects, inspections, standings }: Handles,
  plan: InspectionPlan,
  submission: { submissionId: number; formId: number; submittedBy: string; submittedByName: string },
  now = new Date().toISOString(),
) {
  const { companyId, vehicleId, found } = plan;
  const { submissionId } = submission;
  return [
    ...found.map((defect, position) =>
      defects
        .create({ companyId, vehicleId, submissionId, position, formId: submission.formId, ...defect, status: "open", reportedBy: submission.submittedBy, reportedByName: submission.submittedByName, reportedAt: now })
        .commit(),
    ),
    inspections
      .create({
        companyId,
        submissionId,
        vehicleId,
        defectCount: found.length,
        outOfServiceWarningShown: plan.outOfServiceWarningShown,
        ...(plan.previous ? { previousSubmissionId: plan.previous.lastSubmissionId } : {}),
        ...(plan.acknowledgement
          ? { acknowledgement: { ...plan.acknowledgement, signedBy: submission.submittedBy, signedByName: submission.submittedByName, signedAt: now } }
          : {}),
      })
      .commit(),
    // the vehicle's standing is this report's now: the previous report's defects can no longer be certified
    standings.put({ companyId, vehicleId, lastSubmissionId: submissionId, lastInspectedAt: now, openDefects: found.length, openOutOfService: found.filter((defect) => defect.outOfService).length }).commit(),
    ...(plan.acknowledgement ? [inspections.patch({ companyId, submissionId: plan.acknowledgement.submissionId }).set({ acknowledgedIn: submissionId }).commit()] : []),
  ];
}

// --- with an amendment of an inspection ---------------------------------------------------------------------

/** One answer's defect across an amendment: its field and its label (a group item's label carries its number). */
const answerKey = (defect: Pick<FoundDefect, "field" | "label">) => `${defect.field}\u0000${defect.label.en}`;

export interface AmendmentPlan {
  companyId: string;
  vehicleId: string;
  submissionId: number;
  formId: number;
  /** the answers that report a defect now and did not: new open defects, at these positions */
  opened: (FoundDefect & { position: number })[];
  /** open defects whose answer the amendment cleared */
  withdrawn: DefectItem[];
  /** open defects whose answer now reads otherwise (another choice, other notes, in or out of service) */
  changed: { defect: DefectItem; found: FoundDefect }[];
  /** the inspection is still its vehicle's last report: the vehicle's standing moves with it */
  last: boolean;
}

/**
 * Before an amendment's transaction: how the inspection's defects follow its new answers. A defect answer cleared
 * withdraws the open defect it made; one added opens a defect; one that reads otherwise updates the open defect. A
 * certified defect is the record of a decision and is left as it is, whatever the amendment says. Undefined when
 * the submission is not an inspection or its defects do not move.
 */
export async function planForAmendment(companyId: string, definition: FormDefinition, submission: { submissionId: number; formId: number }, values: Values): Promise<AmendmentPlan | undefined> {
  const { submissionId, formId } = submission;
  const { data: inspection } = await InspectionEntity.get({ companyId, submissionId }).go({ consistent: true });
  if (!inspection) return undefined;
  const { vehicleId } = inspection;
  const [{ data: existing }, standing] = await Promise.all([
    DefectEntity.query.byVehicle({ companyId, vehicleId, submissionId }).go({ pages: "all", consistent: true }),
    standingOf(companyId, vehicleId, true),
  ]);
  const found = defectsIn(definition, values);
  if (found.length > MAX_DEFECTS) throw new ValidationError("defect.too_many", `At most ${MAX_DEFECTS} defects in one report`);
  const standingDefects = new Map(existing.filter((defect) => defect.status !== "withdrawn").map((defect) => [answerKey(defect), defect]));
  const now = new Set(found.map(answerKey));
  const withdrawn = [...standingDefects.values()].filter((defect) => defect.status === "open" && !now.has(answerKey(defect)));
  const changed = found.flatMap((answer) => {
    const defect = standingDefects.get(answerKey(answer));
    const differs = defect && (defect.answer.en !== answer.answer.en || defect.answer.es !== answer.answer.es || defect.outOfService !== answer.outOfService);
    return defect?.status === "open" && differs ? [{ defect, found: answer }] : [];
  });
  let next = existing.reduce((max, defect) => Math.max(max, defect.position + 1), 0);
  const opened = found.filter((answer) => !standingDefects.has(answerKey(answer))).map((answer) => ({ ...answer, position: next++ }));
  if (!opened.length && !withdrawn.length && !changed.length) return undefined;
  // positions are three digits in the key; the writes share the amendment's transaction
  if (next > 999 || opened.length + withdrawn.length + changed.length > MAX_DEFECTS) throw new ValidationError("defect.too_many", `At most ${MAX_DEFECTS} defects in one report`);
  return { companyId, vehicleId, submissionId, formId, opened, withdrawn, changed, last: standing?.lastSubmissionId === submissionId };
}

/**
 * The DVIR writes of an amendment, for its own transaction. Each open defect it withdraws or updates is written only
 * if still open at the version read (a certification meanwhile makes the amendment a 409, to be read again); the
 * vehicle's standing only if the inspection is still its last report.
 */
export function forAmendment({ defects, inspections, standings }: Handles, plan: AmendmentPlan, by: { userId: string; name: string }, now = new Date().toISOString()) {
  const { companyId, vehicleId, submissionId, formId } = plan;
  const outOfServiceDelta =
    plan.opened.filter((defect) => defect.outOfService).length -
    plan.withdrawn.filter((defect) => defect.outOfService).length +
    plan.changed.reduce((sum, { defect, found }) => sum + Number(found.outOfService) - Number(defect.outOfService), 0);
  const countDelta = plan.opened.length - plan.withdrawn.length;
  return [
    ...plan.withdrawn.map((defect) =>
      defects
        .patch({ companyId, vehicleId, submissionId, position: defect.position })
        .set({ status: "withdrawn", withdrawnByName: by.name, withdrawnAt: now, version: defect.version + 1 })
        .where((attr, { eq }) => `${eq(attr.status, "open")} AND ${eq(attr.version, defect.version)}`)
        .commit(),
    ),
    ...plan.changed.map(({ defect, found }) =>
      defects
        .patch({ companyId, vehicleId, submissionId, position: defect.position })
        .set({ answer: found.answer, outOfService: found.outOfService, version: defect.version + 1 })
        .where((attr, { eq }) => `${eq(attr.status, "open")} AND ${eq(attr.version, defect.version)}`)
        .commit(),
    ),
    ...plan.opened.map(({ position, ...defect }) =>
      defects.create({ companyId, vehicleId, submissionId, position, formId, ...defect, status: "open", reportedBy: by.userId, reportedByName: by.name, reportedAt: now }).commit(),
    ),
    ...(countDelta ? [inspections.patch({ companyId, submissionId }).add({ defectCount: countDelta }).commit()] : []),
    ...(plan.last && (countDelta || outOfServiceDelta)
      ? [standings.patch({ companyId, vehicleId }).add({ openDefects: countDelta, openOutOfService: outOfServiceDelta }).where((attr, { eq }) => eq(attr.lastSubmissionId, submissionId)).commit()]
      : []),
  ];
}

/** The files a new inspection's DVIR refers to, kept (attached) with the submission's own. */
export const assetIdsOf = (plan: InspectionPlan | undefined) => (plan?.acknowledgement ? [plan.acknowledgement.signatureAssetId] : []);

// --- the DVIR of one inspection, for its PDF and its page -------------------------------------------------

export interface DvirRecord {
  defects: PresentedDefect[];
  outOfServiceWarningShown: boolean;
  /** this report's driver reviewed the previous report */
  reviewed?: { submissionId: number; signatureAssetId: number; signedByName: string; signedAt: string };
  /** the next driver's review of this report */
  acknowledgedBy?: { submissionId: number; signatureAssetId: number; signedByName: string; signedAt: string };
}

/** The DVIR of one submission, or undefined when it is not an inspection. */
export async function dvirOf(companyId: string, submissionId: number): Promise<DvirRecord | undefined> {
  const { data: inspection } = await InspectionEntity.get({ companyId, submissionId }).go();
  if (!inspection) return undefined;
  const [defects, next] = await Promise.all([
    ofSubmission(companyId, inspection.vehicleId, submissionId),
    inspection.acknowledgedIn ? InspectionEntity.get({ companyId, submissionId: inspection.acknowledgedIn }).go().then(({ data }) => data ?? undefined) : Promise.resolve(undefined),
  ]);
  const reviewOf = (record: InspectionItem | undefined) =>
    record?.acknowledgement ? { submissionId: record.submissionId, signatureAssetId: record.acknowledgement.signatureAssetId, signedByName: record.acknowledgement.signedByName, signedAt: record.acknowledgement.signedAt } : undefined;
  return {
    defects: defects.map(present),
    outOfServiceWarningShown: inspection.outOfServiceWarningShown,
    reviewed: inspection.acknowledgement ? { ...reviewOf(inspection)!, submissionId: inspection.acknowledgement.submissionId } : undefined,
    acknowledgedBy: reviewOf(next),
  };
}

/** A short stamp of what a DVIR holds, so a kept PDF is drawn again once a defect is certified or acknowledged. */
export const stampOf = (dvir: DvirRecord | undefined) =>
  dvir ? `${dvir.defects.reduce((sum, defect) => sum + defect.version, 0)}${dvir.acknowledgedBy ? "a" : ""}` : "";
