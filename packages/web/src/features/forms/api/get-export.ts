import useSWR from "swr";
import { api } from "@/lib/api-client";
import { isExportRunning } from "../lib/export-progress";
import type { SubmissionExport } from "../types";

/** `GET /submissions/exports/{id}` (the id holds "#" and ":", so it is encoded): the requester's export. */
export const getExport = (id: string) => api<{ data: { export: SubmissionExport } }>(`/submissions/exports/${encodeURIComponent(id)}`).then((answer) => answer.data.export);

/** docs/api-reports.md: the page asks every second while the export is queued or running. */
export const EXPORT_POLL_MS = 1000;

/**
 * One export, read every second until it has finished (without deduping, or the cached answer would come
 * back). Until the first answer the page shows what `POST` answered; it is not `fallbackData`, which SWR
 * keeps out of the cache that decides whether to ask again.
 */
export function useExport(id: string | null) {
  return useSWR(id ? (["submission-export", id] as const) : null, ([, exportId]) => getExport(exportId), {
    revalidateOnMount: true,
    refreshInterval: (current?: SubmissionExport) => (current === undefined || isExportRunning(current) ? EXPORT_POLL_MS : 0),
    dedupingInterval: 0,
    revalidateOnFocus: false,
  });
}
