import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router-dom";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { Notice } from "@/components/ui/notice";
import { useCompanies } from "../api/companies-api";
import { useErrorMessage } from "../lib/messages";
import { useSession } from "../session/use-session";
import type { GuardNotice } from "../session/require-auth";

/** SPEC §2 /company-select: the caller's companies; choosing one switches the session to it (SPEC §4). */
export function CompanySelectPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const errorMessage = useErrorMessage();
  const { data, error: loadError, isLoading } = useCompanies(Boolean(session.accessToken));
  const [choosing, setChoosing] = useState<string>();
  const [error, setError] = useState<string>();
  const notice = (location.state as { notice?: GuardNotice } | null)?.notice;

  async function choose(companyId: string) {
    setError(undefined);
    setChoosing(companyId);
    try {
      if (!(await session.selectCompany(companyId))) throw new Error("company selection failed");
      navigate(session.landingPath(), { replace: true });
    } catch (failure) {
      setError(errorMessage(failure, "auth.companySelect.failed"));
      setChoosing(undefined);
    }
  }

  const companies = data?.companies ?? [];
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("auth.companySelect.title")}</h1>
      {notice === "selectCompany" ? <Notice kind="info">{t("common.errors.selectCompany")}</Notice> : null}
      {error ? <Notice kind="error">{error}</Notice> : null}
      {loadError ? <Notice kind="error">{t("auth.companySelect.loadFailed")}</Notice> : null}
      {isLoading ? <Spinner /> : null}
      {data && companies.length === 0 ? <Notice kind="warning">{t("auth.companySelect.none")}</Notice> : null}
      {companies.length ? (
        <ul className="flex flex-col gap-2" aria-label={t("auth.companySelect.listLabel")}>
          {companies.map((company) => {
            const current = session.claims?.companyId === company.id;
            return (
              <li key={company.id}>
                <button
                  type="button"
                  disabled={choosing !== undefined}
                  onClick={() => void choose(company.id)}
                  aria-current={current ? "true" : undefined}
                  className={cn(
                    "flex w-full items-center justify-between gap-4 rounded-lg border bg-white px-4 py-3 text-left shadow-xs hover:border-brand-500 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60",
                    current ? "border-brand-500" : "border-slate-200",
                  )}
                >
                  <span className="font-semibold text-slate-900">{company.name}</span>
                  <span className="text-sm text-slate-600">
                    {t(`auth.roles.${company.role}`, { defaultValue: company.role })}
                    {current ? ` · ${t("auth.companySelect.current")}` : ""}
                    {choosing === company.id ? ` · ${t("common.loading")}` : ""}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
