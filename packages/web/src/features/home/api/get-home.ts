import useSWR from "swr";
import { api } from "@/lib/api-client";
import type { HomeData } from "../types";

/** `GET /home`: everything the home screen shows, for the selected company, in one call. */
export const getHome = () => api<{ data: HomeData }>("/home").then((answer) => answer.data);

/** Read again on every visit: the page is about what changed since. The key names the company. */
export function useHome(companyId: string) {
  return useSWR(["home", companyId] as const, getHome, { revalidateOnMount: true });
}
