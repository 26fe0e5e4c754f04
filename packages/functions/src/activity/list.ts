import { feed, FeedQuery } from "@fleetforms/core/activity/feed";
import { http, signedIn } from "../lib/http";

/** GET /activity: the company's feed, newest first, paged by cursor, filtered by person, kind and dates. */
export const handler = http({ query: FeedQuery }, async ({ actor, query }) => ({ data: await feed(signedIn(actor), query) }));
