import useSWR from "swr";
import { api } from "@/lib/api-client";
import type { ScheduleDetail } from "../types";
import { REPORTS } from "./keys";

/** `GET /reports/{id}`: the schedule and its latest runs, newest first. */
export const getReport = (id: string) => api<{ data: ScheduleDetail }>(`/reports/${encodeURIComponent(id)}`).then((answer) => answer.data);

/** How often the page asks again while a run is queued or running. */
export const RUN_POLL_MS = 2000;

export const isRunning = (detail: ScheduleDetail | undefined) => Boolean(detail?.runs.some((run) => run.status === "queued" || run.status === "running"));

/** One schedule with its runs, read every two seconds while any run is unfinished (without deduping, or the cached answer would come back). */
export function useReport(companyId: string, id: string) {
  return useSWR([REPORTS, companyId, "detail", id] as const, () => getReport(id), {
    revalidateOnMount: true,
    refreshInterval: (detail?: ScheduleDetail) => (isRunning(detail) ? RUN_POLL_MS : 0),
    dedupingInterval: 0,
  });
}
