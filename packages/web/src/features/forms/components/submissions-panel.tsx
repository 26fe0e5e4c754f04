import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Spinner } from "@/components/ui/spinner";
import { useTextIn } from "@/lib/in-language";
import { isConnectionError } from "@/lib/network-error";
import { useOnline } from "@/lib/online";
import { cn } from "@/lib/cn";
import { DEFAULT_PAGE_SIZE, STATUS_FILTERS, useSubmissions, type StatusFilter } from "../api/get-submissions";
import { formatDateTime } from "@/lib/format";
import { toLanguage } from "@/lib/i18n-options";
import type { Form, SubmissionEntry } from "../types";
import { ExportSubmissions } from "./export-submissions";
import { controlClasses } from "./field-shell";
import { SubmissionStatusBadge } from "./state-badge";

const linkClasses = "font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600";
const isStatusFilter = (value: string | null): value is StatusFilter => (STATUS_FILTERS as readonly string[]).includes(value ?? "");

/**
 * The company's submissions, ten to a page (SPEC §9), newest first unless
 * asked, for all forms or one and all statuses or one; the choices live in
 * the address so the page can be shared and reloaded. A table on wide
 * screens, a card per submission on phones (issue 19: the table scrolled
 * sideways and cut the status off). A user (`ownOnly`) sees only the
 * submissions they made (issue 36): the API lists no others, and the panel
 * says so.
 */
export function SubmissionsPanel({ forms, ownOnly = false }: { forms: Form[]; ownOnly?: boolean }) {
  const { t, i18n } = useTranslation();
  const textIn = useTextIn();
  const lang = toLanguage(i18n.resolvedLanguage);
  const online = useOnline();
  const [params, setParams] = useSearchParams();
  const formId = Number(params.get("formId")) || undefined;
  const page = Math.max(1, Number(params.get("page")) || 1);
  const direction = params.get("sort") === "asc" ? "asc" : "desc";
  const statusParam = params.get("status");
  const status = isStatusFilter(statusParam) ? statusParam : undefined;
  const { data, isLoading, isValidating, error } = useSubmissions({ formId, page, limit: DEFAULT_PAGE_SIZE, sort_by: "createdAt", sort_direction: direction, status });
  const submissions = data?.submissions ?? [];
  const totalPages = Math.max(1, data?.totalPages ?? 1);
  const formFilterId = useId();
  const sortId = useId();
  const statusId = useId();
  const set = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <section aria-labelledby="submissions-heading" className="flex flex-col gap-4" id="submissions">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="submissions-heading" className="text-xl font-semibold text-slate-900">
            {t(ownOnly ? "forms.submissions.own.title" : "forms.submissions.title")}
          </h2>
          {ownOnly ? <p className="mt-1 text-sm text-slate-600">{t("forms.submissions.own.intro")}</p> : null}
        </div>
        <div className="flex flex-wrap gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={formFilterId} className="text-sm font-medium text-slate-800">
              {t("forms.submissions.formFilter")}
            </label>
            <select id={formFilterId} className={controlClasses} value={formId ?? ""} onChange={(event) => set({ formId: event.target.value || undefined, page: undefined })}>
              <option value="">{t("forms.submissions.allForms")}</option>
              {forms.map((form) => (
                <option key={form.id} value={form.id}>
                  {textIn(form.names, form.name)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={statusId} className="text-sm font-medium text-slate-800">
              {t("forms.submissions.statusFilter")}
            </label>
            <select id={statusId} className={controlClasses} value={status ?? ""} onChange={(event) => set({ status: event.target.value || undefined, page: undefined })}>
              <option value="">{t("forms.submissions.allStatuses")}</option>
              {STATUS_FILTERS.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`forms.submissionStatus.${choice}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={sortId} className="text-sm font-medium text-slate-800">
              {t("forms.submissions.sort")}
            </label>
            <select id={sortId} className={controlClasses} value={direction} onChange={(event) => set({ sort: event.target.value === "asc" ? "asc" : undefined, page: undefined })}>
              <option value="desc">{t("forms.submissions.newest")}</option>
              <option value="asc">{t("forms.submissions.oldest")}</option>
            </select>
          </div>
        </div>
      </div>
      <ExportSubmissions formId={formId} />
      {!data && (!online || isConnectionError(error)) ? (
        // issue 40: without a connection the submissions are unknown, not none
        <Notice kind="warning">
          <p>{t("offline.submissions.text")}</p>
        </Notice>
      ) : isLoading ? (
        <Spinner label={t("forms.submissions.loading")} />
      ) : submissions.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">{ownOnly ? t(status ? "forms.submissions.own.emptyFiltered" : formId ? "forms.submissions.own.emptyForm" : "forms.submissions.own.empty") : t(status ? "forms.submissions.emptyFiltered" : "forms.submissions.empty")}</p>
      ) : (
        <>
          <SubmissionCards submissions={submissions} page={page} totalPages={totalPages} busy={isValidating} />
          <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white md:block" aria-busy={isValidating || undefined}>
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <caption className="sr-only">{t("forms.submissions.caption", { page, total: totalPages })}</caption>
              <thead className="bg-slate-50 text-left text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">{t("forms.submissions.columns.id")}</th>
                  <th scope="col" className="px-3 py-2 font-semibold">{t("forms.submissions.columns.form")}</th>
                  <th scope="col" className="px-3 py-2 font-semibold">{t("forms.submissions.columns.submittedBy")}</th>
                  <th scope="col" className="px-3 py-2 font-semibold">{t("forms.submissions.columns.status")}</th>
                  <th scope="col" className="px-3 py-2 font-semibold">{t("forms.submissions.columns.createdAt")}</th>
                  <th scope="col" className="px-3 py-2 font-semibold">{t("forms.submissions.columns.lastUpdated")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {submissions.map((submission) => (
                  <tr key={submission.id}>
                    <td className="px-3 py-2">
                      <Link to={`/submissions/${submission.id}`} className={linkClasses}>
                        {t("forms.submissions.open", { id: submission.id })}
                      </Link>
                    </td>
                    <td className="px-3 py-2 text-slate-900">{textIn(submission.formNames, submission.formName)}</td>
                    <td className="px-3 py-2 text-slate-900">{submission.submittedBy}</td>
                    <td className="px-3 py-2">
                      <SubmissionStatusBadge status={submission.status} />
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap text-slate-700">{formatDateTime(submission.createdAt, lang)}</td>
                    <td className="px-3 py-2 whitespace-nowrap text-slate-700">{formatDateTime(submission.lastUpdated ?? submission.updatedAt, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <nav aria-label={t("forms.submissions.pagination")} className="flex items-center justify-between gap-3">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => set({ page: page - 1 > 1 ? String(page - 1) : undefined })}>
          {t("forms.submissions.previous")}
        </Button>
        <span className="text-sm text-slate-700" aria-live="polite">
          {t("forms.submissions.pageOf", { page, total: totalPages })}
        </span>
        <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => set({ page: String(page + 1) })}>
          {t("forms.submissions.next")}
        </Button>
      </nav>
    </section>
  );
}

/** The page's submissions as cards, for screens too narrow for the table: the status first, nothing cut off. */
function SubmissionCards({ submissions, page, totalPages, busy }: { submissions: SubmissionEntry[]; page: number; totalPages: number; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const textIn = useTextIn();
  const lang = toLanguage(i18n.resolvedLanguage);
  return (
    <ul aria-label={t("forms.submissions.cards", { page, total: totalPages })} aria-busy={busy || undefined} className="flex flex-col gap-3 md:hidden">
      {submissions.map((submission) => (
        <li key={submission.id} className={cn("flex flex-col gap-2 rounded-lg border bg-white p-3", submission.status === "sent_back" ? "border-red-300" : "border-slate-200")}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            {/* the whole line is the target: at least 44px tall on a phone */}
            <Link to={`/submissions/${submission.id}`} className={cn(linkClasses, "inline-flex min-h-11 min-w-11 items-center")}>
              {t("forms.submissions.open", { id: submission.id })}
            </Link>
            <SubmissionStatusBadge status={submission.status} />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">{t("forms.submissions.columns.form")}</dt>
            <dd className="break-words text-slate-900">{textIn(submission.formNames, submission.formName)}</dd>
            <dt className="text-slate-600">{t("forms.submissions.columns.submittedBy")}</dt>
            <dd className="break-words text-slate-900">{submission.submittedBy}</dd>
            <dt className="text-slate-600">{t("forms.submissions.columns.createdAt")}</dt>
            <dd className="text-slate-700">{formatDateTime(submission.createdAt, lang)}</dd>
            <dt className="text-slate-600">{t("forms.submissions.columns.lastUpdated")}</dt>
            <dd className="text-slate-700">{formatDateTime(submission.lastUpdated ?? submission.updatedAt, lang)}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
