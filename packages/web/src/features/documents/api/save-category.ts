import { api } from "@/lib/api-client";
import type { Category, CategoryInput } from "../types";

type Answer = { data?: { category?: Category }; category?: Category };
const categoryOf = (answer: Answer) => (answer.data?.category ?? answer.category)!;

/** `POST /v2/asset-categories` (orgadmin, admin; isGlobal for provider administrators only). */
export async function createCategory(input: CategoryInput): Promise<Category> {
  return categoryOf(await api<Answer>("/v2/asset-categories", { method: "POST", body: input }));
}

/** `PUT /v2/asset-categories/{id}`: the category with its unchanged code and the version read (409 record.stale). */
export async function updateCategory(category: Category, input: Omit<CategoryInput, "isGlobal" | "code">): Promise<Category> {
  const body = { code: category.code, ...input, version: category.version };
  return categoryOf(await api<Answer>(`/v2/asset-categories/${category.id}`, { method: "PUT", body }));
}

/** `DELETE /v2/asset-categories/{id}`: 409 category.in_use while documents use it. */
export async function deleteCategory(id: number): Promise<void> {
  await api<{ deleted: boolean }>(`/v2/asset-categories/${id}`, { method: "DELETE" });
}
