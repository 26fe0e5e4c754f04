import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { LoadingBlocks } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast-store";
import { useFormOptions } from "../api/get-form-options";
import { isRunning, useReport } from "../api/get-report";
import { useUserOptions } from "../api/get-user-options";
import { refreshReports } from "../api/keys";
import { runReport } from "../api/run-report";
import { Breadcrumb } from "../components/breadcrumb";
import { DeleteReportDialog } from "../components/delete-report";
import { RunsTable } from "../components/runs-table";
import { ScheduleDialog } from "../components/schedule-dialog";
import { ScheduleSummary } from "../components/schedule-summary";
import { ScheduleStatusBadge } from "../components/status-badge";
import { TOUCH } from "../components/touch";
import { useReportMessages } from "../lib/messages";
import type { Schedule } from "../types";

export interface ReportPageProps {
  companyId: string;
  /** the schedule's id, from the address */
  id: string;
}

/** `/admin/reports/:id` (issue 18): one schedule, run now, and its run history with the files. */
export function ReportPage({ companyId, id }: ReportPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const messages = useReportMessages();
  const report = useReport(companyId, id);
  const forms = useFormOptions(companyId);
  const users = useUserOptions(companyId);
  const [editing, setEditing] = useState<Schedule | null>(null);
  const [deleting, setDeleting] = useState<Schedule | null>(null);
  const [starting, setStarting] = useState(false);
  const schedule = report.data?.schedule;
  const running = isRunning(report.data);

  async function runNow() {
    setStarting(true);
    try {
      await runReport(id);
      // the new run is queued: reading the schedule again starts the polling until it finishes
      await refreshReports();
    } catch (caught) {
      toast.error(messages.errorMessage(caught, "reports.run.failed"));
    } finally {
      setStarting(false);
    }
  }

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <title>{schedule ? t("reports.detail.pageTitle", { name: schedule.name }) : t("reports.pageTitle")}</title>
      <Breadcrumb toReports />
      {report.error && !schedule ? (
        <Notice kind="error" onRetry={() => void report.mutate()}>
          <p>{messages.errorMessage(report.error, "reports.detail.loadFailed")}</p>
        </Notice>
      ) : !schedule ? (
        <LoadingBlocks label={t("reports.detail.loading")} blocks={["h-10 w-1/2", "h-32"]} />
      ) : (
        <>
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div className="flex min-w-0 flex-wrap items-center gap-3">
              <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900">{schedule.name}</h1>
              <ScheduleStatusBadge status={schedule.status} />
            </div>
            <div className="flex flex-wrap gap-2">
              <Button className={TOUCH} disabled={starting || running} onClick={() => void runNow()}>
                {starting ? t("reports.run.starting") : t("reports.run.now")}
              </Button>
              <Button variant="secondary" className={TOUCH} onClick={() => setEditing(schedule)}>
                {t("reports.edit")}
              </Button>
              <Button variant="ghost" className={TOUCH} onClick={() => setDeleting(schedule)}>
                {t("common.actions.delete")}
              </Button>
            </div>
          </div>
          <section aria-labelledby="report-summary" className="rounded-lg border border-slate-200 bg-white p-4 shadow-xs">
            <h2 id="report-summary" className="sr-only">
              {t("reports.detail.summary")}
            </h2>
            <ScheduleSummary schedule={schedule} forms={forms.data} users={users.data} runs={report.data!.runs} full />
          </section>
          <p role="status" className={running ? "text-sm font-medium text-brand-900" : "sr-only"}>
            {running ? t("reports.run.running") : ""}
          </p>
          {report.error ? <Notice kind="error">{messages.errorMessage(report.error, "reports.detail.loadFailed")}</Notice> : null}
          <section aria-labelledby="report-runs" className="flex flex-col gap-3">
            <h2 id="report-runs" className="text-lg font-semibold text-slate-900">
              {t("reports.runs.title")}
            </h2>
            <RunsTable scheduleId={schedule.id} runs={report.data!.runs} />
          </section>
        </>
      )}
      <ScheduleDialog
        companyId={companyId}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          toast.success(t("reports.form.saved", { name: saved.name }));
        }}
      />
      <DeleteReportDialog
        schedule={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          navigate("/admin/reports");
        }}
      />
    </div>
  );
}
