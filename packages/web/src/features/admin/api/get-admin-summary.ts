import useSWR, { mutate } from "swr";
import { api } from "@/lib/api-client";
import type { AdminSummary } from "../types";

/** `GET /company/admin/summary`: the counts of the admin landing page. */
export const getAdminSummary = () => api<AdminSummary>("/company/admin/summary");

const SUMMARY = "/company/admin/summary";

export function useAdminSummary() {
  // counts move with every change anywhere in the admin area: read again whenever the page opens
  return useSWR(SUMMARY, getAdminSummary, { revalidateOnMount: true });
}

export const refreshAdminSummary = () => mutate(SUMMARY);
