import { useEffect, useId, useMemo, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { CloseIcon, SuccessIcon } from "@/components/ui/icons";
import type { PersonScope } from "@/lib/device-db";
import { toLanguage } from "@/lib/i18n-options";
import { storedForms } from "./form-store";
import { namedIn } from "./on-device-names";
import { noticesFor, sentNotices } from "./sent-notices";
import type { Form } from "../types";

const textLink = "font-semibold text-brand-700 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-600";

/**
 * The forms kept on the device, shown where a list needs the connection (/forms, /home) while offline:
 * each by its name in the interface's language (issue 40), or a line saying none is kept yet.
 */
export function FormsOnDevice({ scope }: { scope: PersonScope | null }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const [forms, setForms] = useState<Form[] | undefined>();
  const headingId = useId();
  const userId = scope?.userId;
  const companyId = scope?.companyId;
  useEffect(() => {
    if (!userId || !companyId) return setForms([]);
    let live = true;
    void storedForms({ userId, companyId })
      .then((found) => live && setForms(found))
      .catch(() => live && setForms([]));
    return () => {
      live = false;
    };
  }, [userId, companyId]);
  const named = useMemo(() => namedIn(forms ?? [], lang), [forms, lang]);
  if (!forms) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t("offline.onDevice.title")}
      </h2>
      {named.length ? (
        <ul className="flex flex-col gap-1">
          {named.map((form) => (
            <li key={form.id}>
              <Link to={`/forms/${form.id}`} className={`inline-block py-0.5 ${textLink}`}>
                {form.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-700">{t("offline.onDevice.none")}</p>
      )}
    </section>
  );
}

/**
 * Issue 40: "sent" notices for submissions that waited on the device, in the signed-in frame so they show
 * on whatever page the person is on when the connection comes back. The live region stays mounted, so a
 * screen reader hears each notice added to it; each stays until dismissed.
 */
export function SentNotices({ scope }: { scope: PersonScope | null }) {
  const { t } = useTranslation();
  const all = useSyncExternalStore(sentNotices.subscribe, sentNotices.list, sentNotices.list);
  const notices = useMemo(() => noticesFor(all, scope), [all, scope]);
  return (
    <div role="status" aria-live="polite" className="contents">
      {notices.map((notice) => (
        <div key={notice.key} className="flex items-start gap-3 border-b border-green-200 bg-green-50 px-4 py-2 text-sm text-green-950">
          <SuccessIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
          <p className="min-w-0 flex-1">
            <strong className="font-semibold">{t("offline.outbox.sent", { name: notice.formName })}</strong> <span>{t("offline.sent.text")}</span>{" "}
            <Link to={`/submissions/${encodeURIComponent(String(notice.submissionId))}`} className={textLink}>
              {t("offline.sent.open", { id: notice.submissionId })}
            </Link>
          </p>
          <button type="button" onClick={() => sentNotices.dismiss(notice.key)} className="-m-1 rounded p-1 text-green-900 hover:bg-green-100 focus-visible:outline-2 focus-visible:outline-brand-600">
            <CloseIcon className="size-4" />
            <span className="sr-only">{t("offline.sent.dismiss", { name: notice.formName })}</span>
          </button>
        </div>
      ))}
    </div>
  );
}
