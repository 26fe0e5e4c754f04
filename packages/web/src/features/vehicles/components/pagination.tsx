import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { PAGE_SIZES } from "../lib/vehicles-query";
import { SelectField } from "@/components/ui/form-controls";

export interface PaginationProps {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}

/** Previous and next, "page X of Y", how many vehicles are shown, and the page size. */
export function Pagination({ page, limit, total, totalPages, onPage, onLimit }: PaginationProps) {
  const { t } = useTranslation();
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return (
    <nav aria-label={t("vehicles.paging.label")} className="flex flex-wrap items-end justify-between gap-4">
      <p className="text-sm text-slate-700" aria-live="polite">
        {t("vehicles.paging.showing", { first, last, total })}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField label={t("vehicles.paging.pageSize")} name="limit" value={limit} onChange={(event) => onLimit(Number(event.target.value))}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </SelectField>
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t("vehicles.paging.previous")}
        </Button>
        <span className="pb-2.5 text-sm font-medium text-slate-800">{t("vehicles.paging.pageOf", { page, pages: Math.max(totalPages, 1) })}</span>
        <Button variant="secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          {t("vehicles.paging.next")}
        </Button>
      </div>
    </nav>
  );
}
