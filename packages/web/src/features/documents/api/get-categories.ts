import useSWR, { mutate } from "swr";
import { api } from "@/lib/api-client";
import type { Category } from "../types";

/** `GET /v2/asset-categories`: the company's own categories and the global ones, by name. */
export async function getCategories(): Promise<Category[]> {
  const response = await api<{ data?: { categories?: Category[] } }>("/v2/asset-categories");
  return response.data?.categories ?? [];
}

const CATEGORIES = "documents/categories";

export function useCategories() {
  return useSWR(CATEGORIES, getCategories, { revalidateOnMount: true });
}

export const refreshCategories = () => mutate(CATEGORIES);
