import * as Defect from "@fleetforms/core/defect/index";
import { companyOf } from "@fleetforms/core/form/verb";
import { http, signedIn } from "../lib/http";

/** The company's vehicles that are out of service (an open out-of-service defect on their last report). */
export const handler = http({}, async ({ actor }) => ({ data: { vehicles: await Defect.outOfService(companyOf(signedIn(actor))) } }));
