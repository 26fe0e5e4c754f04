import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn";
import type { FormState } from "../types";

const styles: Record<FormState, string> = {
  draft: "bg-amber-50 text-amber-900 ring-amber-300",
  assigned: "bg-brand-50 text-brand-900 ring-brand-500/40",
  active: "bg-green-50 text-green-900 ring-green-300",
  inactive: "bg-slate-100 text-slate-800 ring-slate-300",
};

/** SPEC §4 form state as a badge: draft, assigned, active or inactive. */
export function StateBadge({ state, className }: { state: FormState; className?: string }) {
  const { t } = useTranslation();
  return <span className={cn("inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset", styles[state], className)}>{t(`forms.states.${state}`)}</span>;
}

const statusStyles: Record<string, string> = {
  submitted: "bg-green-50 text-green-900 ring-green-300",
  pending_approval: "bg-amber-50 text-amber-900 ring-amber-300",
  approved: "bg-brand-50 text-brand-900 ring-brand-500/40",
  sent_back: "bg-red-50 text-red-900 ring-red-300",
};

/** A submission's status (submitted, waiting for approval, approved, sent back). */
export function SubmissionStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span className={cn("inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset", statusStyles[status] ?? statusStyles.submitted)}>
      {t(`forms.submissionStatus.${status}`, { defaultValue: status })}
    </span>
  );
}
