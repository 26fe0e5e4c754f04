import { Vehicle } from "@fleetforms/core/vehicle/index";
import { companyOf } from "@fleetforms/core/form/verb";
import { http, signedIn } from "../lib/http";

/** The company's vehicles: searched, filtered, sorted and paged (docs/api-vehicles.md). */
export const handler = http({ query: Vehicle.ListQuery }, async ({ actor, query }) => Vehicle.list(companyOf(signedIn(actor)), query));
