import { SEAT_ROLES } from "@fleetforms/core/user/roles";
import { SORT_COLUMNS, STATUSES, type MembersQuery, type MemberStatus, type SeatRole, type SortColumn } from "../types";

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_QUERY: MembersQuery = { sort_by: "name", sort_direction: "asc", page: 1, pageSize: 25 };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => (value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined);
const positive = (value: string | null) => {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? number : undefined;
};

/** The listing's state lives in the address (sort, search, filters, page), so back, forward and links keep it. */
export function queryFromSearch(search: URLSearchParams): MembersQuery {
  const q = search.get("q")?.trim().slice(0, 100);
  const role = oneOf<SeatRole>(SEAT_ROLES, search.get("role"));
  const status = oneOf<MemberStatus>(STATUSES, search.get("status"));
  const pageSize = Number(search.get("pageSize"));
  return {
    sort_by: oneOf<SortColumn>(SORT_COLUMNS, search.get("sort_by")) ?? DEFAULT_QUERY.sort_by,
    sort_direction: oneOf(["asc", "desc"] as const, search.get("sort_direction")) ?? DEFAULT_QUERY.sort_direction,
    ...(q ? { q } : {}),
    ...(role ? { role } : {}),
    ...(status ? { status } : {}),
    page: positive(search.get("page")) ?? DEFAULT_QUERY.page,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_QUERY.pageSize,
  };
}

/** The address for a query: only what differs from the defaults. */
export function searchFromQuery(query: MembersQuery): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of ["sort_by", "sort_direction", "q", "role", "status", "page", "pageSize"] as const) {
    const value = query[key];
    if (value !== undefined && value !== "" && value !== DEFAULT_QUERY[key]) search.set(key, String(value));
  }
  return search;
}

/** Clicking a column header: a new column sorts ascending, the same one flips. */
export function nextSort(query: MembersQuery, column: SortColumn): MembersQuery {
  const sort_direction = query.sort_by === column && query.sort_direction === "asc" ? "desc" : "asc";
  return { ...query, sort_by: column, sort_direction, page: 1 };
}
