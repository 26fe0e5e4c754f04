import type { Actor } from "@fleetforms/core/auth/claims";
import * as Home from "@fleetforms/core/home/index";
import { http } from "../lib/http";
import { jsonText } from "../lib/response";

/** The caller's home (stored, or computed), read beside the access check (`prefetch`). */
const read = ({ actor }: { actor: Actor }) => Home.read(actor);

/**
 * GET /home: the home screen's blocks in one call (docs/api-dashboards.md). A home computed afresh is
 * stored for the next call only here, once the access check has confirmed the caller.
 */
export const handler = http({}, async ({ prefetched }) => {
  const home = await prefetched;
  // a stored home is answered as stored: ~5 KB that would otherwise be parsed and written again
  if (home.json !== undefined) return jsonText(`{"data":${home.json}}`);
  await home.save?.();
  return { data: home.data };
}, { prefetch: read });
