import useSWR from "swr";
import { api } from "@/lib/api-client";
import type { Lang } from "../types";

/** The editable details of one of the company's people, with the version the edit is checked against. */
export interface MemberProfile {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  lang: Lang;
  hasMobileNotify: boolean;
  hasEmailNotify: boolean;
  version: number;
}

/** `GET /user/getProfile?userId`: an administrator reads a profile of their company. */
export const getMemberProfile = (userId: string) => api<{ status: string; data: MemberProfile }>("/user/getProfile", { query: { userId } }).then((response) => response.data);

export function useMemberProfile(userId: string | null) {
  return useSWR(userId ? ["admin/profile", userId] : null, ([, id]) => getMemberProfile(id), { revalidateOnMount: true, revalidateIfStale: true });
}
