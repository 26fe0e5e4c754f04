import type { Category, CompanyDocument } from "../types";

export interface CategoryGroup {
  /** the category code, upper-cased as the key of the section */
  code: string;
  /** the category's name, or its code when the list of categories does not have it (yet) */
  name: string;
  category?: Category;
  documents: CompanyDocument[];
}

/**
 * The documents in one section per category, sections by category name; inside a section the documents keep
 * the server's order (the sort the person chose). Codes match case-insensitively, as the API matches them.
 */
export function groupByCategory(documents: readonly CompanyDocument[], categories: readonly Category[], lang = "en"): CategoryGroup[] {
  const byCode = new Map(categories.map((category) => [category.code.toUpperCase(), category]));
  const groups = new Map<string, CategoryGroup>();
  for (const document of documents) {
    const code = (document.category ?? "").toUpperCase();
    let group = groups.get(code);
    if (!group) {
      const category = byCode.get(code);
      group = { code, name: category?.name ?? document.category ?? "", category, documents: [] };
      groups.set(code, group);
    }
    group.documents.push(document);
  }
  const collator = new Intl.Collator(lang, { sensitivity: "base", numeric: true });
  return [...groups.values()].sort((a, b) => collator.compare(a.name, b.name) || collator.compare(a.code, b.code));
}
