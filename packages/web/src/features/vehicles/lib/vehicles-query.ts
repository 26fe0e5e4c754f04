import { ACTIVE_FILTERS, SORT_COLUMNS, VEHICLE_TYPES, type ActiveFilter, type SortColumn, type VehiclesQuery, type VehicleType } from "../types";

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const SEARCH_MAX = 100;
export const DEFAULT_QUERY: VehiclesQuery = { active: "all", sort_by: "vehicleNumber", sort_direction: "asc", page: 1, limit: 25 };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => (value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined);
const positive = (value: string | null) => {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? number : undefined;
};

/** The listing's state lives in the address (search, filters, sort, page), so back, forward and links keep it. */
export function queryFromSearch(search: URLSearchParams): VehiclesQuery {
  const text = search.get("search")?.trim().slice(0, SEARCH_MAX);
  const type = oneOf<VehicleType>(VEHICLE_TYPES, search.get("type"));
  const limit = Number(search.get("limit"));
  return {
    ...(text ? { search: text } : {}),
    active: oneOf<ActiveFilter>(ACTIVE_FILTERS, search.get("active")) ?? DEFAULT_QUERY.active,
    ...(type ? { type } : {}),
    sort_by: oneOf<SortColumn>(SORT_COLUMNS, search.get("sort_by")) ?? DEFAULT_QUERY.sort_by,
    sort_direction: oneOf(["asc", "desc"] as const, search.get("sort_direction")) ?? DEFAULT_QUERY.sort_direction,
    page: positive(search.get("page")) ?? DEFAULT_QUERY.page,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_QUERY.limit,
  };
}

/** The address for a query: only what differs from the defaults. */
export function searchFromQuery(query: VehiclesQuery): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of ["search", "active", "type", "sort_by", "sort_direction", "page", "limit"] as const) {
    const value = query[key];
    if (value !== undefined && value !== "" && value !== DEFAULT_QUERY[key]) search.set(key, String(value));
  }
  return search;
}

/** The query string of `GET /vehicles` (docs/api-vehicles.md): "all" sends no active filter. */
export function apiQuery(query: VehiclesQuery) {
  return {
    search: query.search,
    active: query.active === "all" ? undefined : String(query.active === "active"),
    type: query.type,
    sort_by: query.sort_by,
    sort_direction: query.sort_direction,
    page: query.page,
    limit: query.limit,
  };
}

/** Clicking a column header: a new column sorts ascending, the same one flips. */
export function nextSort(query: VehiclesQuery, column: SortColumn): VehiclesQuery {
  const sort_direction = query.sort_by === column && query.sort_direction === "asc" ? "desc" : "asc";
  return { ...query, sort_by: column, sort_direction, page: 1 };
}
