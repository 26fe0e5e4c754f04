import * as z from "@fleetforms/core/util/zod";
import * as EmissionsRead from "@fleetforms/core/emissions/read";
import { VehicleId } from "@fleetforms/core/vehicle/index";
import { http, signedIn } from "../lib/http";

/** GET /vehicles/{id}/emissions?from=YYYY-MM&to=YYYY-MM: one vehicle's CO2 from its fuel logs, by month (issue 42). */
export const handler = http({ params: z.object({ id: VehicleId }), query: EmissionsRead.RangeInput }, async ({ actor, params, query }) => ({
  data: await EmissionsRead.forVehicle(signedIn(actor), params.id, query),
}));
