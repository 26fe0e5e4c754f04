import useSWR from "swr";
import { api } from "@/lib/api-client";
import type { Schedule } from "../types";
import { REPORTS } from "./keys";

/** `GET /reports`: the selected company's schedules, by name. */
export const getReports = () => api<{ data: { schedules: Schedule[] } }>("/reports").then((answer) => answer.data.schedules);

/** The key names the company, so switching companies never shows another's schedules. */
export function useReports(companyId: string) {
  return useSWR([REPORTS, companyId, "list"] as const, getReports, { revalidateOnMount: true });
}
