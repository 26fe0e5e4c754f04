import * as z from "@fleetforms/core/util/zod";
import * as Defect from "@fleetforms/core/defect/index";
import { http, signedIn } from "../lib/http";

/** A vehicle's defects, newest report first, whether it is out of service and whether the caller may certify. */
export const handler = http({ params: z.object({ id: Defect.VehicleId }) }, async ({ actor, params }) => ({ data: await Defect.forVehicle(signedIn(actor), params.id) }));
