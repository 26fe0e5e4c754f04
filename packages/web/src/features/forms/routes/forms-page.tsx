import { useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { ButtonLink } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Spinner } from "@/components/ui/spinner";
import { useTextIn } from "@/lib/in-language";
import { isConnectionError } from "@/lib/network-error";
import { useOnline } from "@/lib/online";
import { useForms } from "../api/get-forms";
import { controlClasses } from "../components/field-shell";
import { StateBadge } from "../components/state-badge";
import { SubmissionsPanel } from "../components/submissions-panel";
import { fillBlock, formStateOf, isAdminRole } from "../lib/form-state";
import { FormsOnDevice } from "../offline/offline-notices";
import type { FormState, Role } from "../types";

export interface FormsPageProps {
  role: Role | null;
  userId?: string | null;
  /** the selected company: offline, the forms kept on the device for the person in it are listed */
  companyId?: string | null;
}

const STATES: FormState[] = ["assigned", "active", "draft", "inactive"];

const stateFromSearch = (search: string): FormState | "all" => {
  const asked = new URLSearchParams(search).get("state");
  return STATES.find((candidate) => candidate === asked) ?? "all";
};

/** /forms (SPEC §2): the company's forms with search and their state, and the submissions. */
export function FormsPage({ role, userId, companyId }: FormsPageProps) {
  const { t } = useTranslation();
  const { data, isLoading, error } = useForms({ activeOnly: false });
  const online = useOnline();
  // issue 40: without a connection the list is unknown, not empty
  const offline = !online || isConnectionError(error);
  const canFill = role !== "viewer" && role !== "inactive";
  const textIn = useTextIn();
  const [search, setSearch] = useState("");
  const location = useLocation();
  // the home page's forms by state lead here with ?state=…
  const [state, setState] = useState<FormState | "all">(() => stateFromSearch(location.search));
  const searchId = useId();
  const stateId = useId();
  const forms = useMemo(() => data ?? [], [data]);
  useEffect(() => {
    if (location.hash === "#submissions") document.getElementById("submissions")?.scrollIntoView({ block: "start" });
  }, [location.hash, location.search]);
  const shown = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    return forms
      .map((form) => ({ form, state: formStateOf(form, { role, userId }), name: textIn(form.names, form.name), description: textIn(form.descriptions, form.description) }))
      .filter((entry) => state === "all" || entry.state === state)
      .filter(({ name, description }) => !needle || name.toLocaleLowerCase().includes(needle) || description.toLocaleLowerCase().includes(needle))
      .sort((a, b) => STATES.indexOf(a.state) - STATES.indexOf(b.state) || a.name.localeCompare(b.name));
  }, [forms, search, state, role, userId, textIn]);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-8">
      <title>{t("forms.list.pageTitle")}</title>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("forms.list.title")}</h1>
          <p className="mt-1 text-slate-600">{t(canFill ? "forms.list.intro" : "forms.list.introReadOnly")}</p>
        </div>
        {isAdminRole(role) ? (
          <ButtonLink to="/admin/forms" variant="secondary">
            {t("forms.list.manage")}
          </ButtonLink>
        ) : null}
      </div>

      <section aria-labelledby="forms-heading" className="flex flex-col gap-4">
        <h2 id="forms-heading" className="sr-only">
          {t("forms.list.title")}
        </h2>
        {offline ? (
          <Notice kind="warning">
            <p>{t(canFill ? "offline.formsList.text" : "offline.formsList.viewer")}</p>
          </Notice>
        ) : null}
        {offline && !data ? (
          canFill ? (
            <FormsOnDevice scope={userId && companyId ? { userId, companyId } : null} />
          ) : null
        ) : (
          <>
            <div className="flex flex-wrap items-end gap-3" role="search">
              <div className="flex min-w-60 flex-1 flex-col gap-1">
                <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
                  {t("forms.list.search")}
                </label>
                <input id={searchId} type="search" className={controlClasses} value={search} onChange={(event) => setSearch(event.target.value)} placeholder={t("forms.list.searchPlaceholder")} />
              </div>
              <div className="flex flex-col gap-1">
                <label htmlFor={stateId} className="text-sm font-medium text-slate-800">
                  {t("forms.list.stateFilter")}
                </label>
                <select id={stateId} className={controlClasses} value={state} onChange={(event) => setState(event.target.value as FormState | "all")}>
                  <option value="all">{t("forms.list.allStates")}</option>
                  {STATES.map((entry) => (
                    <option key={entry} value={entry}>
                      {t(`forms.states.${entry}`)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {isLoading ? (
              <Spinner label={t("forms.list.loading")} />
            ) : shown.length === 0 ? (
              <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">{forms.length === 0 ? t("forms.list.empty") : t("forms.list.noMatch")}</p>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2" aria-label={t("forms.list.listLabel")}>
                {shown.map(({ form, state: formState, name, description }) => {
                  const blocked = fillBlock(form, role);
                  return (
                    <li key={form.id} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-xs">
                      <div className="flex items-start justify-between gap-3">
                        <h3 className="text-base font-semibold text-slate-900">
                          <Link to={`/forms/${form.id}`} className="underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
                            {name}
                          </Link>
                        </h3>
                        <StateBadge state={formState} />
                      </div>
                      {description ? <p className="text-sm text-slate-700">{description}</p> : null}
                      <p className="text-xs text-slate-600">{t("forms.list.submissionCount", { count: form.submissionCount ?? 0 })}</p>
                      <div className="mt-auto flex flex-wrap gap-2">
                        <ButtonLink to={`/forms/${form.id}`} size="sm" variant={blocked ? "secondary" : "primary"} aria-label={t(blocked ? "forms.list.viewNamed" : "forms.list.fillNamed", { name })}>
                          {blocked ? t("forms.list.view") : t("forms.list.fill")}
                        </ButtonLink>
                        <ButtonLink to={`/forms?formId=${form.id}#submissions`} size="sm" variant="ghost" aria-label={t("forms.list.submissionsNamed", { name })}>
                          {t("forms.list.submissions")}
                        </ButtonLink>
                        {form.link ? (
                          <a href={form.link} target="_blank" rel="noopener noreferrer" className="inline-flex h-8 items-center px-2 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
                            {t("forms.list.help")}
                            <span className="sr-only"> ({t("forms.list.opensNewTab")})</span>
                          </a>
                        ) : null}
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </>
        )}
      </section>

      <SubmissionsPanel forms={forms} ownOnly={role === "user"} />
    </div>
  );
}
