import useSWR from "swr";
import { api } from "@/lib/api-client";
import { isConnectionError } from "@/lib/network-error";
import type { Form } from "../types";

export interface FormsQuery {
  /** false adds drafts and inactive forms (SPEC §7 activeOnly=false) */
  activeOnly?: boolean;
  sort_by?: "name" | "createdAt" | "updatedAt" | "id" | "status";
  sort_direction?: "asc" | "desc";
}

/**
 * SPEC §7 GET /form → data.forms; an empty list when the server fails. Without a connection nothing is
 * known about the list, so the error is thrown: SWR keeps the last list and the page says it is offline.
 */
export async function getForms(query: FormsQuery = {}): Promise<Form[]> {
  try {
    const response = await api<{ data?: { forms?: Form[] } }>("/form", {
      query: { activeOnly: query.activeOnly === false ? "false" : undefined, sort_by: query.sort_by ?? "name", sort_direction: query.sort_direction ?? "asc" },
    });
    return response.data?.forms ?? [];
  } catch (error) {
    if (isConnectionError(error)) throw error;
    // SPEC §7: the forms list is empty when the call fails; the page says there is nothing to show.
    console.warn("GET /form failed", error);
    return [];
  }
}

export const formsKey = (query: FormsQuery = {}) => ["forms", query.activeOnly ?? true, query.sort_by ?? "name", query.sort_direction ?? "asc"] as const;

export function useForms(query: FormsQuery = {}) {
  // submission counts move with every answer sent: the list is read again whenever it is opened
  return useSWR(formsKey(query), () => getForms(query), { revalidateOnMount: true });
}
