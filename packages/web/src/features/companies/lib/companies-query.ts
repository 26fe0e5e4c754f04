import { COMPANY_SORT_COLUMNS } from "@fleetforms/core/company/schemas";
import { COMPANY_STATUSES, type CompaniesQuery, type CompanySortColumn, type CompanyStatus } from "../types";

/** The provider reads companies 25 at a time (the API pages up to 100). */
export const PAGE_SIZE = 25;
export const DEFAULT_QUERY: CompaniesQuery = { sort_by: "name", sort_direction: "asc", page: 1 };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => (value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined);

/** The listing's state lives in the address (search, status, sort, page), so back, forward and links keep it. */
export function queryFromSearch(search: URLSearchParams): CompaniesQuery {
  const text = search.get("search")?.trim().slice(0, 100);
  const status = oneOf<CompanyStatus>(COMPANY_STATUSES, search.get("status"));
  const page = Number(search.get("page"));
  return {
    ...(text ? { search: text } : {}),
    ...(status ? { status } : {}),
    sort_by: oneOf<CompanySortColumn>(COMPANY_SORT_COLUMNS, search.get("sort_by")) ?? DEFAULT_QUERY.sort_by,
    sort_direction: oneOf(["asc", "desc"] as const, search.get("sort_direction")) ?? DEFAULT_QUERY.sort_direction,
    page: Number.isInteger(page) && page >= 1 ? page : DEFAULT_QUERY.page,
  };
}

/** The address for a query: only what differs from the defaults. */
export function searchFromQuery(query: CompaniesQuery): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of ["search", "status", "sort_by", "sort_direction", "page"] as const) {
    const value = query[key];
    if (value !== undefined && value !== "" && value !== DEFAULT_QUERY[key]) search.set(key, String(value));
  }
  return search;
}

/** Clicking a column header: a new column sorts ascending, the same one flips; either goes back to the first page. */
export function nextSort(query: CompaniesQuery, column: CompanySortColumn): CompaniesQuery {
  const sort_direction = query.sort_by === column && query.sort_direction === "asc" ? "desc" : "asc";
  return { ...query, sort_by: column, sort_direction, page: 1 };
}
