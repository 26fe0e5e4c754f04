import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { config } from "@/config/env";
import { SwaggerReference } from "../components/swagger-reference";

/** `/developers/api` (issue 41): the API reference for people, public; our words translated, the reference in English. */
export function ApiReferencePage() {
  const { t } = useTranslation();
  const link = "font-semibold text-brand-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-600";
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10">
      <title>{t("developers.pageTitle")}</title>
      <div id="api-reference-intro" className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t("developers.title")}</h1>
        <p className="max-w-3xl text-slate-700">{t("developers.intro")}</p>
        <p className="max-w-3xl text-slate-700">{t("developers.keys", { header: "Authorization: Bearer ffk_…" })}</p>
        <p className="max-w-3xl text-slate-700">{t("developers.language")}</p>
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          <li>
            <a className={link} href={`${config.apiUrl}/openapi.json`} download="fleetforms-openapi.json">
              {t("developers.download")}
            </a>
          </li>
          <li>
            <Link className={link} to="/admin/integrations">
              {t("developers.manageKeys")}
            </Link>
          </li>
        </ul>
      </div>
      <section aria-label={t("developers.referenceLabel")} className="rounded-xl border border-slate-200 bg-white p-2">
        <SwaggerReference />
      </section>
    </div>
  );
}
