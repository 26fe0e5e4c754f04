import type { Actor } from "@fleetforms/core/auth/claims";
import { Home } from "@fleetforms/core/home/index";
import { http } from "../lib/http";

/** The home screen's blocks for the caller, read beside the access check (`prefetch`). */
const read = ({ actor }: { actor: Actor }) => Home.home(actor);

/** GET /home: the home screen's blocks in one call (docs/api-dashboards.md). */
export const handler = http({}, async ({ prefetched }) => ({ data: await prefetched }), { prefetch: read });
