import { useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { SelectField, TextAreaField } from "@/components/ui/form-controls";
import { TextField } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { toLanguage } from "@/lib/i18n-options";
import { textIn } from "@/lib/in-language";
import { useFormOptions } from "../api/get-form-options";
import { useUserOptions } from "../api/get-user-options";
import { refreshReports } from "../api/keys";
import { createReport, updateReport } from "../api/save-report";
import { WEEKDAYS, weekdayName } from "../lib/cadence-words";
import { useReportMessages } from "../lib/messages";
import { draftOf, newDraft, toFields, withWhat, type DraftErrors, type ScheduleDraft } from "../lib/schedule-form";
import { browserTimeZone, timeZones } from "../lib/time-zones";
import { CADENCE_KINDS, FORMATS_OF, PERIODS, SCHEDULE_STATUSES, WHATS, type ReportWhat, type Schedule } from "../types";
import { CheckList } from "./check-list";
import { TOUCH } from "./touch";

export interface ScheduleDialogProps {
  companyId: string;
  /** null: closed; "new": a new schedule; else the schedule to edit */
  editing: Schedule | "new" | null;
  onClose: () => void;
  onSaved: (schedule: Schedule) => void;
}

/** A new schedule, or one edited: what it reports on, how, to whom and when. */
export function ScheduleDialog({ companyId, editing, onClose, onSaved }: ScheduleDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={editing !== null} onClose={onClose} size="2xl" title={editing === "new" ? t("reports.form.newTitle") : editing ? t("reports.form.editTitle", { name: editing.name }) : ""}>
      {editing ? <ScheduleForm key={editing === "new" ? "new" : `${editing.id}-${editing.version}`} companyId={companyId} schedule={editing === "new" ? null : editing} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

function ScheduleForm({ companyId, schedule, onClose, onSaved }: { companyId: string; schedule: Schedule | null } & Omit<ScheduleDialogProps, "editing" | "companyId">) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const messages = useReportMessages();
  const forms = useFormOptions(companyId);
  const users = useUserOptions(companyId);
  const [draft, setDraft] = useState<ScheduleDraft>(() => (schedule ? draftOf(schedule) : newDraft(browserTimeZone(), lang)));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const zones = useMemo(() => timeZones(draft.timeZone), [draft.timeZone]);

  const clear = (fields: (keyof DraftErrors)[]) => setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field as keyof DraftErrors))));
  const change = <K extends keyof ScheduleDraft>(key: K, value: ScheduleDraft[K], clears: (keyof DraftErrors)[] = []) => {
    setDraft((current) => ({ ...current, [key]: value }));
    if (clears.length) clear(clears);
  };
  const changeWhat = (what: ReportWhat) => {
    setDraft((current) => withWhat(current, what));
    clear(["formIds", "format"]);
  };

  const formOptions = (forms.data ?? []).map((form) => ({ value: form.formId, label: textIn(form.names, form.name, lang) }));
  // a recipient no longer listed (inactive, or beyond the first page) stays chosen, named by its id
  const knownUsers = new Set((users.data ?? []).map((user) => user.id));
  const userOptions = [
    ...(users.data ?? []).map((user) => ({ value: user.id, label: t("reports.form.userOption", { name: `${user.firstName} ${user.lastName}`.trim() || user.username, email: user.email }) })),
    ...(users.data ? draft.recipientUserIds.filter((id) => !knownUsers.has(id)).map((id) => ({ value: id, label: id })) : []),
  ];

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = toFields(draft, schedule?.version);
    if (checked.errors) {
      setErrors(messages.translateAll(checked.errors));
      setFailure(t("reports.form.fixErrors"));
      return;
    }
    setSaving(true);
    setFailure(null);
    setErrors({});
    try {
      const saved = schedule ? await updateReport(schedule.id, checked.fields) : await createReport(checked.fields);
      void refreshReports();
      onSaved(saved);
    } catch (caught) {
      setErrors(messages.fieldErrors(caught));
      setFailure(messages.errorMessage(caught, "reports.form.saveFailed"));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      {failure ? <Notice kind="error">{failure}</Notice> : null}
      <TextField label={t("reports.form.name")} required maxLength={100} value={draft.name} error={errors.name} onChange={(event) => change("name", event.target.value, ["name"])} />
      <SelectField label={t("reports.form.what")} value={draft.what} onChange={(event) => changeWhat(event.target.value as ReportWhat)}>
        {WHATS.map((what) => (
          <option key={what} value={what}>
            {t(`reports.what.${what}`)}
          </option>
        ))}
      </SelectField>
      {draft.what !== "submissions" ? null : forms.error ? (
        <Notice kind="error" onRetry={() => void forms.mutate()}>
          {t("reports.form.formsFailed")}
        </Notice>
      ) : (
        <CheckList
          legend={t("reports.form.forms")}
          options={formOptions}
          selected={draft.formIds}
          onChange={(formIds) => change("formIds", formIds, ["formIds"])}
          error={errors.formIds}
          empty={forms.data ? t("reports.form.noForms") : t("common.loading")}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label={t("reports.form.period")} value={draft.period} onChange={(event) => change("period", event.target.value as ScheduleDraft["period"])}>
          {PERIODS.map((period) => (
            <option key={period} value={period}>
              {t(`reports.period.${period}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t("reports.form.format")} value={draft.format} error={errors.format} onChange={(event) => change("format", event.target.value as ScheduleDraft["format"], ["format"])}>
          {FORMATS_OF[draft.what].map((format) => (
            <option key={format} value={format}>
              {t(`reports.format.${format}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t("reports.form.lang")} description={t("reports.form.langHint")} value={draft.lang} onChange={(event) => change("lang", event.target.value as ScheduleDraft["lang"])}>
          <option value="en">{t("common.language.en")}</option>
          <option value="es">{t("common.language.es")}</option>
        </SelectField>
      </div>
      {users.error ? (
        <Notice kind="error" onRetry={() => void users.mutate()}>
          {t("reports.form.usersFailed")}
        </Notice>
      ) : (
        <CheckList
          legend={t("reports.form.recipients")}
          options={userOptions}
          selected={draft.recipientUserIds}
          onChange={(ids) => change("recipientUserIds", ids, ["recipients"])}
          error={errors.recipients}
          empty={users.data ? t("reports.form.noUsers") : t("common.loading")}
        />
      )}
      <TextAreaField
        label={t("reports.form.emails")}
        description={`${t("reports.form.emailsHint")} ${t("reports.recipients.formHint")}`}
        rows={2}
        value={draft.emails}
        error={errors.emails}
        onChange={(event) => change("emails", event.target.value, ["emails", "recipients"])}
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-semibold text-slate-900">{t("reports.form.when")}</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField label={t("reports.form.kind")} value={draft.kind} onChange={(event) => change("kind", event.target.value as ScheduleDraft["kind"], ["day"])}>
            {CADENCE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`reports.kind.${kind}`)}
              </option>
            ))}
          </SelectField>
          {draft.kind === "weekly" ? (
            <SelectField label={t("reports.form.weekday")} value={draft.weekday} error={errors.day} onChange={(event) => change("weekday", Number(event.target.value), ["day"])}>
              {WEEKDAYS.map((day) => (
                <option key={day} value={day}>
                  {weekdayName(day, lang)}
                </option>
              ))}
            </SelectField>
          ) : draft.kind === "monthly" ? (
            <TextField
              label={t("reports.form.monthday")}
              description={t("reports.form.monthdayHint")}
              type="number"
              inputMode="numeric"
              min={1}
              max={31}
              value={draft.monthday}
              error={errors.day}
              onChange={(event) => change("monthday", event.target.value, ["day"])}
            />
          ) : null}
          <TextField label={t("reports.form.time")} type="time" value={draft.time} error={errors.time} onChange={(event) => change("time", event.target.value, ["time"])} />
        </div>
        <SelectField label={t("reports.form.timeZone")} value={draft.timeZone} error={errors.timeZone} onChange={(event) => change("timeZone", event.target.value, ["timeZone"])}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </SelectField>
      </fieldset>
      <SelectField label={t("reports.form.status")} description={t("reports.form.statusHint")} value={draft.status} onChange={(event) => change("status", event.target.value as ScheduleDraft["status"])}>
        {SCHEDULE_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`reports.status.${status}`)}
          </option>
        ))}
      </SelectField>
      <div className="mt-2 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" className={TOUCH} onClick={onClose}>
          {t("common.actions.cancel")}
        </Button>
        <Button type="submit" className={TOUCH} disabled={saving}>
          {saving ? t("reports.form.saving") : schedule ? t("reports.form.save") : t("reports.form.create")}
        </Button>
      </div>
    </form>
  );
}
