import { word, formatDateTime, type Lang } from "../form/display";
import { VehicleEntity } from "../vehicle/vehicle.entity";
import { sheetTime, zonedHeading } from "../report/period";
import type { SubmissionRow, SubmissionTable } from "../report/rows";
import { DefectEntity, VehicleStandingEntity } from "./defect.entity";

const COLUMNS = {
  en: ["Vehicle", "VIN", "Description", "Defects reported", "Open", "Repaired", "No repair needed", "Out of service now", "Last inspection"],
  es: ["Vehículo", "VIN", "Descripción", "Defectos informados", "Abiertos", "Reparados", "Sin reparación necesaria", "Fuera de servicio ahora", "Última inspección"],
} as const;

/**
 * The compliance report (issue 42, the DVIR record): one row per active vehicle, by number, with the defects its
 * inspections reported in the period and where each stands now (open, repaired, no repair needed), whether it is out
 * of service now and when it was last inspected. Each vehicle's defects are one Query of its own partition.
 */
export async function complianceTable({ companyId, lang, periodStart, periodEnd, timeZone = "UTC" }: { companyId: string; lang: Lang; periodStart: string; periodEnd: string; timeZone?: string }): Promise<SubmissionTable> {
  const [{ data: vehicles }, { data: standings }] = await Promise.all([
    VehicleEntity.query.byCompany({ companyId }).go({ pages: "all" }),
    VehicleStandingEntity.query.byCompany({ companyId }).go({ pages: "all" }),
  ]);
  const standingOf = new Map(standings.map((standing) => [standing.vehicleId, standing]));
  const active = vehicles.filter((vehicle) => vehicle.isActive).sort((a, b) => a.vehicleNumber.localeCompare(b.vehicleNumber, undefined, { numeric: true }));

  async function* rows(): AsyncGenerator<SubmissionRow> {
    for (const vehicle of active) {
      const { data } = await DefectEntity.query.byVehicle({ companyId, vehicleId: vehicle.vehicleId }).go({ pages: "all", attributes: ["status", "reportedAt"] });
      // a defect withdrawn by an amendment of its inspection was not, in the end, reported
      const inPeriod = data.filter((defect) => defect.status !== "withdrawn" && defect.reportedAt >= periodStart && defect.reportedAt < periodEnd);
      const count = (status: string) => inPeriod.filter((defect) => defect.status === status).length;
      const standing = standingOf.get(vehicle.vehicleId);
      const outOfService = word(lang, (standing?.openOutOfService ?? 0) > 0 ? "yes" : "no");
      const first = [vehicle.vehicleNumber, vehicle.vin, vehicle.description];
      const numbers = [inPeriod.length, count("open"), count("repaired"), count("no_repair_needed")];
      yield {
        submissionId: 0,
        cells: [...first, ...numbers.map(String), outOfService, standing ? formatDateTime(standing.lastInspectedAt, lang, timeZone) : ""],
        values: [...first, ...numbers, outOfService, standing ? sheetTime(standing.lastInspectedAt, timeZone) : null],
      };
    }
  }
  const header = COLUMNS[lang].map((heading, i) => (i === 8 ? zonedHeading(heading, timeZone) : heading));
  return { header, total: active.length, rows: rows() };
}
