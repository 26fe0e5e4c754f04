export * as Vehicle from "./index";
import { randomUUID } from "node:crypto";
import * as z from "../util/zod";
import { createWriteTransaction } from "../db/electrodb";
import type { Actor } from "../auth/claims";
import { assertCanWrite } from "../auth/access";
import { safeText } from "../util/text";
import { eachLimited } from "../util/each-limited";
import { ConflictError, NotFoundError, StaleRecordError, ValidationError } from "../util/errors";
import { hasValidCheckDigit, normalizeVin, VIN_PATTERN } from "./vin";
import * as Activity from "../activity";
import { ActivityEntity } from "../activity";
import { FUEL_TYPES, VEHICLE_TYPES, VehicleClaimEntity, VehicleEntity, VehicleUseEntity, type VehicleItem } from "./vehicle.entity";
import { BillingTrailEntity } from "../billing/billing.entity";
import { vehicleHistory } from "../billing/billable";
import { collator } from "../util/collate";

export type { VehicleItem } from "./vehicle.entity";
export { FUEL_TYPES, VEHICLE_TYPES } from "./vehicle.entity";

/*
 * The fleet register (issue 14, docs/api-vehicles.md): vehicles with a VIN and a number each unique in the
 * company (claimed in the write's own transaction), an activation history, and a count of the submissions
 * that picked each (so a referenced vehicle cannot be deleted, checked in the delete's own condition).
 */

export const VEHICLE_MESSAGES = {
  notFound: "Vehicle not found",
  vinFormat: "A VIN is 17 letters and digits (no I, O or Q)",
  checkDigit: "The VIN's check digit does not match. Check the VIN, or confirm it is not a North American VIN.",
  vinTaken: "This VIN is already registered",
  numberTaken: "This vehicle number is already in use",
  numberRequired: "A vehicle number is required",
  referenced: "This vehicle is used by submissions. Deactivate it instead.",
  type: "Choose a vehicle type",
  fuelType: "Choose a fuel type",
} as const;

// --- the VIN --------------------------------------------------------------------------------------------

export { checkDigitOf, hasValidCheckDigit, normalizeVin, VIN_PATTERN } from "./vin";

const Vin = /* @__PURE__ */ z.lazySchema(() => z.pipe(z.string().check(z.maxLength(40)), z.transform(normalizeVin)).check(z.refine((vin) => vin === "" || VIN_PATTERN.test(vin), VEHICLE_MESSAGES.vinFormat)));

// --- fields ---------------------------------------------------------------------------------------------

export const VehicleFields = /* @__PURE__ */ z.lazySchema(() => z.object({
  vehicleNumber: safeText(z.string({ error: VEHICLE_MESSAGES.numberRequired }).check(
    z.trim(),
    z.minLength(1, VEHICLE_MESSAGES.numberRequired),
    z.maxLength(50),
  )),
  vin: z._default(Vin, ""),
  type: z._default(z.enum(VEHICLE_TYPES, { error: VEHICLE_MESSAGES.type }), "truck"),
  engine: z._default(safeText(z.string().check(z.trim(), z.maxLength(100))), ""),
  fuelType: z._default(z.union([z.enum(FUEL_TYPES, { error: VEHICLE_MESSAGES.fuelType }), z.literal("")]), ""),
  description: z._default(safeText(z.string().check(z.trim(), z.maxLength(500))), ""),
  isActive: z._default(z.boolean(), true),
  /** the person confirms a VIN whose check digit does not match is not a North American one */
  nonNorthAmerican: z._default(z.boolean(), false),
}));
export type VehicleFields = z.output<typeof VehicleFields>;
export const CreateInput = VehicleFields;
export const UpdateInput = /* @__PURE__ */ z.lazySchema(() => z.extend(z.partial(VehicleFields), { version: z.optional(z.number().check(z.int(), z.gte(1))) }));
export type UpdateInput = z.output<typeof UpdateInput>;
export const VehicleId = /* @__PURE__ */ z.lazySchema(() => z.string().check(z.trim(), z.regex(/^[\w-]{1,100}$/, VEHICLE_MESSAGES.notFound)));

function assertCheckDigit(vin: string, nonNorthAmerican: boolean) {
  if (vin && !nonNorthAmerican && !hasValidCheckDigit(vin)) {
    throw new ValidationError("vehicle.check_digit", VEHICLE_MESSAGES.checkDigit, { vin: [VEHICLE_MESSAGES.checkDigit] });
  }
}

export function present(vehicle: VehicleItem) {
  return {
    id: vehicle.vehicleId,
    vehicleId: vehicle.vehicleId,
    vehicleNumber: vehicle.vehicleNumber,
    vin: vehicle.vin,
    type: vehicle.type,
    engine: vehicle.engine,
    fuelType: vehicle.fuelType ?? "",
    description: vehicle.description,
    isActive: vehicle.isActive,
    version: vehicle.version,
    createdAt: vehicle.createdAt,
    updatedAt: vehicle.updatedAt,
    history: vehicle.history ?? [],
  };
}
export type PresentedVehicle = ReturnType<typeof present>;

// --- reads ----------------------------------------------------------------------------------------------

export async function fromId(companyId: string, vehicleId: string): Promise<VehicleItem | undefined> {
  const { data } = await VehicleEntity.get({ companyId, vehicleId }).go();
  return data ?? undefined;
}

export async function mustGet(companyId: string, vehicleId: string): Promise<VehicleItem> {
  const vehicle = await fromId(companyId, vehicleId);
  if (!vehicle) throw new NotFoundError("vehicle.not_found", VEHICLE_MESSAGES.notFound);
  return vehicle;
}

/** The vehicles of a company, by number. */
export async function listByCompany(companyId: string, options: { activeOnly?: boolean } = {}): Promise<VehicleItem[]> {
  const { data } = await VehicleEntity.query.byCompany({ companyId }).go({ pages: "all" });
  return data.filter((vehicle) => !options.activeOnly || vehicle.isActive).sort((a, b) => collator.compare(a.vehicleNumber, b.vehicleNumber));
}

/** Vehicles of one company by id; ids of another company are simply absent. */
export { manyFromIds } from "./read";

export const SORT_COLUMNS = ["vehicleNumber", "vin", "type", "fuelType", "description", "isActive", "updatedAt"] as const;
const bool = /* @__PURE__ */ z.lazySchema(() => z.pipe(z.enum(["true", "false"]), z.transform((value) => value === "true")));
export const ListQuery = /* @__PURE__ */ z.lazySchema(() => z.object({
  search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  active: z.optional(bool),
  type: z.optional(z.enum(VEHICLE_TYPES)),
  sort_by: z._default(z.enum(SORT_COLUMNS), "vehicleNumber"),
  sort_direction: z._default(z.enum(["asc", "desc"]), "asc"),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)), 1),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 25),
}));
export type ListQuery = z.output<typeof ListQuery>;

/** `GET /vehicles`: one Query of the company's vehicles, then search, filters, sort and the page in memory. */
export async function list(companyId: string, query: ListQuery) {
  const { data } = await VehicleEntity.query.byCompany({ companyId }).go({ pages: "all" });
  const needle = query.search?.toLowerCase();
  const vinNeedle = query.search ? normalizeVin(query.search) : "";
  const rows = data.filter(
    (vehicle) =>
      (query.active === undefined || vehicle.isActive === query.active) &&
      (query.type === undefined || vehicle.type === query.type) &&
      (!needle || vehicle.vehicleNumber.toLowerCase().includes(needle) || (vinNeedle && vehicle.vin.startsWith(vinNeedle)) || vehicle.description.toLowerCase().includes(needle)),
  );
  const direction = query.sort_direction === "asc" ? 1 : -1;
  const keyed = rows.map((vehicle) => ({ vehicle, key: String(vehicle[query.sort_by] ?? "") }));
  keyed.sort((a, b) => direction * (collator.compare(a.key, b.key) || collator.compare(a.vehicle.vehicleNumber, b.vehicle.vehicleNumber)));
  const total = keyed.length;
  const totalPages = Math.max(1, Math.ceil(total / query.limit));
  const start = (query.page - 1) * query.limit;
  const vehicles = keyed.slice(start, start + query.limit).map((entry) => present(entry.vehicle));
  return { data: { vehicles, total, page: query.page, limit: query.limit, totalPages }, totalPages };
}

/** `GET /vehicles/{id}`: the vehicle and the ids of the submissions that picked it, newest first. */
export async function usesOf(companyId: string, vehicleId: string, limit = 100) {
  const { data } = await VehicleUseEntity.query.byVehicle({ companyId, vehicleId }).go({ order: "desc", limit });
  return data;
}

// --- writes ---------------------------------------------------------------------------------------------

type Codes = { code?: string }[];
const taken = (kind: "vin" | "number") =>
  kind === "vin"
    ? new ConflictError("vehicle.vin_taken", VEHICLE_MESSAGES.vinTaken)
    : new ConflictError("vehicle.number_taken", VEHICLE_MESSAGES.numberTaken);
const claimValue = (kind: "vin" | "number", value: string) => (kind === "number" ? value.toUpperCase() : value);
const historyEntry = (isActive: boolean, by: Pick<Actor, "userId" | "username">) => ({ isActive, at: new Date().toISOString(), by: by.username, byId: by.userId });

/** The outcome of a write whose items are labelled: which claim or condition failed. */
function failure(codes: Codes, labels: ("vin" | "number" | "stale" | "other")[]): Error {
  const failed = labels.filter((_, i) => codes[i]?.code === "ConditionalCheckFailed");
  if (failed.includes("stale")) return new StaleRecordError();
  if (failed.includes("vin")) return taken("vin");
  if (failed.includes("number")) return taken("number");
  return new ConflictError("vehicle.busy", "The vehicle could not be saved. Please try again.");
}

/** New vehicles' writes, in one transaction: each vehicle, its number and VIN claims (each refused when taken) and its activity. */
function insertTransaction(companyId: string, rows: { fields: VehicleFields; vehicleId: string }[], by: Pick<Actor, "userId" | "username">) {
  return createWriteTransaction({ vehicles: VehicleEntity, claims: VehicleClaimEntity, activity: ActivityEntity }, ({ vehicles, claims, activity }) =>
    rows.flatMap(({ fields, vehicleId }) => {
      const { nonNorthAmerican: _confirmed, ...values } = fields;
      return [
        vehicles.create({ companyId, vehicleId, ...values, history: [historyEntry(values.isActive, by)] }).commit(),
        claims.create({ companyId, kind: "number", value: claimValue("number", values.vehicleNumber), vehicleId }).commit(),
        ...(values.vin ? [claims.create({ companyId, kind: "vin", value: values.vin, vehicleId }).commit()] : []),
        activity.create(Activity.entry({ companyId, actor: by, action: "vehicle.created", subject: { type: "vehicle", id: vehicleId, name: values.vehicleNumber }, after: { vehicleNumber: values.vehicleNumber, vin: values.vin } })).commit(),
      ];
    }),
  );
}

/** Writes a new vehicle with its VIN and number claims, in one transaction (no read before it). */
async function insert(companyId: string, fields: VehicleFields, by: Pick<Actor, "userId" | "username">, vehicleId: string = randomUUID()) {
  const labels: ("vin" | "number" | "other")[] = ["other", "number", ...(fields.vin ? (["vin"] as const) : [])];
  const result = await insertTransaction(companyId, [{ fields, vehicleId }], by).go();
  if (result.canceled) throw failure(result.data as Codes, labels);
  return (await fromId(companyId, vehicleId))!;
}

/** Vehicles written together by `createMany`: four writes each at most, inside DynamoDB's 100 a transaction. */
export const CREATE_BATCH = 25;
/** Batches written at the same time. */
const CREATE_CONCURRENCY = 4;

/**
 * The import's way in: each batch of vehicles in one transaction, so 5,000 rows are 200 round trips instead
 * of 10,000. Every claim is still conditional, so a batch with one taken number or VIN is refused whole and
 * its vehicles are then written one by one: the taken one fails with its reason, the others go in. Answers
 * each vehicle's outcome in order: undefined when written, the error otherwise.
 */
export async function createMany(actor: Actor, companyId: string, inputs: VehicleFields[]): Promise<(Error | undefined)[]> {
  assertCanWrite(actor);
  const outcomes: (Error | undefined)[] = inputs.map((input) => {
    try {
      assertCheckDigit(input.vin, input.nonNorthAmerican);
      return undefined;
    } catch (error) {
      return error as Error;
    }
  });
  const ready = inputs.map((input, index) => ({ input, index })).filter(({ index }) => !outcomes[index]);
  const batches = Array.from({ length: Math.ceil(ready.length / CREATE_BATCH) }, (_, i) => ready.slice(i * CREATE_BATCH, (i + 1) * CREATE_BATCH));
  await eachLimited(batches, CREATE_CONCURRENCY, async (batch) => {
    const result = await insertTransaction(companyId, batch.map(({ input }) => ({ fields: input, vehicleId: randomUUID() })), actor).go();
    if (!result.canceled) return;
    for (const { input, index } of batch) outcomes[index] = await insert(companyId, input, actor).then(() => undefined, (error: unknown) => error as Error);
  });
  return outcomes;
}

/** `POST /vehicles`. */
export async function create(actor: Actor, companyId: string, input: VehicleFields) {
  assertCanWrite(actor);
  assertCheckDigit(input.vin, input.nonNorthAmerican);
  return insert(companyId, input, actor);
}

/** The demo data's way in: the same transaction, with a chosen id, written as `by` (the company's administrator). */
export async function seed(companyId: string, input: z.input<typeof VehicleFields> & { vehicleId: string }, by: Pick<Actor, "userId" | "username">) {
  const { vehicleId, ...fields } = input;
  return insert(companyId, VehicleFields.parse(fields), by, vehicleId);
}

/**
 * `PUT /vehicles/{id}`: the changed fields, the claims moved when the VIN or number changes, and the history
 * when `isActive` changes, in one transaction conditioned on the version read (the client's when sent).
 */
export async function update(actor: Actor, companyId: string, vehicleId: string, input: UpdateInput) {
  assertCanWrite(actor);
  for (let attempt = 0; ; attempt++) {
    const vehicle = await mustGet(companyId, vehicleId);
    if (input.version !== undefined && input.version !== vehicle.version) throw new StaleRecordError();
    const { version: _version, nonNorthAmerican, ...fields } = input;
    const changes = Object.fromEntries(Object.entries(fields).filter(([key, value]) => value !== undefined && value !== vehicle[key as keyof VehicleItem])) as Partial<VehicleFields>;
    if (changes.vin) assertCheckDigit(changes.vin, nonNorthAmerican ?? false);
    if (Object.keys(changes).length === 0) return vehicle;
    const labels: ("vin" | "number" | "stale" | "other")[] = [];
    const result = await createWriteTransaction({ vehicles: VehicleEntity, claims: VehicleClaimEntity, activity: ActivityEntity }, ({ vehicles, claims, activity }) => {
      const items = [];
      const history = changes.isActive !== undefined ? [...(vehicle.history ?? []), historyEntry(changes.isActive, actor)] : undefined;
      items.push(
        vehicles
          .patch({ companyId, vehicleId })
          .set({ ...changes, ...(history ? { history } : {}) })
          .add({ version: 1 })
          .where(({ version }, { eq }) => eq(version, vehicle.version))
          .commit(),
      );
      labels.push("stale");
      if (changes.vehicleNumber !== undefined && claimValue("number", changes.vehicleNumber) !== claimValue("number", vehicle.vehicleNumber)) {
        items.push(claims.delete({ companyId, kind: "number", value: claimValue("number", vehicle.vehicleNumber) }).commit());
        items.push(claims.create({ companyId, kind: "number", value: claimValue("number", changes.vehicleNumber), vehicleId }).commit());
        labels.push("other", "number");
      }
      if (changes.vin !== undefined) {
        if (vehicle.vin) {
          items.push(claims.delete({ companyId, kind: "vin", value: vehicle.vin }).commit());
          labels.push("other");
        }
        if (changes.vin) {
          items.push(claims.create({ companyId, kind: "vin", value: changes.vin, vehicleId }).commit());
          labels.push("vin");
        }
      }
      const before = Object.fromEntries(Object.keys(changes).map((key) => [key, vehicle[key as keyof VehicleItem]]));
      items.push(activity.create(Activity.entry({ companyId, actor, action: "vehicle.edited", subject: { type: "vehicle", id: vehicleId, name: changes.vehicleNumber ?? vehicle.vehicleNumber }, before, after: changes })).commit());
      labels.push("other");
      return items;
    }).go();
    if (!result.canceled) return (await fromId(companyId, vehicleId))!;
    const error = failure(result.data as Codes, labels);
    // a write that raced ours, when the client did not say which version it edited: read again and retry
    if (!(error instanceof StaleRecordError) || input.version !== undefined || attempt >= 2) throw error;
  }
}

/** `DELETE /vehicles/{id}`: only a vehicle no submission picked (the condition is part of the delete). */
export async function remove(actor: Actor, companyId: string, vehicleId: string) {
  assertCanWrite(actor);
  const vehicle = await mustGet(companyId, vehicleId);
  const removedAt = new Date().toISOString();
  const history = vehicleHistory(vehicle.history, vehicle.isActive, vehicle.createdAt);
  const trail = { companyId, kind: "vehicle" as const, id: vehicleId, removedAt, label: vehicle.vehicleNumber, createdAt: vehicle.createdAt, history: vehicle.isActive ? [...history, { billable: false, at: removedAt }] : history };
  const result = await createWriteTransaction({ vehicles: VehicleEntity, claims: VehicleClaimEntity, activity: ActivityEntity, trails: BillingTrailEntity }, ({ vehicles, claims, activity, trails }) => [
    // a month still bills a vehicle deleted in the middle of it
    trails.put(trail).commit(),
    activity.create(Activity.entry({ companyId, actor, action: "vehicle.deleted", subject: { type: "vehicle", id: vehicleId, name: vehicle.vehicleNumber }, before: { vehicleNumber: vehicle.vehicleNumber, vin: vehicle.vin } })).commit(),
    vehicles
      .delete({ companyId, vehicleId })
      .where(({ useCount, version }, { eq, notExists }) => `(${notExists(useCount)} OR ${eq(useCount, 0)}) AND ${eq(version, vehicle.version)}`)
      .commit(),
    claims.delete({ companyId, kind: "number", value: claimValue("number", vehicle.vehicleNumber) }).commit(),
    ...(vehicle.vin ? [claims.delete({ companyId, kind: "vin", value: vehicle.vin }).commit()] : []),
  ]).go();
  if (result.canceled) {
    const now = await fromId(companyId, vehicleId);
    if (now && (now.useCount ?? 0) > 0) throw new ConflictError("vehicle.referenced", VEHICLE_MESSAGES.referenced);
    throw new StaleRecordError();
  }
  return { status: "success" as const };
}
