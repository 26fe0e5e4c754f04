import useSWR, { mutate } from "swr";
import { api } from "@/lib/api-client";
import type { ShareSummary } from "../types";

const sharesKey = (submissionId: number) => ["submission-shares", submissionId] as const;

/** GET /submissions/{id}/shares (administrators): the share links, newest first, with their opens. */
export async function getShares(submissionId: number): Promise<ShareSummary[]> {
  const response = await api<{ shares: ShareSummary[] }>(`/submissions/${submissionId}/shares`);
  return response.shares;
}

export function useShares(submissionId: number) {
  return useSWR(sharesKey(submissionId), ([, id]) => getShares(id), { dedupingInterval: 0, revalidateOnMount: true });
}

/** After a link is made or revoked elsewhere on the page. */
export const refreshShares = (submissionId: number) => mutate(sharesKey(submissionId));
