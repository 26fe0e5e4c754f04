import useSWR from "swr";
import { api } from "@/lib/api-client";
import type { UserOption } from "../types";
import { REPORTS } from "./keys";

/** The API's largest page (docs/api-admin.md); a company with more active people picks the rest by e-mail address. */
const PAGE_SIZE = 100;

/** `GET /user/getUsersbyCompany`: the company's active people, by name, who may receive a report. */
export const getUserOptions = () =>
  api<{ data: UserOption[] }>("/user/getUsersbyCompany", { query: { sort_by: "name", sort_direction: "asc", status: "active", page: 1, pageSize: PAGE_SIZE } }).then((answer) =>
    answer.data.map(({ id, username, email, firstName, lastName }) => ({ id, username, email, firstName, lastName })),
  );

export function useUserOptions(companyId: string, enabled = true) {
  return useSWR(enabled ? ([REPORTS, companyId, "users"] as const) : null, getUserOptions);
}
