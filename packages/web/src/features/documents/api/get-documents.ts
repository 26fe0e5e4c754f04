import useSWR, { mutate } from "swr";
import useSWRInfinite from "swr/infinite";
import { api } from "@/lib/api-client";
import { apiQuery } from "../lib/documents-query";
import type { DocumentsPage, DocumentsQuery } from "../types";

/** `GET /v2/assets/company`: one page of the documents the caller may see, searched, filtered and sorted by the server. */
export async function getDocuments(query: DocumentsQuery, cursor?: string | null): Promise<DocumentsPage> {
  const response = await api<Partial<DocumentsPage>>("/v2/assets/company", { query: apiQuery(query, cursor) });
  // attachments (submission photos) are assets too; only documents belong in these lists
  const assets = (response.assets ?? []).filter((asset) => (asset as { kind?: string }).kind !== "attachment");
  return { assets, nextCursor: response.nextCursor ?? null };
}

const DOCUMENTS = "documents/list";
const queryKey = (query: DocumentsQuery) => [query.search ?? "", query.category ?? "", query.expiring ?? false, query.sort ?? "", query.vehicleId ?? "", query.userId ?? "", query.limit ?? 0].join("|");

/** The documents page: the first page, then each "Load more" adds the page after the last one's cursor. */
export function useDocumentPages(query: DocumentsQuery) {
  const key = queryKey(query);
  return useSWRInfinite(
    (index, previous: DocumentsPage | null) => (index === 0 ? [DOCUMENTS, key, null] : previous?.nextCursor ? [DOCUMENTS, key, previous.nextCursor] : null),
    ([, , cursor]: readonly [string, string, string | null]) => getDocuments(query, cursor),
    { revalidateOnMount: true, revalidateFirstPage: false, keepPreviousData: true },
  );
}

/** A short list (the vehicle page, the home page's expiring documents): one page, no paging. */
export function useDocuments(query: DocumentsQuery, enabled = true) {
  return useSWR(enabled ? [DOCUMENTS, queryKey(query)] : null, () => getDocuments(query), { revalidateOnMount: true });
}

/** After an upload, edit or deletion: the short lists are read again (the documents page refreshes its own pages). */
export const refreshDocumentLists = () => mutate((key) => Array.isArray(key) && key[0] === DOCUMENTS && key.length === 2);
