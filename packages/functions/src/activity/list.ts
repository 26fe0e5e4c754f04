import type * as z from "zod";
import type { Actor } from "@fleetforms/core/auth/claims";
import { feed, FeedQuery } from "@fleetforms/core/activity/feed";
import { http, signedIn } from "../lib/http";

/** A page of the feed the caller may see: read beside the access check (`prefetch`), or after it. */
const read = ({ actor, query }: { actor: Actor; query: z.output<typeof FeedQuery> }) => feed(actor, query);

/** GET /activity: the company's feed, newest first, paged by cursor, filtered by person, kind and dates. */
export const handler = http({ query: FeedQuery }, async ({ actor, query, prefetched }) => ({ data: await (prefetched ?? read({ actor: signedIn(actor), query })) }), { prefetch: read });
