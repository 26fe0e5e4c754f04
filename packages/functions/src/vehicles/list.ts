import type * as z from "@fleetforms/core/util/zod";
import type { Actor } from "@fleetforms/core/auth/claims";
import * as Vehicle from "@fleetforms/core/vehicle/index";
import { companyOf } from "@fleetforms/core/form/verb";
import { http } from "../lib/http";

/** A page of the company's vehicles, read beside the access check (`prefetch`). */
const read = ({ actor, query }: { actor: Actor; query: z.output<typeof Vehicle.ListQuery> }) => Vehicle.list(companyOf(actor), query);

/** The company's vehicles: searched, filtered, sorted and paged (docs/api-vehicles.md). */
export const handler = http({ query: Vehicle.ListQuery }, async ({ prefetched }) => prefetched, { prefetch: read });
