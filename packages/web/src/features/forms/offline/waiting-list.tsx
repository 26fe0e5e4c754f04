import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import type { PersonScope } from "@/lib/device-db";
import { formatDateTime } from "@/lib/format";
import { toLanguage } from "@/lib/i18n-options";
import { useOnline } from "@/lib/online";
import { discard, kick, reopen, type QueuedSubmission } from "./outbox";
import { useOutbox } from "./use-outbox";

const SERVER_REASONS: Record<string, string> = {
  "submission.form_closed": "forms.fill.errors.closed",
  "submission.already_answered": "forms.fill.errors.alreadyAnswered",
  "auth.forbidden": "common.errors.accessDenied",
};

function WaitingItem({ item }: { item: QueuedSubmission }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const online = useOnline();
  const [confirming, setConfirming] = useState(false);
  const lang = toLanguage(i18n.resolvedLanguage);
  const reason = item.error ? (item.error.code && SERVER_REASONS[item.error.code] ? t(SERVER_REASONS[item.error.code]!) : item.error.message) : undefined;
  const percent = item.progress ? Math.round((item.progress.done / Math.max(1, item.progress.total)) * 100) : 0;
  return (
    <li className="flex flex-col gap-2 rounded-md border border-slate-200 bg-white p-3" data-state={item.state}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold text-slate-900">{item.formName}</span>
        <span className="text-xs text-slate-700">{t("offline.outbox.filledAt", { date: formatDateTime(new Date(item.createdAt).toISOString(), lang) })}</span>
      </div>
      <p className={item.state === "refused" ? "text-sm font-medium text-red-800" : "text-sm text-slate-800"}>
        {t(`offline.outbox.states.${item.state}`, { done: (item.progress?.done ?? 0) + 1, total: item.progress?.total ?? 1 })}
      </p>
      {item.state === "sending" ? (
        <div role="progressbar" aria-label={item.formName} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 w-full overflow-hidden rounded-full bg-slate-200">
          <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
        </div>
      ) : null}
      {reason ? (
        <p role={item.state === "refused" ? "alert" : undefined} className="text-sm text-red-800">
          {item.state === "refused" ? reason : t("offline.outbox.lastError", { message: reason })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {item.state === "waiting" && online ? (
          <Button size="sm" variant="secondary" onClick={kick}>
            {t("offline.outbox.sendNow")}
          </Button>
        ) : null}
        {item.state === "refused" ? (
          <Button size="sm" variant="secondary" onClick={() => void reopen(item.key).then((found) => found && navigate(`/forms/${found.formId}`))}>
            {t("offline.outbox.fix")}
          </Button>
        ) : null}
        {item.state !== "sending" ? (
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            {t("offline.outbox.discard")}
          </Button>
        ) : null}
      </div>
      <AlertDialog
        open={confirming}
        kind="warning"
        title={t("offline.outbox.discardTitle")}
        text={t("offline.outbox.discardText", { name: item.formName })}
        confirmLabel={t("offline.outbox.discard")}
        showCancel
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void discard(item.key);
        }}
      />
    </li>
  );
}

/** Issue 20: "Waiting to send", the submissions made on this device that have not arrived yet. */
export function WaitingList({ scope }: { scope: PersonScope | null }) {
  const { t } = useTranslation();
  const items = useOutbox(scope);
  if (!scope || !items.length) return null;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 pt-8 sm:px-6 lg:px-8">
      <section aria-labelledby="waiting-to-send" className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50/50 p-4">
        <h2 id="waiting-to-send" className="text-lg font-semibold text-slate-900">
          {t("offline.outbox.title")}
        </h2>
        <p className="text-sm text-slate-800">{t("offline.outbox.intro")}</p>
        <ul className="flex flex-col gap-2">
          {items.map((item) => (
            <WaitingItem key={item.key} item={item} />
          ))}
        </ul>
      </section>
    </div>
  );
}
