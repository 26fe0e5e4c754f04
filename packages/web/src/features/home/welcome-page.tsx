import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { LanguageToggle } from "@/components/ui/language-toggle";

/** A first page proving the build, routing, styling, the API and both languages. */
export function WelcomePage() {
  const { t } = useTranslation();
  const { data, error } = useSWR<{ status: string }>("/health");
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col justify-center gap-6 px-6">
      <div className="flex items-center justify-between">
        <span className="text-xl font-bold text-brand-700">Fleetforms</span>
        <LanguageToggle />
      </div>
      <h1 className="text-4xl font-bold tracking-tight text-slate-900">{t("welcome.title")}</h1>
      <p className="text-lg text-slate-700">{t("welcome.subtitle")}</p>
      <p className="text-sm text-slate-600" data-testid="api-status">
        {error ? t("welcome.apiDown") : data ? t("welcome.apiUp") : t("common.loading")}
      </p>
    </main>
  );
}
