import type { Category, CategoryInput } from "../types";

/** docs/api-documents.md "The category": the code's pattern and the lengths. */
export const CODE_PATTERN = /^[A-Za-z0-9_-]{1,30}$/;
export const CODE_MAX = 30;
export const NAME_MAX = 100;
export const DESCRIPTION_MAX = 500;

export const emptyCategory = (): CategoryInput => ({ code: "", name: "", description: "", isGlobal: false, offlineAccess: false });

export const inputOf = (category: Category): CategoryInput => ({
  code: category.code,
  name: category.name,
  description: category.description ?? "",
  isGlobal: category.isGlobal,
  offlineAccess: category.offlineAccess,
});

/** The API's rules, checked before sending: each problem as a translation key by field. */
export function checkCategory(input: CategoryInput): Partial<Record<keyof CategoryInput, string>> {
  const problems: Partial<Record<keyof CategoryInput, string>> = {};
  if (!CODE_PATTERN.test(input.code.trim())) problems.code = "documents.categories.errors.codeInvalid";
  if (!input.name.trim()) problems.name = "documents.categories.errors.nameRequired";
  else if (input.name.trim().length > NAME_MAX) problems.name = "documents.categories.errors.nameTooLong";
  if (input.description.trim().length > DESCRIPTION_MAX) problems.description = "documents.categories.errors.descriptionTooLong";
  return problems;
}
