import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn";
import { expiryBadge, expiryOf } from "../lib/expiry";
import type { CompanyDocument } from "../types";

const badge = "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap";

/** "Expired" or "Expires in N days", in words and not only in colour; nothing when the expiry is far or unset. */
export function ExpiryBadge({ document, className }: { document: Pick<CompanyDocument, "expiresOn" | "daysToExpiry" | "expiry">; className?: string }) {
  const { t } = useTranslation();
  const state = expiryOf(document);
  const text = expiryBadge(state);
  if (!text) return null;
  return <span className={cn(badge, state.kind === "expired" ? "bg-red-50 text-red-800 ring-1 ring-red-200" : "bg-amber-50 text-amber-900 ring-1 ring-amber-200", className)}>{t(text.key, text.values)}</span>;
}

/** A restricted document: seen only by administrators and its uploader. */
export function RestrictedBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span title={t("documents.restricted.hint")} className={cn(badge, "bg-slate-100 text-slate-800 ring-1 ring-slate-300", className)}>
      {t("documents.restricted.badge")}
    </span>
  );
}

/** A category every company may use. */
export function GlobalBadge() {
  const { t } = useTranslation();
  return <span className={cn(badge, "bg-brand-50 text-brand-900 ring-1 ring-brand-100")}>{t("documents.categories.global")}</span>;
}
