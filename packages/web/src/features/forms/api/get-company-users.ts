import useSWR from "swr";
import { api } from "@/lib/api-client";

export interface CompanyUser {
  id: string;
  username: string;
  firstName?: string;
  lastName?: string;
  role: string;
}

/** SPEC §7 GET /user/getUsersbyCompany (status and data): the people a form can be assigned to. */
export async function getCompanyUsers(): Promise<CompanyUser[]> {
  const response = await api<{ status?: string; data?: CompanyUser[] }>("/user/getUsersbyCompany", { query: { sort_by: "username", sort_direction: "asc" } });
  return response.data ?? [];
}

export function useCompanyUsers(enabled: boolean) {
  return useSWR(enabled ? "/user/getUsersbyCompany" : null, getCompanyUsers);
}
