import * as Vehicle from "@fleetforms/core/vehicle/index";
import { companyOf } from "@fleetforms/core/form/verb";
import { emit } from "@fleetforms/core/webhook/emit";
import { http, signedIn } from "../lib/http";
import { created } from "../lib/response";

/** Registers a vehicle; its VIN and number are claimed in the same transaction. */
export const handler = http({ body: Vehicle.CreateInput }, async ({ actor, body }) => {
  const caller = signedIn(actor);
  const vehicle = Vehicle.present(await Vehicle.create(caller, companyOf(caller), body));
  await emit(companyOf(caller), "vehicle.created", vehicle.id, { vehicle });
  return created({ data: { vehicle } });
});
