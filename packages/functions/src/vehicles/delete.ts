import * as z from "@fleetforms/core/util/zod";
import * as Vehicle from "@fleetforms/core/vehicle/index";
import { companyOf } from "@fleetforms/core/form/verb";
import { http, signedIn } from "../lib/http";

/** Deletes a vehicle no submission picked; otherwise 409 with the advice to deactivate it. */
export const handler = http({ params: z.object({ id: Vehicle.VehicleId }) }, async ({ actor, params }) => {
  const caller = signedIn(actor);
  return Vehicle.remove(caller, companyOf(caller), params.id);
});
