import { useTranslation } from "react-i18next";
import { Notice } from "@/components/ui/notice";
import { toLanguage } from "@/lib/i18n-options";
import { monthName } from "@/lib/format";
import type { CheckoutReturn } from "../lib/checkout-return";

/**
 * Back from the checkout: still waiting for the payment's confirmation (the webhook marks the month paid),
 * confirmed, late, or cancelled. One live region whose words change, so each step is announced once.
 */
export function CheckoutReturnNotice({ back, paid, late }: { back: CheckoutReturn; paid: boolean | undefined; late: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  if (!back) return null;
  const month = back.month ? monthName(back.month, lang) : "";
  if (back.kind === "cancelled")
    return (
      <Notice kind="info">
        <p>{back.month ? t("billing.checkout.cancelledMonth", { month }) : t("billing.checkout.cancelled")}</p>
      </Notice>
    );
  if (paid)
    return (
      <Notice kind="success">
        <p className="font-semibold">{t("billing.checkout.confirmed", { month })}</p>
      </Notice>
    );
  return (
    <Notice kind={late ? "warning" : "info"}>
      <p className="flex items-center gap-2 font-semibold">
        {late ? null : <span aria-hidden="true" className="size-3.5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700 motion-reduce:animate-none" />}
        {t("billing.checkout.waiting")}
      </p>
      <p>{late ? t("billing.checkout.late", { month }) : t("billing.checkout.waitingText", { month })}</p>
    </Notice>
  );
}
