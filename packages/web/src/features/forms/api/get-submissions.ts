import useSWR from "swr";
import { api } from "@/lib/api-client";
import { isConnectionError } from "@/lib/network-error";
import type { SubmissionPage } from "../types";

/** SPEC §7 and §9: page size 10 unless asked. */
export const DEFAULT_PAGE_SIZE = 10;

/** The statuses the list filters by (docs/api-submissions.md); no status is every submission. */
export const STATUS_FILTERS = ["pending_approval", "sent_back", "approved"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface SubmissionsQuery {
  page?: number;
  limit?: number;
  formId?: number;
  sort_by?: "createdAt" | "id";
  sort_direction?: "asc" | "desc";
  status?: StatusFilter;
}

/**
 * SPEC §7 GET /submissions → submissions and totalPages (default 1); an empty result when the server
 * fails. Without a connection the error is thrown, so the list is not shown as empty (issue 40).
 */
export async function getSubmissions(query: SubmissionsQuery = {}): Promise<SubmissionPage> {
  try {
    const response = await api<Partial<SubmissionPage>>("/submissions", {
      query: { page: query.page ?? 1, limit: query.limit ?? DEFAULT_PAGE_SIZE, formId: query.formId, sort_by: query.sort_by, sort_direction: query.sort_direction, status: query.status },
    });
    return { submissions: response.submissions ?? [], totalPages: response.totalPages ?? 1 };
  } catch (error) {
    if (isConnectionError(error)) throw error;
    // SPEC §7: an empty result on failure.
    console.warn("GET /submissions failed", error);
    return { submissions: [], totalPages: 1 };
  }
}

export function useSubmissions(query: SubmissionsQuery) {
  return useSWR(["submissions", query.page ?? 1, query.limit ?? DEFAULT_PAGE_SIZE, query.formId ?? 0, query.sort_by ?? "createdAt", query.sort_direction ?? "desc", query.status ?? ""], () => getSubmissions(query), {
    keepPreviousData: true,
    // a submission sent a moment ago shows when the list is opened again
    revalidateOnMount: true,
  });
}
