import useSWR from "swr";
import { api } from "@/lib/api-client";
import type { Person } from "../types";

/** `GET /company/{companyId}/users` (admins and orgadmins): the people the feed can be narrowed to, by name. */
export const getPeople = (companyId: string) =>
  api<{ data: Person[] }>(`/company/${encodeURIComponent(companyId)}/users`, { query: { sort_by: "name", sort_direction: "asc", pageSize: 100 } }).then((answer) => answer.data);

export function usePeople(companyId: string, enabled: boolean) {
  return useSWR(enabled ? (["activity/people", companyId] as const) : null, () => getPeople(companyId));
}
