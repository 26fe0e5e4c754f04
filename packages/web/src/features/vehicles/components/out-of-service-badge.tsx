import { useTranslation } from "react-i18next";

/** A vehicle whose last report has an open out-of-service defect (issue 42), in words and not only in colour. */
export function OutOfServiceBadge() {
  const { t } = useTranslation();
  return <span className="inline-flex rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-red-800">{t("vehicles.defects.outOfService")}</span>;
}
