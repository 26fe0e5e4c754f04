import { useTranslation } from "react-i18next";
import type { Category, Option } from "../types";

/** The categories as <option>s: "Name (CODE)", the global ones marked. */
export function CategoryOptions({ categories, emptyLabel }: { categories: Category[]; emptyLabel?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <option value="">{emptyLabel ?? t("documents.fields.chooseCategory")}</option>
      {categories.map((category) => (
        <option key={category.id} value={category.code}>
          {category.isGlobal ? t("documents.categories.optionGlobal", { name: category.name, code: category.code }) : t("documents.categories.option", { name: category.name, code: category.code })}
        </option>
      ))}
    </>
  );
}

/** Vehicles or people as <option>s, with "none" first; a current value the list lacks is kept. */
export function OptionList({ options, noneLabel, loading, current }: { options: Option[] | undefined; noneLabel: string; loading?: boolean; current?: string }) {
  const { t } = useTranslation();
  const missing = current && options && !options.some((option) => option.id === current);
  return (
    <>
      <option value="">{loading ? t("documents.fields.loadingOptions") : noneLabel}</option>
      {missing ? <option value={current}>{current}</option> : null}
      {(options ?? []).map((option) => (
        <option key={option.id} value={option.id}>
          {option.label}
        </option>
      ))}
    </>
  );
}
