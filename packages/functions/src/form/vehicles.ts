import * as Vehicle from "@fleetforms/core/vehicle/index";
import { http, signedIn } from "../lib/http";

/** The company's active vehicles, for the `vehicle` element of a form. */
export const handler = http({}, async ({ actor }) => {
  const vehicles = await Vehicle.listByCompany(signedIn(actor).companyId!, { activeOnly: true });
  return { vehicles: vehicles.map(Vehicle.present) };
});
