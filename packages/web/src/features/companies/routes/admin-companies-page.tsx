import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { Button, ButtonLink } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast-store";
import { refreshCompanies, useCompanies } from "../api/get-companies";
import { CompanyTable } from "../components/company-table";
import { SelectField } from "@/components/ui/form-controls";
import { CreateCompanyDialog } from "../components/create-company-dialog";
import { Notice } from "@/components/ui/notice";
import { Pagination } from "../components/pagination";
import { nextSort, PAGE_SIZE, queryFromSearch, searchFromQuery } from "../lib/companies-query";
import { useCompanyMessages } from "../lib/messages";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { COMPANY_STATUSES, type CompaniesQuery, type CompanyStatus } from "../types";

const SEARCH_DELAY_MS = 300;

/** /admin/companies (issue 13): every company with its figures, searched, filtered, sorted and paged by the server. */
export function AdminCompaniesPage() {
  const { t } = useTranslation();
  const messages = useCompanyMessages();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const query = queryFromSearch(search);
  const companies = useCompanies(query);
  const [creating, setCreating] = useState(false);
  const [text, setText] = useState(query.search ?? "");
  const settledText = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);

  const go = useCallback((next: CompaniesQuery) => setSearch(searchFromQuery(next), { replace: true }), [setSearch]);

  // the search box asks the server once the typing pauses, from the first page
  useEffect(() => {
    if (settledText !== (query.search ?? "")) go({ ...query, search: settledText || undefined, page: 1 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a settled search moves the query
  }, [settledText]);

  // a page past the end (an old link) goes to the last page that has companies
  const page = companies.data;
  useEffect(() => {
    if (page && page.companies.length === 0 && page.total > 0 && query.page > page.totalPages) go({ ...query, page: page.totalPages });
  }, [page, query, go]);

  const filtered = Boolean(query.search || query.status);
  const clearFilters = () => {
    setText("");
    go({ ...query, search: undefined, status: undefined, page: 1 });
  };

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8">
      <title>{t("companies.list.pageTitle")}</title>
      <nav aria-label={t("companies.breadcrumb")} className="text-sm">
        <Link to="/admin" className="font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
          {t("admin.title")}
        </Link>
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("companies.list.title")}</h1>
          <p className="mt-1 text-slate-600">{t("companies.list.intro")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink variant="secondary" to="/management">
            {t("companies.list.usageLink")}
          </ButtonLink>
          <Button onClick={() => setCreating(true)}>{t("companies.list.newButton")}</Button>
        </div>
      </div>

      <section aria-labelledby="companies-heading" className="flex flex-col gap-4">
        <h2 id="companies-heading" className="sr-only">
          {t("companies.list.title")}
        </h2>
        <div role="search" aria-label={t("companies.list.searchRegion")} className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] sm:items-start">
          <TextField label={t("companies.list.search")} description={t("companies.list.searchHint")} type="search" name="search" autoComplete="off" value={text} maxLength={100} onChange={(event) => setText(event.target.value)} />
          <SelectField label={t("companies.list.filterStatus")} name="status" value={query.status ?? ""} onChange={(event) => go({ ...query, status: (event.target.value || undefined) as CompanyStatus | undefined, page: 1 })}>
            <option value="">{t("companies.list.allStatuses")}</option>
            {COMPANY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`companies.status.${status}`)}
              </option>
            ))}
          </SelectField>
        </div>

        {companies.error && !companies.data ? (
          <Notice kind="error" onRetry={() => void companies.mutate()}>
            <p>{messages.errorMessage(companies.error, "companies.list.loadFailed")}</p>
          </Notice>
        ) : !page ? (
          <Spinner label={t("companies.list.loading")} />
        ) : page.total === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">
            {filtered ? (
              <>
                <p>{t("companies.list.noMatch")}</p>
                <Button size="sm" variant="secondary" className="mt-3" onClick={clearFilters}>
                  {t("companies.list.clearFilters")}
                </Button>
              </>
            ) : (
              <p>{t("companies.list.empty")}</p>
            )}
          </div>
        ) : (
          <>
            {companies.error ? <Notice kind="error">{messages.errorMessage(companies.error, "companies.list.loadFailed")}</Notice> : null}
            <CompanyTable companies={page.companies} query={query} busy={companies.isLoading} onSort={(column) => go(nextSort(query, column))} />
            <Pagination label={t("companies.list.paging")} page={query.page} pageSize={PAGE_SIZE} total={page.total} totalPages={page.totalPages} onPage={(next) => go({ ...query, page: next })} />
          </>
        )}
      </section>

      <CreateCompanyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={({ company, invitation }) => {
          setCreating(false);
          void refreshCompanies();
          toast.success(t("companies.create.done", { company: company.name, email: invitation.email }));
          navigate(`/admin/companies/${encodeURIComponent(company.id)}`);
        }}
      />
    </div>
  );
}
