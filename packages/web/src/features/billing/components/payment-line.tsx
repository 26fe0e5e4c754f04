import { useTranslation } from "react-i18next";
import { formatDateTime } from "@/lib/format";
import { toLanguage } from "@/lib/i18n-options";
import type { BillingMonth } from "../types";

const PAID_BY_KEYS: Readonly<Record<string, string>> = {
  stripe: "billing.paidBy.stripe",
  test: "billing.paidBy.test",
  "nothing-due": "billing.paidBy.nothingDue",
};

/** When and how a paid month was paid: by card, in test mode, nothing due, or marked by hand with its note. */
export function PaymentLine({ month }: { month: BillingMonth }) {
  const { t, i18n } = useTranslation();
  if (month.paymentStatus !== "paid") return null;
  const lang = toLanguage(i18n.resolvedLanguage);
  const how = month.paidBy ? (PAID_BY_KEYS[month.paidBy] ? t(PAID_BY_KEYS[month.paidBy]!) : t("billing.paidBy.manual", { name: month.paidBy })) : "";
  return (
    <p className="text-sm text-slate-600">
      {month.paidAt ? t("billing.months.paidOn", { date: formatDateTime(month.paidAt, lang) }) : null}
      {how ? ` · ${how}` : null}
      {month.paymentNote ? ` · ${month.paymentNote}` : null}
    </p>
  );
}
