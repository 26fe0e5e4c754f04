import * as z from "@fleetforms/core/util/zod";
import * as Defect from "@fleetforms/core/defect/index";
import { http, signedIn } from "../lib/http";

/** What the next driver reviews before driving: the vehicle's last report, its defects and their certification. */
export const handler = http({ params: z.object({ id: Defect.VehicleId }) }, async ({ actor, params }) => ({ data: await Defect.review(signedIn(actor), params.id) }));
