import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn";
import type { RunStatus, ScheduleStatus } from "../types";

const badge = "inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap";

/** Active or paused, in words and not only in colour. */
export function ScheduleStatusBadge({ status }: { status: ScheduleStatus }) {
  const { t } = useTranslation();
  return <span className={cn(badge, status === "active" ? "bg-green-50 text-green-800" : "bg-slate-100 text-slate-800")}>{t(`reports.status.${status}`)}</span>;
}

const runTones: Record<RunStatus, string> = {
  queued: "bg-slate-100 text-slate-800",
  running: "bg-brand-50 text-brand-900",
  succeeded: "bg-green-50 text-green-800",
  failed: "bg-red-50 text-red-800",
};

export function RunStatusBadge({ status }: { status: RunStatus }) {
  const { t } = useTranslation();
  return <span className={cn(badge, runTones[status])}>{t(`reports.runs.status.${status}`)}</span>;
}
