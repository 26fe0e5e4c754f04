import useSWR, { mutate } from "swr";
import { api } from "@/lib/api-client";
import type { PeoplePage } from "../types";

export interface PeopleQuery {
  q?: string;
  page: number;
  pageSize: number;
}

/** `GET /company/{id}/users`: one page of the company's people, sorted by name (docs/api-admin.md). */
export const getPeople = (companyId: string, query: PeopleQuery) =>
  api<PeoplePage>(`/company/${encodeURIComponent(companyId)}/users`, { query: { sort_by: "name", sort_direction: "asc", ...query } });

const PEOPLE = "companies/people";

export function usePeople(companyId: string, query: PeopleQuery) {
  return useSWR([PEOPLE, companyId, query.q ?? "", query.page, query.pageSize] as const, () => getPeople(companyId, query), { keepPreviousData: true, revalidateOnMount: true });
}

/** After a seat changed: the company's cached pages are read again. */
export const refreshPeople = (companyId: string) => mutate((key) => Array.isArray(key) && key[0] === PEOPLE && key[1] === companyId);
