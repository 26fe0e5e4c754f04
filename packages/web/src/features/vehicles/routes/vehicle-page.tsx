import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { toLanguage, type Language } from "@/lib/i18n-options";
import { textIn } from "@/lib/in-language";
import { useVehicle } from "../api/get-vehicle";
import { Notice } from "../components/notice";
import { StatusBadge } from "../components/status-badge";
import { DefectsSection } from "../components/defects-section";
import { EmissionsSection } from "../components/emissions-section";
import { useVehicleMessages } from "../lib/messages";
import type { Role, Vehicle, VehicleHistoryEntry, VehicleSubmission } from "../types";

export interface VehiclePageProps {
  /** administrators get a way back to the fleet list */
  role: Role | null;
  /** the documents linked to the vehicle, from the documents area (the app layer composes it) */
  documents?: (vehicleId: string) => ReactNode;
}

const SUBMISSION_STATUSES = new Set(["submitted", "pending_approval", "approved", "sent_back"]);
const linkClasses = "font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600";

/**
 * /vehicles/:vehicleId (issue 14), for everyone with a seat: the vehicle's details, when it was activated
 * and deactivated, the submissions that picked it, and the documents linked to it.
 */
export function VehiclePage({ role, documents }: VehiclePageProps) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const messages = useVehicleMessages();
  const { vehicleId } = useParams();
  const { data, error, isLoading, mutate } = useVehicle(vehicleId);
  const isAdmin = role === "admin" || role === "orgadmin";

  const back = isAdmin ? (
    <nav aria-label={t("vehicles.breadcrumb")} className="text-sm">
      <Link to="/admin/vehicles" className={linkClasses}>
        {t("vehicles.page.back")}
      </Link>
    </nav>
  ) : null;

  if (!data) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
        <title>{t("vehicles.page.pageTitleLoading")}</title>
        {back}
        {isLoading || !error ? (
          <Spinner label={t("vehicles.page.loading")} />
        ) : (
          <>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{notFound ? t("vehicles.errors.notFound") : t("vehicles.page.loadFailed")}</h1>
            {notFound ? (
              <p className="text-slate-700">{t("vehicles.page.notFoundText")}</p>
            ) : (
              <Notice kind="error" onRetry={() => void mutate()}>
                <p>{messages.errorMessage(error, "vehicles.page.loadFailed")}</p>
              </Notice>
            )}
          </>
        )}
      </div>
    );
  }

  const { vehicle, submissions } = data;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-8">
      <title>{t("vehicles.page.pageTitle", { number: vehicle.vehicleNumber })}</title>
      {back}
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("vehicles.page.title", { number: vehicle.vehicleNumber })}</h1>
        <StatusBadge active={vehicle.isActive} />
      </div>
      <Details vehicle={vehicle} lang={lang} />
      <DefectsSection vehicleId={vehicle.id} lang={lang} />
      <EmissionsSection vehicleId={vehicle.id} lang={lang} />
      <History entries={vehicle.history ?? []} lang={lang} />
      <Submissions submissions={submissions} lang={lang} />
      {documents ? (
        <Section id="vehicle-documents" title={t("vehicles.page.documents.title")}>
          {documents(vehicle.id)}
        </Section>
      ) : null}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Details({ vehicle, lang }: { vehicle: Vehicle; lang: Language }) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [
    [t("vehicles.columns.vehicleNumber"), vehicle.vehicleNumber],
    [t("vehicles.columns.vin"), vehicle.vin ? <span className="font-mono">{vehicle.vin}</span> : "—"],
    [t("vehicles.columns.type"), vehicle.type ? t(`vehicles.types.${vehicle.type}`) : "—"],
    [t("vehicles.columns.fuelType"), vehicle.fuelType ? t(`vehicles.fuel.${vehicle.fuelType}`) : "—"],
    [t("vehicles.columns.engine"), vehicle.engine || "—"],
    [t("vehicles.columns.description"), vehicle.description || "—"],
    [t("vehicles.columns.isActive"), t(vehicle.isActive ? "vehicles.status.active" : "vehicles.status.inactive")],
    [t("vehicles.page.createdAt"), formatDateTime(vehicle.createdAt, lang) || "—"],
    [t("vehicles.page.updatedAt"), formatDateTime(vehicle.updatedAt, lang) || "—"],
  ];
  return (
    <Section id="vehicle-details" title={t("vehicles.page.details")}>
      <dl className="grid gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-col">
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

function History({ entries, lang }: { entries: VehicleHistoryEntry[]; lang: Language }) {
  const { t } = useTranslation();
  return (
    <Section id="vehicle-history" title={t("vehicles.page.history.title")}>
      {entries.length === 0 ? (
        <p className="text-slate-700">{t("vehicles.page.history.empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">{t("vehicles.page.history.caption")}</caption>
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t("vehicles.page.history.columns.event")}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t("vehicles.page.history.columns.at")}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t("vehicles.page.history.columns.by")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {entries.map((entry, index) => (
                <tr key={`${entry.at}-${index}`}>
                  <th scope="row" className="px-3 py-2 text-left font-semibold text-slate-900">
                    {t(entry.isActive ? "vehicles.page.history.activated" : "vehicles.page.history.deactivated")}
                  </th>
                  <td className="px-3 py-2 whitespace-nowrap text-slate-700">{formatDateTime(entry.at, lang)}</td>
                  <td className="px-3 py-2 text-slate-700">{entry.byName || entry.by || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

function Submissions({ submissions, lang }: { submissions: VehicleSubmission[]; lang: Language }) {
  const { t } = useTranslation();
  return (
    <Section id="vehicle-submissions" title={t("vehicles.page.submissions.title")}>
      {submissions.length === 0 ? (
        <p className="text-slate-700">{t("vehicles.page.submissions.empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">{t("vehicles.page.submissions.caption")}</caption>
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t("vehicles.page.submissions.columns.id")}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t("vehicles.page.submissions.columns.form")}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t("vehicles.page.submissions.columns.submittedBy")}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t("vehicles.page.submissions.columns.createdAt")}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t("vehicles.page.submissions.columns.status")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {submissions.map((submission) => (
                <tr key={submission.id}>
                  <th scope="row" className="px-3 py-2 text-left whitespace-nowrap">
                    <Link to={`/submissions/${submission.id}`} className={linkClasses}>
                      {t("vehicles.page.submissions.open", { id: submission.id })}
                    </Link>
                  </th>
                  <td className="px-3 py-2 text-slate-900">{textIn(submission.formNames, submission.formName, lang)}</td>
                  <td className="px-3 py-2 text-slate-700">{submission.submittedByName || "—"}</td>
                  <td className="px-3 py-2 whitespace-nowrap text-slate-700">{formatDateTime(submission.createdAt, lang)}</td>
                  <td className="px-3 py-2 whitespace-nowrap text-slate-700">
                    {SUBMISSION_STATUSES.has(submission.status) ? t(`vehicles.page.submissions.status.${submission.status}`) : submission.status}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}
