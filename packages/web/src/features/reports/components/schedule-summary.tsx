import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { toLanguage } from "@/lib/i18n-options";
import { textIn } from "@/lib/in-language";
import { cadenceWords } from "../lib/cadence-words";
import { formatScheduleTime, lastRunOf } from "../lib/format";
import type { FormOption, RecipientState, Run, Schedule, UserOption } from "../types";

/** The forms' names, in the schedule's order; a form no longer listed by its number. */
export const formNames = (formIds: number[], forms: FormOption[] | undefined, lang: string) =>
  formIds
    .map((id) => forms?.find((form) => form.formId === id))
    .map((form, i) => (form ? textIn(form.names, form.name, lang) : `#${formIds[i]}`))
    .join(", ");

/** Who receives it: the chosen people by name (the addresses are listed with their states). */
const recipientNames = (schedule: Schedule, users: UserOption[] | undefined) =>
  schedule.recipientUserIds.map((id) => {
    const user = users?.find((candidate) => candidate.id === id);
    return user ? `${user.firstName} ${user.lastName}`.trim() || user.username : id;
  });

const STATE_STYLE: Record<RecipientState, string> = {
  member: "bg-slate-100 text-slate-800",
  confirmed: "bg-green-100 text-green-900",
  pending: "bg-amber-100 text-amber-900",
  declined: "bg-red-100 text-red-900",
};

/** Each address and whether it receives the report (issue 36): an outside one only once its owner confirmed. */
function RecipientStates({ schedule }: { schedule: Schedule }) {
  const { t } = useTranslation();
  const states = schedule.recipientStates ?? schedule.recipientEmails.map((email) => ({ email, state: "pending" as const }));
  return (
    <ul aria-label={t("reports.recipients.title")} className="mt-1 flex flex-col gap-1">
      {states.map(({ email, state }) => (
        <li key={email} className="flex flex-wrap items-center gap-2">
          <span className="break-all">{email}</span>
          <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATE_STYLE[state]}`}>{t(`reports.recipients.state.${state}`)}</span>
        </li>
      ))}
    </ul>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="font-medium text-slate-600">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** A schedule in words: what it reports (and on which forms), when it runs, the next run and its format; `full` adds the rest. */
export function ScheduleSummary({ schedule, forms, users, runs, full = false }: { schedule: Schedule; forms?: FormOption[]; users?: UserOption[]; runs?: Run[]; full?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      <Detail term={t("reports.fields.what")}>{t(`reports.what.${schedule.what}`)}</Detail>
      {schedule.what === "submissions" ? <Detail term={t("reports.fields.forms")}>{formNames(schedule.formIds, forms, lang)}</Detail> : null}
      <Detail term={t("reports.fields.cadence")}>{cadenceWords(schedule.cadence, schedule.timeZone, lang, t)}</Detail>
      <Detail term={t("reports.fields.nextRun")}>{schedule.nextRunAt ? formatScheduleTime(schedule.nextRunAt, lang, schedule.timeZone) : t("reports.fields.noNextRun")}</Detail>
      <Detail term={t("reports.fields.format")}>{t(`reports.format.${schedule.format}`)}</Detail>
      {full ? (
        <>
          <Detail term={t("reports.fields.period")}>{t(`reports.period.${schedule.period}`)}</Detail>
          <Detail term={t("reports.fields.lang")}>{t(`common.language.${schedule.lang}`)}</Detail>
          <Detail term={t("reports.fields.lastRun")}>{lastRunOf(schedule, runs) ? formatScheduleTime(lastRunOf(schedule, runs), lang, schedule.timeZone) : t("reports.fields.noLastRun")}</Detail>
          <Detail term={t("reports.fields.recipients")}>{recipientNames(schedule, users).join(", ") || "—"}</Detail>
          {schedule.recipientEmails.length > 0 ? (
            <div className="min-w-0 sm:col-span-2">
              <dt className="font-medium text-slate-600">{t("reports.recipients.title")}</dt>
              <dd className="text-slate-900">
                <p className="text-xs text-slate-600">{t("reports.recipients.intro")}</p>
                <RecipientStates schedule={schedule} />
              </dd>
            </div>
          ) : null}
        </>
      ) : null}
    </dl>
  );
}
