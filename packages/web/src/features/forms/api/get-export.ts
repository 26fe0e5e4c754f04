import useSWR from "swr";
import { api } from "@/lib/api-client";
import { isExportRunning } from "../lib/export-progress";
import type { SubmissionExport } from "../types";

/** `GET /submissions/exports/{id}` (the id holds "#" and ":", so it is encoded): the requester's export. */
export const getExport = (id: string) => api<{ data: { export: SubmissionExport } }>(`/submissions/exports/${encodeURIComponent(id)}`).then((answer) => answer.data.export);

/** docs/api-reports.md: the page asks every second while the export is queued or running. */
export const EXPORT_POLL_MS = 1000;

/** One export, starting from what `POST` answered, read every second until it has finished (without deduping, or the cached answer would come back). */
export function useExport(started: SubmissionExport | null) {
  return useSWR(started ? (["submission-export", started.id] as const) : null, ([, id]) => getExport(id), {
    fallbackData: started ?? undefined,
    refreshInterval: (current?: SubmissionExport) => (isExportRunning(current) ? EXPORT_POLL_MS : 0),
    dedupingInterval: 0,
    revalidateOnFocus: false,
  });
}
