import { useCallback, useState } from "react";
import useSWR from "swr";
import { api } from "@/lib/api-client";
import { apiQuery } from "../lib/activity-query";
import type { ActivityPage, ActivityQuery } from "../types";

export const PAGE_SIZE = 25;

/** `GET /activity`: one page of the feed, newest first, with the cursor of the next. */
export const getActivity = (query: ActivityQuery, cursor?: string | null) =>
  api<{ data: ActivityPage }>("/activity", { query: apiQuery(query, PAGE_SIZE, cursor) }).then((answer) => ({ activity: answer.data.activity, nextCursor: answer.data.nextCursor ?? null }));

/**
 * The feed for one set of filters: the first page through SWR (read again on every visit), then each
 * "Load more" adds the page after the last cursor. The caller keys its component on the filters, so new
 * filters start from their own first page.
 */
export function useActivityFeed(companyId: string, query: ActivityQuery) {
  const first = useSWR(["activity/feed", companyId, query.userId ?? "", query.kind ?? "", query.from ?? "", query.to ?? ""] as const, () => getActivity(query), { revalidateOnMount: true });
  const [more, setMore] = useState<ActivityPage[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<unknown>(null);
  const pages = first.data ? [first.data, ...more] : [];
  const nextCursor = pages.at(-1)?.nextCursor ?? null;
  const loadMore = useCallback(async () => {
    if (!nextCursor) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await getActivity(query, nextCursor);
      setMore((current) => [...current, page]);
    } catch (error) {
      setMoreError(error);
    } finally {
      setLoadingMore(false);
    }
  }, [nextCursor, query]);
  return {
    entries: pages.flatMap((page) => page.activity),
    loaded: first.data !== undefined,
    error: first.error as unknown,
    moreError,
    hasMore: Boolean(nextCursor),
    loadingMore,
    loadMore,
    retry: () => void first.mutate(),
  };
}
