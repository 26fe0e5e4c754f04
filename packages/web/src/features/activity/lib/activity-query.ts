import { ACTIVITY_KINDS, type ActivityKind, type ActivityQuery } from "../types";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isKind = (value: string | null): value is ActivityKind => (ACTIVITY_KINDS as readonly string[]).includes(value ?? "");

/** The feed's filters from the page's address (`?user=…&kind=…&from=…&to=…`); anything unreadable is left out. */
export function queryFromSearch(search: URLSearchParams): ActivityQuery {
  const kind = search.get("kind");
  const from = search.get("from") ?? "";
  const to = search.get("to") ?? "";
  return {
    userId: search.get("user") || undefined,
    kind: isKind(kind) ? kind : undefined,
    from: DAY.test(from) ? from : undefined,
    to: DAY.test(to) ? to : undefined,
  };
}

/** The address for a set of filters: only those set, in a fixed order. */
export function searchFromQuery(query: ActivityQuery): URLSearchParams {
  const search = new URLSearchParams();
  if (query.userId) search.set("user", query.userId);
  if (query.kind) search.set("kind", query.kind);
  if (query.from) search.set("from", query.from);
  if (query.to) search.set("to", query.to);
  return search;
}

/** What `GET /activity` is sent for one page. */
export const apiQuery = (query: ActivityQuery, limit: number, cursor?: string | null) => ({ limit, cursor: cursor ?? undefined, userId: query.userId, kind: query.kind, from: query.from, to: query.to });

export const isFiltered = (query: ActivityQuery) => Boolean(query.userId || query.kind || query.from || query.to);

/** A date range with its ends swapped is read the way it was meant. */
export function ordered(query: ActivityQuery): ActivityQuery {
  return query.from && query.to && query.from > query.to ? { ...query, from: query.to, to: query.from } : query;
}
