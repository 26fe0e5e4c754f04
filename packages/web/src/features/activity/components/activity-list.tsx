import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { formatDateTime, localeOf } from "@/lib/format";
import { toLanguage, type Language } from "@/lib/i18n-options";
import type { TFunction } from "i18next";
import { activitySentence, changeList, fieldLabelKey, PLACEHOLDERS, sentenceParts, spacedName, type ChangeValue } from "../lib/sentence";
import type { ActivityEntry } from "../types";

const linkClasses = "font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600";

/** Activity entries, newest first: who did what to which object (its link), when, and the fields an edit changed. */
export function ActivityList({ entries, label }: { entries: readonly ActivityEntry[]; label: string }) {
  return (
    <ol aria-label={label} className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
      {entries.map((entry) => (
        <ActivityItem key={entry.id} entry={entry} />
      ))}
    </ol>
  );
}

function ActivityItem({ entry }: { entry: ActivityEntry }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const sentence = activitySentence(entry, lang);
  const changes = changeList(entry.changes, entry.action, lang);
  // links inside the app only; anything else is shown as plain text
  const link = entry.link && entry.link.startsWith("/") && !entry.link.startsWith("//") ? entry.link : null;
  return (
    <li className="flex flex-col gap-1 p-3">
      <p className="text-slate-800">
        {sentenceParts(t(sentence.key, { ...PLACEHOLDERS, action: sentence.values.action }), sentence.values).map((part, index) =>
          part.kind === "actor" ? (
            <strong key={index} className="font-semibold text-slate-900">
              {part.text}
            </strong>
          ) : part.kind === "subject" ? (
            link ? (
              <Link key={index} to={link} className={linkClasses}>
                {part.text}
              </Link>
            ) : (
              <span key={index} className="font-semibold">
                {part.text}
              </span>
            )
          ) : (
            part.text
          ),
        )}
      </p>
      <p className="text-xs text-slate-600">
        <time dateTime={entry.at}>{formatDateTime(entry.at, lang)}</time>
      </p>
      {changes.items.length ? (
        <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs text-slate-700" aria-label={t(changes.mode === "changed" ? "activity.changes" : `activity.${changes.mode}`)}>
          {changes.items.map((change) => {
            const label = fieldLabelKey(change.field);
            return (
              <div key={change.field} className="contents">
                <dt className="font-medium text-slate-800">{label ? t(label) : spacedName(change.field)}</dt>
                <dd className="break-words">
                  {changes.mode === "details"
                    ? valueText(t, change.after, lang, entry.subject.type)
                    : changes.mode === "asItWas"
                      ? valueText(t, change.before, lang, entry.subject.type)
                      : t("activity.changed", { before: valueText(t, change.before, lang, entry.subject.type), after: valueText(t, change.after, lang, entry.subject.type) })}
                </dd>
              </div>
            );
          })}
        </dl>
      ) : null}
    </li>
  );
}

/** A day as stored (YYYY-MM-DD) in the reader's language, read in UTC so no zone moves it to the day before. */
const formatDay = (day: string, lang: Language) => new Intl.DateTimeFormat(localeOf(lang), { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

/**
 * A recorded value in words: a dash for nothing, yes or no, a role or a status by its name (a company's own
 * words first: "Activa" in Spanish), an instant in the reader's time and a day in their language, else the
 * text as recorded.
 */
function valueText(t: TFunction, value: ChangeValue, lang: Language, subjectType: string) {
  switch (value.kind) {
    case "empty":
      return "—";
    case "yes":
      return t("activity.values.yes");
    case "no":
      return t("activity.values.no");
    case "role":
      return t(`admin.roles.${value.role}`);
    case "status":
      return t([`activity.statuses.${subjectType}.${value.status}`, `activity.statuses.${value.status}`]);
    case "instant":
      return formatDateTime(value.at, lang);
    case "day":
      return formatDay(value.day, lang);
    case "text":
      return value.text;
  }
}
