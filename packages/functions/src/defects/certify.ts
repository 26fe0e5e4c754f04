import * as z from "@fleetforms/core/util/zod";
import * as Defect from "@fleetforms/core/defect/index";
import { http, signedIn } from "../lib/http";

/** An orgadmin or a mechanic certifies a defect: repaired, or no repair needed, with a note and an optional photo. */
export const handler = http({ params: z.object({ id: Defect.VehicleId, defectId: z.string() }), body: Defect.CertifyInput }, async ({ actor, params, body }) => ({
  data: { defect: await Defect.certify(signedIn(actor), { vehicleId: params.id, defectId: params.defectId, body }) },
}));
