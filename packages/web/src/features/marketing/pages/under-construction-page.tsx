import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { buttonClasses } from "@/components/ui/button";

export function UnderConstructionPage() {
  const { t } = useTranslation();
  return (
    <>
      <title>{t("marketing.titles.underConstruction")}</title>
      <div className="mx-auto max-w-3xl px-4 py-20 text-center sm:px-6 lg:px-8">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900">{t("marketing.underConstruction.title")}</h1>
        <p className="mt-4 text-lg text-slate-700">{t("marketing.underConstruction.text")}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/" className={buttonClasses()}>
            {t("marketing.underConstruction.home")}
          </Link>
          <Link to="/docs/contact" className={buttonClasses({ variant: "secondary" })}>
            {t("marketing.underConstruction.contact")}
          </Link>
        </div>
      </div>
    </>
  );
}
