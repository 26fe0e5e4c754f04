import useSWRInfinite from "swr/infinite";
import { api } from "@/lib/api-client";
import { apiQuery } from "../lib/activity-query";
import type { ActivityPage, ActivityQuery } from "../types";

export const PAGE_SIZE = 25;

/** `GET /activity`: one page of the feed, newest first, with the cursor of the next. */
export const getActivity = (query: ActivityQuery, cursor?: string | null) =>
  api<{ data: ActivityPage }>("/activity", { query: apiQuery(query, PAGE_SIZE, cursor) }).then((answer) => ({ activity: answer.data.activity, nextCursor: answer.data.nextCursor ?? null }));

const ACTIVITY = "activity/feed";

/** The feed: the first page, then each "Load more" adds the page after the last one's cursor. */
export function useActivityPages(companyId: string, query: ActivityQuery) {
  const key = [companyId, query.userId ?? "", query.kind ?? "", query.from ?? "", query.to ?? ""].join("|");
  return useSWRInfinite(
    (index, previous: ActivityPage | null) => (index === 0 ? [ACTIVITY, key, null] : previous?.nextCursor ? [ACTIVITY, key, previous.nextCursor] : null),
    ([, , cursor]: readonly [string, string, string | null]) => getActivity(query, cursor),
    { revalidateOnMount: true, revalidateFirstPage: false, keepPreviousData: true },
  );
}
