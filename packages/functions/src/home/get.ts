import type { Actor } from "@fleetforms/core/auth/claims";
import * as Home from "@fleetforms/core/home/index";
import { http } from "../lib/http";

/** The caller's home (stored, or computed), read beside the access check (`prefetch`). */
const read = ({ actor }: { actor: Actor }) => Home.read(actor);

/**
 * GET /home: the home screen's blocks in one call (docs/api-dashboards.md). A home computed afresh is
 * stored for the next call only here, once the access check has confirmed the caller.
 */
export const handler = http({}, async ({ prefetched }) => {
  const { data, save } = await prefetched;
  await save?.();
  return { data };
}, { prefetch: read });
