import * as z from "@fleetforms/core/util/zod";
import * as Vehicle from "@fleetforms/core/vehicle/index";
import * as VehicleDetail from "@fleetforms/core/vehicle/detail";
import { http, signedIn } from "../lib/http";

/** A vehicle and the submissions that picked it. */
export const handler = http({ params: z.object({ id: Vehicle.VehicleId }) }, async ({ actor, params }) => VehicleDetail.of(signedIn(actor), params.id));
