import type * as z from "@fleetforms/core/util/zod";
import type { Actor } from "@fleetforms/core/auth/claims";
import { feed, FeedQuery } from "@fleetforms/core/activity/feed";
import { http } from "../lib/http";

/** A page of the feed the caller may see, read beside the access check (`prefetch`). */
const read = ({ actor, query }: { actor: Actor; query: z.output<typeof FeedQuery> }) => feed(actor, query);

/** GET /activity: the company's feed, newest first, paged by cursor, filtered by person, kind and dates. */
export const handler = http({ query: FeedQuery }, async ({ prefetched }) => ({ data: await prefetched }), { prefetch: read });
