import type { Lang } from "../form/display";
import { formatDate } from "../form/display";
import { day, type Cell } from "../util/xlsx-write";
import type { SubmissionRow, SubmissionTable } from "../report/rows";
import { companyLogs } from "./read";
import type { FuelType } from "./factors";

/*
 * The "emissions" report (issue 42): one row per fill submitted in the period, then the period's total. Rows are
 * made while the fills are read (a page at a time) and only running sums are kept, so a report over 100,000 fills
 * holds no more than one over ten (bench/emissions.ts).
 */

const COLUMNS = {
  en: ["Fill date", "Vehicle", "Fuel", "Quantity", "Unit", "kg CO2", "kg CO2e", "kg biogenic CO2", "Submission"],
  es: ["Fecha de carga", "Vehículo", "Combustible", "Cantidad", "Unidad", "kg CO2", "kg CO2e", "kg CO2 biogénico", "Envío"],
} as const;

const FUELS: Record<Lang, Record<FuelType, string>> = {
  en: { gasoline: "Gasoline", diesel: "Diesel", b5: "Biodiesel B5", b20: "Biodiesel B20", cng: "CNG (GGE)", lpg: "LPG", propane: "Propane", electricity: "Electricity" },
  es: { gasoline: "Gasolina", diesel: "Diésel", b5: "Biodiésel B5", b20: "Biodiésel B20", cng: "GNC (GEG)", lpg: "GLP", propane: "Propano", electricity: "Electricidad" },
};
const UNITS: Record<Lang, Record<string, string>> = { en: { gallons: "gal", litres: "L", kwh: "kWh" }, es: { gallons: "gal", litres: "L", kwh: "kWh" } };
const TOTAL = { en: "Total", es: "Total" } as const;

const kg = (value: number) => Math.round(value * 1000) / 1000;

export interface EmissionsSelection {
  companyId: string;
  lang: Lang;
  /** ISO bounds of when the fills were submitted, start included, end not */
  periodStart: string;
  periodEnd: string;
}

export async function emissionsTable({ companyId, lang, periodStart, periodEnd }: EmissionsSelection): Promise<SubmissionTable> {
  const inPeriod = (item: { createdAt: string }) => item.createdAt >= periodStart && item.createdAt < periodEnd;
  async function* rows(): AsyncGenerator<SubmissionRow> {
    let co2 = 0;
    let co2e = 0;
    let allCo2e = true;
    let biogenic = 0;
    let fills = 0;
    for await (const log of companyLogs(companyId, inPeriod)) {
      co2 += log.co2Kg;
      biogenic += log.biogenicCo2Kg;
      if (log.co2eKg === null) allCo2e = false;
      else co2e += log.co2eKg;
      fills++;
      const first = [log.vehicleNumber ?? "", FUELS[lang][log.fuelType]];
      const sums: Cell[] = [kg(log.co2Kg), log.co2eKg === null ? null : kg(log.co2eKg), kg(log.biogenicCo2Kg)];
      yield {
        submissionId: log.submissionId,
        cells: [formatDate(log.date, lang), ...first, String(log.quantity), UNITS[lang][log.unit]!, ...sums.map((cell) => (cell === null ? "" : String(cell))), String(log.submissionId)],
        values: [day(log.date), ...first, log.quantity, UNITS[lang][log.unit]!, ...sums, log.submissionId],
      };
    }
    const totals: Cell[] = [kg(co2), allCo2e && fills ? kg(co2e) : null, kg(biogenic)];
    yield {
      submissionId: 0,
      cells: [TOTAL[lang], "", "", "", "", ...totals.map((cell) => (cell === null ? "" : String(cell))), ""],
      values: [TOTAL[lang], "", "", null, "", ...totals, null],
    };
  }
  return { header: [...COLUMNS[lang]], total: undefined, rows: rows() };
}
