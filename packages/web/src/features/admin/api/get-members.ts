import useSWR, { mutate } from "swr";
import { api } from "@/lib/api-client";
import type { MembersPage, MembersQuery } from "../types";

/** `GET /user/getUsersbyCompany`: one page of the company's people, sorted, searched and filtered by the server. */
export function getMembers(query: MembersQuery): Promise<MembersPage> {
  return api<MembersPage & { status: string }>("/user/getUsersbyCompany", { query: { ...query } });
}

const MEMBERS = "admin/members";
export const membersKey = (query: MembersQuery) => [MEMBERS, query.sort_by, query.sort_direction, query.q ?? "", query.role ?? "", query.status ?? "", query.page, query.pageSize] as const;

export function useMembers(query: MembersQuery) {
  // the table keeps the page it shows while the next sort, search or page loads
  return useSWR(membersKey(query), () => getMembers(query), { keepPreviousData: true, revalidateOnMount: true });
}

/** After any change to a member: every cached page of the listing is read again. */
export const refreshMembers = () => mutate((key) => Array.isArray(key) && key[0] === MEMBERS);
