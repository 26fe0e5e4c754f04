export * as Emissions from "./index";
import type { Element, FormDefinition, ValueElement } from "../form/definition";
import type { Values } from "../form/values";
import { BIODIESEL_SHARE, EGRID, FUEL_TYPES, GWP, KG_CO2_PER_GALLON, KG_CO2_PER_SCF_CNG, KG_PER_LB, LITRES_PER_GALLON, MAX_FILL, SCF_PER_GGE_CNG, type FuelType, type FuelUnit } from "./factors";

export * from "./factors";

/*
 * Emissions from fuel logs (issue 42). Pure: a fuel log's answers become kg of CO2 (and CO2e where the Hub gives
 * the other gases per unit of fuel), summed per vehicle, per month and per company. The web app, the API and the
 * reports worker share it. A fuel log is a form with a number question named `fuelQuantity`
 * (docs/emissions.md); its unit is the `fuelUnit` answer or the question's own unit, its fuel the `fuelType`
 * answer.
 */

export const FIELDS = { quantity: "fuelQuantity", unit: "fuelUnit", fuelType: "fuelType", date: "fuelDate", odometer: "odometer" } as const;

/** The messages a refused fuel log answers with, per field (the web app translates them as it does form.values'). */
export const FUEL_MESSAGES = {
  fuelQuantity: "Enter a quantity greater than 0",
  fuelTooMuch: (max: string) => `One fill cannot be more than ${max}`,
  fuelUnit: "Choose litres, gallons or kWh",
  fuelType: "Choose gasoline, diesel, B5, B20, CNG, LPG, propane or electricity",
  fuelUnitForType: "Count electricity in kWh and fuels in litres or gallons",
} as const;

export interface FuelAnswer {
  quantity: number;
  unit: FuelUnit;
  fuelType: FuelType;
}

export interface Emission {
  /** fossil CO2, the inventory's figure */
  co2Kg: number;
  /** CO2 + CH4 and N2O by their warming potentials; null where the Hub has no per-unit factor for the other gases */
  co2eKg: number | null;
  /** CO2 from the biodiesel share of a blend, reported apart as the Hub asks */
  biogenicCo2Kg: number;
}

const KM_PER_MILE = 1.609344;
const LB_CO2E_PER_MWH = EGRID.lbCo2PerMwh * GWP.co2 + EGRID.lbCh4PerMwh * GWP.ch4 + EGRID.lbN2oPerMwh * GWP.n2o;

const gallonsOf = (quantity: number, unit: FuelUnit) => (unit === "gallons" ? quantity : quantity / LITRES_PER_GALLON);

/**
 * One fill's emissions. On-road CH4 and N2O are given per mile by vehicle type and model year (the Hub's Table 3),
 * which a fuel log does not carry, so only electricity (eGRID gives all three gases per MWh) has a CO2e.
 */
export function emissionOf({ quantity, unit, fuelType }: FuelAnswer): Emission {
  if (fuelType === "electricity") {
    const mwh = quantity / 1000;
    return { co2Kg: mwh * EGRID.lbCo2PerMwh * KG_PER_LB, co2eKg: mwh * LB_CO2E_PER_MWH * KG_PER_LB, biogenicCo2Kg: 0 };
  }
  const gallons = gallonsOf(quantity, unit);
  if (fuelType === "b5" || fuelType === "b20") {
    const share = BIODIESEL_SHARE[fuelType];
    return { co2Kg: gallons * (1 - share) * KG_CO2_PER_GALLON.diesel, co2eKg: null, biogenicCo2Kg: gallons * share * KG_CO2_PER_GALLON.biodiesel };
  }
  // CNG is sold by the gasoline gallon equivalent; a litre is a litre of gasoline equivalent
  if (fuelType === "cng") return { co2Kg: gallons * SCF_PER_GGE_CNG * KG_CO2_PER_SCF_CNG, co2eKg: null, biogenicCo2Kg: 0 };
  return { co2Kg: gallons * KG_CO2_PER_GALLON[fuelType], co2eKg: null, biogenicCo2Kg: 0 };
}

/** The questions of a form outside groups (sections opened): a fuel log's answers are one per submission. */
function topLevel(body: readonly Element[], found = new Map<string, ValueElement>()) {
  for (const element of body) {
    if (element.type === "section") topLevel(element.elements, found);
    else found.set(element.name, element);
  }
  return found;
}

const UNIT_WORDS: Record<string, FuelUnit> = { gal: "gallons", gallon: "gallons", gallons: "gallons", l: "litres", litre: "litres", litres: "litres", liter: "litres", liters: "litres", kwh: "kwh" };
const unitOf = (text: unknown): FuelUnit | undefined => (typeof text === "string" ? UNIT_WORDS[text.trim().toLowerCase()] : undefined);

/**
 * Whether a form's submissions are fuel logs: a number question named `fuelQuantity`, a `fuelType` question, and
 * a unit (a `fuelUnit` question, or the quantity's own unit). A form that lacks one is not counted, and its
 * answers are not refused for it: its people could not mend what it does not ask.
 */
export function isFuelLog(definition: FormDefinition): boolean {
  const questions = topLevel(definition.body);
  const quantity = questions.get(FIELDS.quantity);
  return quantity?.type === "number" && questions.has(FIELDS.fuelType) && (questions.has(FIELDS.unit) || unitOf(quantity.unit) !== undefined);
}

const isFuelType = (value: unknown): value is FuelType => typeof value === "string" && (FUEL_TYPES as readonly string[]).includes(value);

const ceilingOf = (unit: FuelUnit) => (unit === "kwh" ? MAX_FILL.kwh : unit === "gallons" ? MAX_FILL.gallons : Math.round(MAX_FILL.gallons * LITRES_PER_GALLON));
const UNIT_SHORT: Record<FuelUnit, string> = { gallons: "gal", litres: "L", kwh: "kWh" };

/**
 * Issue 42: a fuel log that cannot be counted is refused, not counted silently. Run on answers already checked
 * against the form (form/values): the quantity must be above 0 and fit one fill, the unit and fuel be ones the
 * factors know, and electricity be in kWh, fuels in litres or gallons. Messages by field, as form/values gives.
 */
export function checkFuelLog(definition: FormDefinition, values: Values): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const questions = topLevel(definition.body);
  const question = questions.get(FIELDS.quantity);
  if (question?.type !== "number" || !isFuelLog(definition)) return errors;
  const quantity = values[FIELDS.quantity];
  if (quantity === undefined) return errors;
  const unitField = questions.has(FIELDS.unit) ? FIELDS.unit : FIELDS.quantity;
  const unit = questions.has(FIELDS.unit) ? unitOf(values[FIELDS.unit]) : unitOf(question.unit);
  const fuelType = values[FIELDS.fuelType];
  if (typeof quantity !== "number" || !(quantity > 0)) errors[FIELDS.quantity] = [FUEL_MESSAGES.fuelQuantity];
  if (!unit) errors[unitField] = [...(errors[unitField] ?? []), FUEL_MESSAGES.fuelUnit];
  if (!isFuelType(fuelType)) errors[FIELDS.fuelType] = [FUEL_MESSAGES.fuelType];
  if (unit && isFuelType(fuelType) && (fuelType === "electricity") !== (unit === "kwh")) errors[unitField] = [...(errors[unitField] ?? []), FUEL_MESSAGES.fuelUnitForType];
  if (unit && typeof quantity === "number" && quantity > ceilingOf(unit)) errors[FIELDS.quantity] = [FUEL_MESSAGES.fuelTooMuch(`${ceilingOf(unit)} ${UNIT_SHORT[unit]}`)];
  return errors;
}

/** One counted fill. */
export interface FuelLog extends FuelAnswer, Emission {
  submissionId: number;
  vehicleId: string | null;
  /** the vehicle's number when the fill was submitted (the answer's snapshot) */
  vehicleNumber: string | null;
  /** YYYY-MM-DD: the fill's date answer, else the day it was submitted */
  date: string;
  /** the odometer in km, when the log gives one */
  odometerKm: number | null;
}

/** A submission's fill, when its answers can be counted (answers from before a form became a fuel log may not). */
export function fuelLogOf(definition: FormDefinition, submission: { submissionId: number; values: Values; createdAt: string }): FuelLog | undefined {
  const { values } = submission;
  const questions = topLevel(definition.body);
  const question = questions.get(FIELDS.quantity);
  if (question?.type !== "number" || Object.keys(checkFuelLog(definition, values)).length) return undefined;
  const quantity = values[FIELDS.quantity];
  const unit = questions.has(FIELDS.unit) ? unitOf(values[FIELDS.unit]) : unitOf(question.unit);
  const fuelType = values[FIELDS.fuelType];
  if (typeof quantity !== "number" || !unit || !isFuelType(fuelType)) return undefined;
  const vehicle = [...questions.values()].find((element) => element.type === "vehicle");
  const picked = vehicle ? (values[vehicle.name] as { id?: string; vehicleNumber?: string } | undefined) : undefined;
  const date = values[FIELDS.date];
  const odometer = values[FIELDS.odometer];
  const odometerQuestion = questions.get(FIELDS.odometer);
  const inKm = odometerQuestion?.type === "number" && odometerQuestion.unit?.trim().toLowerCase() === "km";
  return {
    submissionId: submission.submissionId,
    vehicleId: picked?.id ?? null,
    vehicleNumber: picked?.vehicleNumber ?? null,
    date: typeof date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : submission.createdAt.slice(0, 10),
    odometerKm: typeof odometer === "number" ? (inKm ? odometer : odometer * KM_PER_MILE) : null,
    quantity,
    unit,
    fuelType,
    ...emissionOf({ quantity, unit, fuelType }),
  };
}

/** A month's total (or a whole period's): CO2e only when every fill of it has one. */
export interface Total {
  co2Kg: number;
  co2eKg: number | null;
  biogenicCo2Kg: number;
  fills: number;
  /** distance between odometer readings of one vehicle, counted in the month of the later reading */
  distanceKm: number;
  /** kg of CO2 per km and per mile over the fills that close such a distance; null without readings */
  co2KgPerKm: number | null;
  co2KgPerMile: number | null;
}
export interface MonthTotal extends Total {
  /** YYYY-MM */
  month: string;
}

const round = (value: number, places = 3) => Math.round(value * 10 ** places) / 10 ** places;

/** Running sums of one group of fills (a month, a period). */
class Sum {
  co2 = 0;
  co2e = 0;
  allCo2e = true;
  biogenic = 0;
  fills = 0;
  distance = 0;
  co2OverDistance = 0;

  add(log: FuelLog, distanceKm: number | null) {
    this.co2 += log.co2Kg;
    this.biogenic += log.biogenicCo2Kg;
    if (log.co2eKg === null) this.allCo2e = false;
    else this.co2e += log.co2eKg;
    this.fills++;
    if (distanceKm !== null) {
      this.distance += distanceKm;
      this.co2OverDistance += log.co2Kg;
    }
  }

  total(): Total {
    const perKm = this.distance > 0 ? this.co2OverDistance / this.distance : null;
    return {
      co2Kg: round(this.co2),
      co2eKg: this.allCo2e && this.fills ? round(this.co2e) : null,
      biogenicCo2Kg: round(this.biogenic),
      fills: this.fills,
      distanceKm: round(this.distance, 1),
      co2KgPerKm: perKm === null ? null : round(perKm, 4),
      co2KgPerMile: perKm === null ? null : round(perKm * KM_PER_MILE, 4),
    };
  }
}

/**
 * Totals per month, oldest first, and for all the fills given. A fill's distance is from its vehicle's previous
 * reading (the full-tank method: the fill replaces what the distance burned), so per-km figures need two
 * readings of a vehicle; a reading lower than the one before (a replaced odometer, a typo) closes no distance.
 * With a range (YYYY-MM, both included), fills outside it are not summed, but a reading before it still opens
 * the first distance inside it.
 */
export function summarize(logs: Iterable<FuelLog>, range?: { from: string; to: string }): { months: MonthTotal[]; total: Total } {
  const ordered = [...logs].sort((a, b) => a.date.localeCompare(b.date) || (a.odometerKm ?? 0) - (b.odometerKm ?? 0) || a.submissionId - b.submissionId);
  const lastReading = new Map<string, number>();
  const months = new Map<string, Sum>();
  const all = new Sum();
  for (const log of ordered) {
    let distance: number | null = null;
    if (log.odometerKm !== null && log.vehicleId !== null) {
      const previous = lastReading.get(log.vehicleId);
      if (previous !== undefined && log.odometerKm > previous) distance = log.odometerKm - previous;
      lastReading.set(log.vehicleId, log.odometerKm);
    }
    const month = log.date.slice(0, 7);
    if (range && (month < range.from || month > range.to)) continue;
    if (!months.has(month)) months.set(month, new Sum());
    months.get(month)!.add(log, distance);
    all.add(log, distance);
  }
  return { months: [...months].map(([month, sum]) => ({ month, ...sum.total() })), total: all.total() };
}

/** The months from `from` to `to` (YYYY-MM, both included), each with its total or zeros: a chart's bars. */
export function monthsBetween(from: string, to: string, months: readonly MonthTotal[]): MonthTotal[] {
  const byMonth = new Map(months.map((entry) => [entry.month, entry]));
  const out: MonthTotal[] = [];
  let [year, month] = from.split("-").map(Number) as [number, number];
  for (let guard = 0; guard < 600; guard++) {
    const key = `${year}-${String(month).padStart(2, "0")}`;
    if (key > to) break;
    out.push(byMonth.get(key) ?? { month: key, co2Kg: 0, co2eKg: null, biogenicCo2Kg: 0, fills: 0, distanceKm: 0, co2KgPerKm: null, co2KgPerMile: null });
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
  return out;
}

