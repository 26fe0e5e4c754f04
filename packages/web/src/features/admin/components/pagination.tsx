import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { PAGE_SIZES } from "../lib/members-query";
import { SelectField } from "@/components/ui/form-controls";

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/** Previous and next, "page X of Y", how many people are shown, and the page size. */
export function Pagination({ page, pageSize, total, totalPages, onPage, onPageSize }: PaginationProps) {
  const { t } = useTranslation();
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label={t("admin.users.paging.label")} className="flex flex-wrap items-end justify-between gap-4">
      <p className="text-sm text-slate-700" aria-live="polite">
        {t("admin.users.paging.showing", { first, last, total })}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField label={t("admin.users.paging.pageSize")} name="pageSize" value={pageSize} onChange={(event) => onPageSize(Number(event.target.value))}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </SelectField>
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t("admin.users.paging.previous")}
        </Button>
        <span className="pb-2.5 text-sm font-medium text-slate-800">{t("admin.users.paging.pageOf", { page, pages: Math.max(totalPages, 1) })}</span>
        <Button variant="secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          {t("admin.users.paging.next")}
        </Button>
      </div>
    </nav>
  );
}
