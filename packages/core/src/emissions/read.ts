export * as EmissionsRead from "./read";
import * as z from "../util/zod";
import type { Actor } from "../auth/claims";
import { companyOf } from "../form/verb";
import { FormEntity } from "../form/form.entity";
import { parseDefinition, type FormDefinition } from "../form/definition";
import type { Values } from "../form/values";
import { SubmissionEntity } from "../submission/submission.entity";
import { mayRead } from "../submission/visibility";
import { VehicleUseEntity } from "../vehicle/vehicle.entity";
import * as Vehicle from "../vehicle/read";
import { NotFoundError, ValidationError } from "../util/errors";
import { EDITION, EGRID, SOURCE, fuelLogOf, isFuelLog, monthsBetween, summarize, type FuelLog } from "./index";

/*
 * Emissions read from the fuel logs (issue 42, docs/api-emissions.md): per company and per vehicle, by month.
 * Fills are read a page at a time and only their sums are kept, so a company's year of fills costs its reads,
 * not its memory.
 */

export const RANGE_MESSAGES = {
  month: "Give months as YYYY-MM",
  order: "The first month must not be after the last",
  span: "Ask for at most 60 months at once",
} as const;

const Month = /* @__PURE__ */ z.lazySchema(() => z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, RANGE_MESSAGES.month)));
export const RangeInput = /* @__PURE__ */ z.lazySchema(() => z.object({ from: z.optional(Month), to: z.optional(Month) }));
export type RangeInput = z.output<typeof RangeInput>;

const PAGE = 500;
const BATCH = 100;
const MAX_MONTHS = 60;

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const monthAt = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;

/** The months asked for: by default the twelve ending with the current one (UTC). */
export function rangeOf(input: RangeInput, now = new Date()): { from: string; to: string } {
  const to = input.to ?? now.toISOString().slice(0, 7);
  const from = input.from ?? monthAt(monthIndex(to) - 11);
  if (from > to) throw new ValidationError("emissions.range", RANGE_MESSAGES.order, { from: [RANGE_MESSAGES.order] });
  if (monthIndex(to) - monthIndex(from) + 1 > MAX_MONTHS) throw new ValidationError("emissions.range", RANGE_MESSAGES.span, { from: [RANGE_MESSAGES.span] });
  return { from, to };
}

/** The company's forms that are fuel logs, with their current definitions. */
export async function fuelForms(companyId: string): Promise<Map<number, FormDefinition>> {
  const { data } = await FormEntity.query.byCompany({ companyId }).go({ pages: "all", attributes: ["formId", "formDefinition"] });
  const forms = new Map<number, FormDefinition>();
  for (const form of data) {
    const parsed = parseDefinition(form.formDefinition);
    if (parsed.success && isFuelLog(parsed.definition)) forms.set(form.formId, parsed.definition);
  }
  return forms;
}

type Stored = { submissionId: number; formId: number; values: string; createdAt: string; submittedBy: string };
const ATTRIBUTES = ["submissionId", "formId", "values", "createdAt", "submittedBy"] as const;

function logOf(forms: Map<number, FormDefinition>, item: Stored): FuelLog | undefined {
  const definition = forms.get(item.formId);
  return definition ? fuelLogOf(definition, { submissionId: item.submissionId, createdAt: item.createdAt, values: JSON.parse(item.values) as Values }) : undefined;
}

/** Every fill of the company's fuel logs, form by form, a page at a time. `keep` leaves out what the caller may not read. */
export async function* companyLogs(companyId: string, keep: (item: Stored) => boolean = () => true, forms?: Map<number, FormDefinition>): AsyncGenerator<FuelLog> {
  const fuel = forms ?? (await fuelForms(companyId));
  for (const formId of [...fuel.keys()].sort((a, b) => a - b)) {
    let cursor: string | null = null;
    do {
      const page: { data: Stored[]; cursor: string | null } = await SubmissionEntity.query.byForm({ companyId, formId }).go({ limit: PAGE, cursor, attributes: [...ATTRIBUTES] });
      for (const item of page.data) {
        const log = keep(item) ? logOf(fuel, item) : undefined;
        if (log) yield log;
      }
      cursor = page.cursor;
    } while (cursor);
  }
}

/** One vehicle's fills: the submissions that picked it (its uses), those of fuel log forms. */
async function vehicleLogs(actor: Actor, companyId: string, vehicleId: string): Promise<FuelLog[]> {
  const fuel = await fuelForms(companyId);
  const { data: uses } = await VehicleUseEntity.query.byVehicle({ companyId, vehicleId }).go({ pages: "all" });
  const ids = uses.filter((use) => fuel.has(use.formId)).map((use) => use.submissionId);
  const logs: FuelLog[] = [];
  for (let at = 0; at < ids.length; at += BATCH) {
    const { data } = await SubmissionEntity.get(ids.slice(at, at + BATCH).map((submissionId) => ({ companyId, submissionId }))).go({ attributes: [...ATTRIBUTES] });
    for (const item of data as Stored[]) {
      const log = mayRead(actor, item) ? logOf(fuel, item) : undefined;
      // a fill that picked two vehicles counts for the one asked about
      if (log) logs.push({ ...log, vehicleId });
    }
  }
  return logs;
}

const FACTORS = { source: SOURCE, edition: EDITION, electricity: EGRID.edition } as const;

/** The months of the range, each with its sums (kg CO2, CO2e where known, per km and mile), and the range's total. */
function answer(range: { from: string; to: string }, logs: Iterable<FuelLog>) {
  const { months, total } = summarize(logs, range);
  return { ...range, months: monthsBetween(range.from, range.to, months), total, factors: FACTORS };
}

/** GET /emissions: the company's emissions by month (viewers and administrators: it sums everyone's fills). */
export async function forCompany(actor: Actor, input: RangeInput) {
  const companyId = companyOf(actor);
  const range = rangeOf(input);
  const logs: FuelLog[] = [];
  for await (const log of companyLogs(companyId)) logs.push(log);
  return answer(range, logs);
}

/** GET /vehicles/{id}/emissions: one vehicle's, from the fills the caller may read (a user: their own, issue 36). */
export async function forVehicle(actor: Actor, vehicleId: string, input: RangeInput) {
  const companyId = companyOf(actor);
  const range = rangeOf(input);
  const [vehicle] = (await Vehicle.manyFromIds(companyId, [vehicleId])).values();
  if (!vehicle) throw new NotFoundError("vehicle.not_found", "Vehicle not found");
  return { vehicleId, ...answer(range, await vehicleLogs(actor, companyId, vehicleId)) };
}
