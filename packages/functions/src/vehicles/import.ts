import * as VehicleImport from "@fleetforms/core/vehicle/import";
import { companyOf } from "@fleetforms/core/form/verb";
import { http, signedIn } from "../lib/http";

/** Previews (dryRun) or imports a CSV of vehicles. */
export const handler = http({ body: VehicleImport.ImportInput }, async ({ actor, body }) => {
  const caller = signedIn(actor);
  return VehicleImport.run(caller, companyOf(caller), body);
});
