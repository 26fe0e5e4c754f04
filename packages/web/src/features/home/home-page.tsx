import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { ButtonLink } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { toLanguage } from "@/lib/i18n-options";
import { useTextIn } from "@/lib/in-language";
import { isConnectionError } from "@/lib/network-error";
import { useOnline } from "@/lib/online";
import { useHome } from "./api/get-home";
import { FORM_STATES, type HomeData, type HomeSubmission } from "./types";

export interface HomePageProps {
  companyId: string;
  firstName?: string;
  username: string;
  companyName?: string;
  profilePath: string;
  companiesCount: number;
  /** viewers read forms and submissions but fill none in */
  canFill: boolean;
  /** the documents block (the documents feature draws them): undefined while loading */
  renderDocuments: (documents: HomeData["documents"] | undefined) => ReactNode;
  /** the latest activity, when there is any (the activity feature draws it) */
  renderActivity: (entries: HomeData["activity"]) => ReactNode;
  /** offline with nothing loaded: what the device keeps instead (the forms feature lists its forms) */
  renderOffline?: () => ReactNode;
}

const linkClasses = "rounded-lg border border-slate-200 bg-white p-4 shadow-xs hover:border-brand-500 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600";
const textLink = "font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600";

/**
 * The landing page after sign-in (SPEC §2 /home), from one `GET /home`: pinned or recent dashboards, the
 * forms by state, the person's submissions waiting or sent back, documents expiring soon and the latest
 * activity. Each block shows a skeleton while the answer comes and says so when it has nothing.
 */
export function HomePage({ companyId, firstName, username, companyName, profilePath, companiesCount, canFill, renderDocuments, renderActivity, renderOffline }: HomePageProps) {
  const { t } = useTranslation();
  const { data, error, mutate } = useHome(companyId);
  const online = useOnline();
  // issue 40: without a connection the page says so, instead of "Server error" or empty blocks
  const offline = !online || isConnectionError(error);
  const failed = !data && (offline || Boolean(error));
  const loading = !data && !failed;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <title>{t("home.pageTitle")}</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("home.greeting", { name: firstName || username })}</h1>
        {companyName ? <p className="mt-1 text-slate-600">{t("home.company", { company: companyName })}</p> : null}
      </div>
      <ul className="grid gap-4 sm:grid-cols-3">
        <li>
          <Link to="/forms" className={`block h-full ${linkClasses}`}>
            <span className="block font-semibold text-slate-900">{t("home.links.forms")}</span>
            <span className="block text-sm text-slate-600">{t(canFill ? "home.links.formsText" : "home.links.formsTextViewer")}</span>
          </Link>
        </li>
        <li>
          <Link to={profilePath} className={`block h-full ${linkClasses}`}>
            <span className="block font-semibold text-slate-900">{t("home.links.profile")}</span>
            <span className="block text-sm text-slate-600">{t("home.links.profileText")}</span>
          </Link>
        </li>
        {companiesCount > 1 ? (
          <li>
            <Link to="/company-select" className={`block h-full ${linkClasses}`}>
              <span className="block font-semibold text-slate-900">{t("home.links.companies")}</span>
              <span className="block text-sm text-slate-600">{t("home.links.companiesText")}</span>
            </Link>
          </li>
        ) : null}
      </ul>

      {data?.submissions.sentBack.length ? <SentBack submissions={data.submissions.sentBack} /> : null}

      {offline ? (
        <Notice kind="warning">
          <p>{t(canFill ? "offline.home.fill" : "offline.home.text")}</p>
        </Notice>
      ) : error && !data ? (
        <Notice kind="error" onRetry={() => void mutate()}>
          <p>{t("home.loadFailed", { reason: error instanceof ApiError && error.status < 500 && error.message ? error.message : t("common.errors.server") })}</p>
        </Notice>
      ) : null}

      {failed ? (offline && canFill ? renderOffline?.() : null) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <Block title={t("home.dashboards.title")} more={{ to: "/dashboards", label: t("home.dashboards.all") }} loading={loading} empty={data?.dashboards.length === 0 ? t("home.dashboards.empty") : undefined}>
            {data ? <DashboardLinks dashboards={data.dashboards} /> : null}
          </Block>
          <Block title={t("home.forms.title")} more={{ to: "/forms", label: t("home.forms.all") }} loading={loading} empty={data && FORM_STATES.every((state) => !data.forms[state]?.count) ? t("home.forms.empty") : undefined}>
            {data ? <FormsByState forms={data.forms} /> : null}
          </Block>
          <Block title={t("home.submissions.title")} loading={loading} empty={data && !data.submissions.waiting.length && !data.submissions.sentBack.length ? t("home.submissions.empty") : undefined}>
            {data ? <MySubmissions waiting={data.submissions.waiting} sentBack={data.submissions.sentBack} /> : null}
          </Block>
          {renderDocuments(data?.documents)}
          <Block className="lg:col-span-2" title={t("home.activity.title")} more={{ to: "/activity", label: t("home.activity.all") }} loading={loading} empty={data?.activity.length === 0 ? t("home.activity.empty") : undefined}>
            {data?.activity.length ? renderActivity(data.activity) : null}
          </Block>
        </div>
      )}
    </div>
  );
}

interface BlockProps {
  title: string;
  more?: { to: string; label: string };
  loading: boolean;
  /** the block's words when it has nothing to show */
  empty?: string;
  className?: string;
  children?: ReactNode;
}

/** One block of the home page: a titled region, a skeleton while loading, its empty state or its content. */
function Block({ title, more, loading, empty, className, children }: BlockProps) {
  const id = useId();
  return (
    <section aria-labelledby={id} aria-busy={loading || undefined} className={className ? `flex flex-col gap-3 ${className}` : "flex flex-col gap-3"}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {more ? (
          <Link to={more.to} className={textLink}>
            {more.label}
          </Link>
        ) : null}
      </div>
      {loading ? (
        <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ) : empty ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-700">{empty}</p>
      ) : (
        children
      )}
    </section>
  );
}

function DashboardLinks({ dashboards }: { dashboards: HomeData["dashboards"] }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t("home.dashboards.listLabel")} className="grid gap-2 sm:grid-cols-2">
      {dashboards.map((dashboard) => (
        <li key={dashboard.id}>
          <Link to={`/dashboards/${encodeURIComponent(dashboard.id)}`} className={`flex h-full flex-col gap-1 ${linkClasses}`}>
            <span className="flex items-start justify-between gap-2">
              <span className="font-semibold break-words text-slate-900">{dashboard.name}</span>
              <span className="shrink-0 text-xs font-semibold text-slate-600">{dashboard.pinned ? t("home.dashboards.pinned") : t("home.dashboards.recent")}</span>
            </span>
            {dashboard.description ? <span className="line-clamp-2 text-sm text-slate-600">{dashboard.description}</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function FormsByState({ forms }: { forms: HomeData["forms"] }) {
  const { t } = useTranslation();
  const textIn = useTextIn();
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label={t("home.forms.byState")}>
      {FORM_STATES.map((state) => {
        const group = forms[state] ?? { count: 0, items: [] };
        return (
          <li key={state} className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3">
            <Link to={`/forms?state=${state}`} className={`flex items-baseline justify-between gap-2 ${textLink}`} aria-label={t("home.forms.stateLink", { state: t(`home.forms.states.${state}`), count: group.count })}>
              <span>{t(`home.forms.states.${state}`)}</span>
              <span className="text-2xl font-bold text-slate-900">{group.count}</span>
            </Link>
            {group.items.length ? (
              <ul className="flex flex-col text-sm">
                {group.items.map((form) => (
                  <li key={form.id}>
                    {/* a block at least 24px tall: WCAG 2.2 target size */}
                    <Link to={`/forms/${encodeURIComponent(String(form.id))}`} className="block truncate py-1 text-slate-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
                      {textIn(form.names, form.name)}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function MySubmissions({ waiting, sentBack }: { waiting: HomeSubmission[]; sentBack: HomeSubmission[] }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SubmissionList title={t("home.submissions.waiting")} empty={t("home.submissions.noneWaiting")} submissions={waiting} />
      <SubmissionList title={t("home.submissions.sentBack")} empty={t("home.submissions.noneSentBack")} submissions={sentBack} />
    </div>
  );
}

/**
 * Submissions an administrator sent back to this person (issue 19): at the top, with what was asked and a
 * way to fix each one, since otherwise only an e-mail says so.
 */
function SentBack({ submissions }: { submissions: HomeSubmission[] }) {
  const { t, i18n } = useTranslation();
  const textIn = useTextIn();
  const lang = toLanguage(i18n.resolvedLanguage);
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-lg border border-red-300 bg-red-50 p-4">
      <div>
        <h2 id={id} className="text-lg font-semibold text-red-900">
          {t("home.sentBack.title")} <span className="text-red-800">({submissions.length})</span>
        </h2>
        <p className="text-sm text-slate-800">{t("home.sentBack.intro")}</p>
      </div>
      <ul className="flex flex-col gap-2">
        {submissions.map((submission) => {
          const names = { form: textIn(submission.formNames, submission.formName), id: String(submission.id) };
          return (
            <li key={submission.id} className="flex flex-col gap-2 rounded-md border border-red-200 bg-white p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex min-w-0 flex-col gap-0.5">
                <span className="font-semibold break-words text-slate-900">
                  {names.form} #{submission.id}
                </span>
                <span className="text-sm text-slate-800">{submission.comment ? t("home.sentBack.comment", { by: submission.reviewedBy || "—", comment: submission.comment }) : t("home.sentBack.noComment")}</span>
                {submission.reviewedAt ? <span className="text-xs text-slate-600">{formatDateTime(submission.reviewedAt, lang)}</span> : null}
              </div>
              <ButtonLink
                to={submission.canAmend ? `/forms/${encodeURIComponent(String(submission.formId))}/${encodeURIComponent(String(submission.id))}/amend` : `/submissions/${encodeURIComponent(String(submission.id))}`}
                aria-label={t(submission.canAmend ? "home.sentBack.fixNamed" : "home.sentBack.openNamed", names)}
                className="shrink-0"
              >
                {t(submission.canAmend ? "home.sentBack.fix" : "home.sentBack.open")}
              </ButtonLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function SubmissionList({ title, empty, submissions }: { title: string; empty: string; submissions: HomeSubmission[] }) {
  const { i18n } = useTranslation();
  const textIn = useTextIn();
  const lang = toLanguage(i18n.resolvedLanguage);
  const id = useId();
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3">
      <h3 id={id} className="text-sm font-semibold text-slate-800">
        {title} <span className="text-slate-600">({submissions.length})</span>
      </h3>
      {submissions.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ul aria-labelledby={id} className="flex flex-col gap-1 text-sm">
          {submissions.map((submission) => (
            <li key={submission.id}>
              <Link to={`/submissions/${encodeURIComponent(String(submission.id))}`} className={`inline-block py-0.5 ${textLink}`}>
                {textIn(submission.formNames, submission.formName)} #{submission.id}
              </Link>
              <span className="block text-xs text-slate-600">{formatDateTime(submission.updatedAt, lang)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
