import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { LoadingBlocks } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast-store";
import { useFormOptions } from "../api/get-form-options";
import { useReports } from "../api/get-reports";
import { Breadcrumb, linkClasses } from "../components/breadcrumb";
import { DeleteReportDialog } from "../components/delete-report";
import { ScheduleDialog } from "../components/schedule-dialog";
import { ScheduleSummary } from "../components/schedule-summary";
import { ScheduleStatusBadge } from "../components/status-badge";
import { TOUCH } from "../components/touch";
import { useReportMessages } from "../lib/messages";
import type { FormOption, Schedule } from "../types";

export interface ReportsPageProps {
  /** the selected company: its answers are cached under its id */
  companyId: string;
}

/** `/admin/reports` (issue 18): the company's scheduled reports, with new, edit and delete. */
export function ReportsPage({ companyId }: ReportsPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const messages = useReportMessages();
  const reports = useReports(companyId);
  const forms = useFormOptions(companyId);
  const [editing, setEditing] = useState<Schedule | "new" | null>(null);
  const [deleting, setDeleting] = useState<Schedule | null>(null);
  const schedules = reports.data;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <title>{t("reports.pageTitle")}</title>
      <Breadcrumb />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("reports.title")}</h1>
          <p className="mt-1 max-w-2xl text-slate-600">{t("reports.intro")}</p>
        </div>
        <Button className={TOUCH} onClick={() => setEditing("new")}>
          {t("reports.new")}
        </Button>
      </div>
      {reports.error && !schedules ? (
        <Notice kind="error" onRetry={() => void reports.mutate()}>
          <p>{messages.errorMessage(reports.error, "reports.list.loadFailed")}</p>
        </Notice>
      ) : !schedules ? (
        <LoadingBlocks label={t("reports.list.loading")} blocks={["h-32", "h-32"]} />
      ) : schedules.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">
          <p>{t("reports.list.empty")}</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-4" aria-label={t("reports.list.label")}>
          {schedules.map((schedule) => (
            <ScheduleCard key={schedule.id} schedule={schedule} forms={forms.data} onEdit={() => setEditing(schedule)} onDelete={() => setDeleting(schedule)} />
          ))}
        </ul>
      )}
      <ScheduleDialog
        companyId={companyId}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          const created = editing === "new";
          setEditing(null);
          toast.success(t(created ? "reports.form.created" : "reports.form.saved", { name: saved.name }));
          if (created) navigate(`/admin/reports/${encodeURIComponent(saved.id)}`);
        }}
      />
      <DeleteReportDialog schedule={deleting} onClose={() => setDeleting(null)} onDeleted={() => setDeleting(null)} />
    </div>
  );
}

function ScheduleCard({ schedule, forms, onEdit, onDelete }: { schedule: Schedule; forms?: FormOption[]; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const headingId = `report-${schedule.id}`;
  return (
    <li>
      <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-xs">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            <Link to={`/admin/reports/${encodeURIComponent(schedule.id)}`} className={linkClasses}>
              {schedule.name}
            </Link>
          </h2>
          <ScheduleStatusBadge status={schedule.status} />
        </div>
        <ScheduleSummary schedule={schedule} forms={forms} />
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" className={TOUCH} onClick={onEdit} aria-label={t("reports.editNamed", { name: schedule.name })}>
            {t("reports.edit")}
          </Button>
          <Button variant="ghost" className={TOUCH} onClick={onDelete} aria-label={t("reports.deleteNamed", { name: schedule.name })}>
            {t("common.actions.delete")}
          </Button>
        </div>
      </article>
    </li>
  );
}
