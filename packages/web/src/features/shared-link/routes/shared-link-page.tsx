import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router-dom";
import type { PerLanguage } from "@fleetforms/core/form/fields";
import { Button, buttonClasses } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { api, ApiError } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { toLanguage } from "@/lib/i18n";
import { textIn } from "@/lib/in-language";

/** `GET /submissions/shared/{token}/info` (docs/api.md): what the page shows before the download. */
interface SharedInfo {
  formName: string;
  formNames?: PerLanguage;
  companyName: string;
  submissionId: number;
  submittedAt: string;
  lang: "en" | "es";
  expiresAt: string;
  downloadPath: string;
}

type State = { kind: "loading" } | { kind: "ready"; info: SharedInfo } | { kind: "expired" | "revoked" | "unknown" | "failed" };

/**
 * /shared/:token (issue 19): the page a share link opens for someone outside the company: the form, the
 * company, when it was submitted and until when the link works, and a button for the PDF; a kind page in
 * their language when the link has expired, was revoked or never existed. With no ?lng, the link's own
 * language is used.
 */
export function SharedLinkPage() {
  const { t, i18n } = useTranslation();
  const { token = "" } = useParams();
  const [params] = useSearchParams();
  const [state, setState] = useState<State>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setState({ kind: "loading" });
    api<{ data: SharedInfo }>(`/submissions/shared/${encodeURIComponent(token)}/info`)
      .then(({ data }) => {
        if (!current) return;
        if (!params.get("lng") && toLanguage(i18n.language) !== data.lang) void i18n.changeLanguage(data.lang);
        setState({ kind: "ready", info: data });
      })
      .catch((error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.code === "submission.share_expired") setState({ kind: "expired" });
        else if (error instanceof ApiError && error.code === "submission.share_revoked") setState({ kind: "revoked" });
        else if (error instanceof ApiError && error.status === 404) setState({ kind: "unknown" });
        else setState({ kind: "failed" });
      });
    return () => {
      current = false;
    };
    // the language is chosen once per load, not on every change of it
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, attempt]);

  const lang = toLanguage(i18n.language);
  return (
    <>
      <title>{t("sharedLink.title")}</title>
      <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6 sm:py-16">
        {state.kind === "loading" ? (
          <Spinner label={t("sharedLink.loading")} />
        ) : state.kind === "ready" ? (
          <section aria-labelledby="shared-title" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <p className="text-sm font-medium text-brand-700">{t("sharedLink.sharedBy", { company: state.info.companyName })}</p>
            <h1 id="shared-title" className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
              {textIn(state.info.formNames, state.info.formName, lang)}
            </h1>
            <dl className="mt-6 grid gap-3 text-slate-800 sm:grid-cols-[auto_1fr] sm:gap-x-6">
              <dt className="font-medium text-slate-600">{t("sharedLink.submission")}</dt>
              <dd>#{state.info.submissionId}</dd>
              <dt className="font-medium text-slate-600">{t("sharedLink.submittedAt")}</dt>
              <dd>{formatDateTime(state.info.submittedAt, lang)}</dd>
              <dt className="font-medium text-slate-600">{t("sharedLink.validUntil")}</dt>
              <dd>{formatDateTime(state.info.expiresAt, lang)}</dd>
            </dl>
            <a href={`${state.info.downloadPath}?lang=${lang}`} className={`${buttonClasses()} mt-8`} download>
              {t("sharedLink.download")}
            </a>
          </section>
        ) : (
          <section role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-6">
            <h1 className="text-2xl font-bold text-slate-900">{t(`sharedLink.${state.kind}.title`)}</h1>
            <p className="mt-3 text-slate-800">{t(`sharedLink.${state.kind}.text`)}</p>
            {state.kind === "failed" ? (
              <Button className="mt-6" onClick={() => setAttempt((n) => n + 1)}>
                {t("sharedLink.retry")}
              </Button>
            ) : null}
          </section>
        )}
      </div>
    </>
  );
}
