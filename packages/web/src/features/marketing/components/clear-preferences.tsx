import { useTranslation } from "react-i18next";
import { confirm } from "@/components/ui/alert-provider";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast-store";
import { clearPreferences } from "@/lib/preferences";

/** On the cookies page: forget the language and sidebar choices kept in this browser, after asking. */
export function ClearPreferences() {
  const { t } = useTranslation();
  const clear = async () => {
    const confirmed = await confirm({
      kind: "warning",
      title: t("legal.cookies.clear.confirmTitle"),
      text: t("legal.cookies.clear.confirmText"),
      confirmLabel: t("legal.cookies.clear.confirmButton"),
    });
    if (!confirmed) return;
    clearPreferences();
    toast.success(t("legal.cookies.clear.done"));
  };
  return (
    <section className="mt-10 rounded-xl border border-slate-200 bg-slate-50 p-6">
      <h2 className="text-xl font-semibold text-slate-900">{t("legal.cookies.clear.heading")}</h2>
      <p className="mt-2 text-slate-700">{t("legal.cookies.clear.body")}</p>
      <Button variant="secondary" className="mt-4" onClick={() => void clear()}>
        {t("legal.cookies.clear.button")}
      </Button>
    </section>
  );
}
