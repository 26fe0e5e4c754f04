import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { toast } from "@/components/ui/toast-store";
import { deleteReport } from "../api/delete-report";
import { refreshReports } from "../api/keys";
import { useReportMessages } from "../lib/messages";
import type { Schedule } from "../types";

/** Asks before a schedule is deleted (its past files stay reachable only through links already sent). */
export function DeleteReportDialog({ schedule, onClose, onDeleted }: { schedule: Schedule | null; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const messages = useReportMessages();
  const [deleting, setDeleting] = useState(false);
  async function confirm() {
    if (!schedule || deleting) return;
    setDeleting(true);
    try {
      await deleteReport(schedule.id);
      toast.success(t("reports.delete.done", { name: schedule.name }));
      onDeleted();
      void refreshReports();
    } catch (caught) {
      toast.error(messages.errorMessage(caught, "reports.delete.failed"));
      onClose();
    } finally {
      setDeleting(false);
    }
  }
  return (
    <AlertDialog
      open={schedule !== null}
      kind="warning"
      title={t("reports.delete.title")}
      text={schedule ? t("reports.delete.text", { name: schedule.name }) : ""}
      confirmLabel={t("reports.delete.confirm")}
      showCancel
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
