import * as VehicleImport from "@fleetforms/core/vehicle/import";
import { companyOf } from "@fleetforms/core/form/verb";
import { http, signedIn } from "../lib/http";
import { binary } from "../lib/response";

/** The company's vehicles as CSV, in the import's columns. */
export const handler = http({}, async ({ actor }) => binary(Buffer.from(await VehicleImport.exportCsv(companyOf(signedIn(actor))), "utf8"), "text/csv; charset=utf-8", "vehicles.csv"));
