import { SORT_OPTIONS, type DocumentsQuery, type SortValue } from "../types";

export const SEARCH_MAX = 100;
export const PAGE_SIZE = 50;
export const DEFAULT_SORT: SortValue = "-createdAt";

const SORTS = new Set<string>(SORT_OPTIONS.map((option) => option.value));

/** The list's state lives in the address (search, category, expiring, sort), so links such as /documents?expiring=true open it filtered. */
export function queryFromSearch(search: URLSearchParams): DocumentsQuery {
  const text = search.get("search")?.trim().slice(0, SEARCH_MAX);
  const category = search.get("category")?.trim();
  const sort = search.get("sort");
  return {
    ...(text ? { search: text } : {}),
    ...(category ? { category } : {}),
    ...(search.get("expiring") === "true" ? { expiring: true } : {}),
    sort: sort && SORTS.has(sort) ? (sort as SortValue) : DEFAULT_SORT,
  };
}

/** The address for a query: only what differs from the defaults; other parameters (the tab) are kept. */
export function searchFromQuery(query: DocumentsQuery, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const search = new URLSearchParams(base);
  for (const key of ["search", "category", "expiring", "sort"]) search.delete(key);
  if (query.search) search.set("search", query.search);
  if (query.category) search.set("category", query.category);
  if (query.expiring) search.set("expiring", "true");
  if (query.sort && query.sort !== DEFAULT_SORT) search.set("sort", query.sort);
  return search;
}

/**
 * The query string of `GET /v2/assets/company`. The default sort is the API's own (newest first) and is not
 * sent, so "expiring" keeps its soonest-first order unless the person picks another.
 */
export function apiQuery(query: DocumentsQuery, cursor?: string | null) {
  return {
    search: query.search || undefined,
    category: query.category || undefined,
    expiring: query.expiring ? "true" : undefined,
    sort: query.sort && query.sort !== DEFAULT_SORT ? query.sort : undefined,
    vehicleId: query.vehicleId || undefined,
    userId: query.userId || undefined,
    limit: query.limit ?? PAGE_SIZE,
    cursor: cursor || undefined,
  };
}

export const isFiltered = (query: DocumentsQuery) => Boolean(query.search || query.category || query.expiring);
