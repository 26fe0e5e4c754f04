import useSWR from "swr";
import { api } from "@/lib/api-client";

export interface Profile {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  phoneNumber: string;
  lang: "en" | "es";
  hasMobileNotify: boolean;
  hasEmailNotify: boolean;
  version: number;
}

export const getProfile = (userId: string) => api<{ status: string; data: Profile }>("/user/getProfile", { query: { userId } }).then((response) => response.data);

export function useProfile(userId: string | undefined) {
  return useSWR(userId ? ["/user/getProfile", userId] : null, ([, id]) => getProfile(id), { revalidateOnMount: true });
}

export interface ProfileChanges {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  hasMobileNotify: boolean;
  hasEmailNotify: boolean;
  version: number;
  currentPassword?: string;
}

export const editUserProfile = (changes: ProfileChanges) => api<{ status: string; data: Profile }>("/user/editUserProfile", { method: "POST", body: changes }).then((response) => response.data);
