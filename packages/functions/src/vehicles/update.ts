import * as z from "@fleetforms/core/util/zod";
import * as Vehicle from "@fleetforms/core/vehicle/index";
import { companyOf } from "@fleetforms/core/form/verb";
import { emit } from "@fleetforms/core/webhook/emit";
import { http, signedIn } from "../lib/http";

/** Edits a vehicle against the version read; activation changes go to its history. */
export const handler = http({ params: z.object({ id: Vehicle.VehicleId }), body: Vehicle.UpdateInput }, async ({ actor, params, body }) => {
  const caller = signedIn(actor);
  const vehicle = Vehicle.present(await Vehicle.update(caller, companyOf(caller), params.id, body));
  await emit(companyOf(caller), "vehicle.updated", `${vehicle.id}@${vehicle.version}`, { vehicle });
  return { data: { vehicle } };
});
