import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { formatDateTime } from "@/lib/format";
import { toLanguage } from "@/lib/i18n-options";
import { cn } from "@/lib/cn";
import { formatNumber } from "../lib/format";
import type { CompaniesQuery, CompanyRow, CompanySortColumn } from "../types";
import { StatusBadge } from "./status-badge";

type Column = { key: string; sort?: CompanySortColumn; numeric?: boolean };

/** The brief's columns; those the API sorts by are header buttons (city/state sorts by city). */
const COLUMNS: Column[] = [
  { key: "name", sort: "name" },
  { key: "email" },
  { key: "place", sort: "city" },
  { key: "users", numeric: true },
  { key: "billableUsers", numeric: true },
  { key: "activeVehicles", numeric: true },
  { key: "submissionsThisMonth", numeric: true },
  { key: "lastActivity" },
  { key: "status", sort: "status" },
];

export interface CompanyTableProps {
  companies: CompanyRow[];
  query: CompaniesQuery;
  busy: boolean;
  onSort: (column: CompanySortColumn) => void;
}

/** Every company on the page with its figures, sorted by the server: the sorted header says how (aria-sort). */
export function CompanyTable({ companies, query, busy, onSort }: CompanyTableProps) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const sortedColumn = COLUMNS.find((column) => column.sort === query.sort_by);
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table aria-busy={busy || undefined} className={cn("min-w-full divide-y divide-slate-200 text-sm", busy && "opacity-60")}>
        <caption className="sr-only">
          {sortedColumn ? t("companies.list.caption", { column: t(`companies.columns.${sortedColumn.key}`), direction: t(`companies.sort.${query.sort_direction}`) }) : t("companies.list.title")}
        </caption>
        <thead className="bg-slate-50 text-left text-slate-700">
          <tr>
            {COLUMNS.map((column) => {
              const sorted = column.sort !== undefined && column.sort === query.sort_by;
              let label: ReactNode = t(`companies.columns.${column.key}`);
              if (column.sort) {
                const sort = column.sort;
                label = (
                  <button type="button" onClick={() => onSort(sort)} className="-mx-1 inline-flex items-center gap-1 rounded px-1 hover:text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
                    {label}
                    <span aria-hidden="true" className={cn("text-xs", sorted ? "text-slate-900" : "text-slate-400")}>
                      {sorted ? (query.sort_direction === "asc" ? "▲" : "▼") : "↕"}
                    </span>
                  </button>
                );
              }
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={column.sort ? (sorted ? (query.sort_direction === "asc" ? "ascending" : "descending") : "none") : undefined}
                  className={cn("px-3 py-2 font-semibold whitespace-nowrap", column.numeric && "text-right")}
                >
                  {label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {companies.map((company) => (
            <tr key={company.id}>
              <th scope="row" className="px-3 py-2 text-left font-semibold text-slate-900">
                <Link to={`/admin/companies/${encodeURIComponent(company.id)}`} className="text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
                  {company.name}
                </Link>
              </th>
              <td className="px-3 py-2 text-slate-700">{company.companyEmail || "—"}</td>
              <td className="px-3 py-2 whitespace-nowrap text-slate-700">{[company.city, company.state].filter(Boolean).join(", ") || "—"}</td>
              <td className="px-3 py-2 text-right text-slate-700 tabular-nums">{formatNumber(company.users, lang)}</td>
              <td className="px-3 py-2 text-right text-slate-700 tabular-nums">{formatNumber(company.billableUsers, lang)}</td>
              <td className="px-3 py-2 text-right text-slate-700 tabular-nums">{formatNumber(company.activeVehicles, lang)}</td>
              <td className="px-3 py-2 text-right text-slate-700 tabular-nums">{formatNumber(company.submissionsThisMonth, lang)}</td>
              <td className="px-3 py-2 whitespace-nowrap text-slate-700">{company.lastActivityAt ? formatDateTime(company.lastActivityAt, lang) : t("companies.list.noActivity")}</td>
              <td className="px-3 py-2">
                <StatusBadge status={company.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
