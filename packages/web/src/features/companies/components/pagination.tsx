import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";

export interface PaginationProps {
  /** names the navigation landmark: a page can have more than one */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  onPage: (page: number) => void;
}

/** Previous and next, "page X of Y" and how many rows are shown. */
export function Pagination({ label, page, pageSize, total, totalPages, onPage }: PaginationProps) {
  const { t } = useTranslation();
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-4">
      <p className="text-sm text-slate-700" aria-live="polite">
        {t("companies.paging.showing", { first, last, total })}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t("companies.paging.previous")}
        </Button>
        <span className="text-sm font-medium text-slate-800">{t("companies.paging.pageOf", { page, pages: Math.max(totalPages, 1) })}</span>
        <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          {t("companies.paging.next")}
        </Button>
      </div>
    </nav>
  );
}
