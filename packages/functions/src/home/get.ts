import type { Actor } from "@fleetforms/core/auth/claims";
import { Home } from "@fleetforms/core/home/index";
import { http, signedIn } from "../lib/http";

/** The home screen's blocks for the caller: read beside the access check (`prefetch`), or after it. */
const read = ({ actor }: { actor: Actor }) => Home.home(actor);

/** GET /home: the home screen's blocks in one call (docs/api-dashboards.md). */
export const handler = http({}, async ({ actor, prefetched }) => ({ data: await (prefetched ?? read({ actor: signedIn(actor) })) }), { prefetch: read });
