import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { Button, ButtonLink } from "@/components/ui/button";
import { confirm } from "@/components/ui/alert-provider";
import { Modal } from "@/components/ui/dialog";
import { LanguageToggle } from "@/components/ui/language-toggle";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast-store";
import { ApiError, apiUrl } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { approveSubmission } from "../api/approve-submission";
import { downloadSubmission } from "../api/download-submission";
import { usePreview } from "../api/get-preview";
import { useSubmissionDetail } from "../api/get-submission";
import { sendBackSubmission } from "../api/send-back-submission";
import { shareSubmission } from "../api/share-submission";
import { refreshShares } from "../api/get-shares";
import { AnswersView } from "../components/answers-view";
import { HistoryView } from "../components/history-view";
import { ShareLinks } from "../components/share-links";
import { absoluteShareUrl, pdfFileName, saveBlob } from "../lib/download";
import { formatDateTime } from "@/lib/format";
import { toLanguage } from "@/lib/i18n-options";
import { textIn } from "@/lib/in-language";
import type { Role, ShareLink, SubmissionDetail } from "../types";
import { shareDuration } from "../lib/share-duration";

export interface SubmissionPageProps {
  role: Role | null;
  /** /submissions/:submissionId/download starts the download on arrival */
  download?: boolean;
}

const statusClasses: Record<string, string> = {
  submitted: "bg-green-50 text-green-900 ring-green-300",
  pending_approval: "bg-amber-50 text-amber-900 ring-amber-300",
  approved: "bg-brand-50 text-brand-900 ring-brand-500/40",
  sent_back: "bg-red-50 text-red-900 ring-red-300",
};

/**
 * /submissions/:submissionId (signed in, no sidebar; SPEC §2): the
 * submission's details, its answers, the PDF download (submission_{id}.pdf),
 * the amendment history, approval for needsApproval forms and a share link
 * for canBeShared ones (the submitter and administrators); administrators
 * also see every share link with its opens and can revoke it.
 */
export function SubmissionPage({ role, download = false }: SubmissionPageProps) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const params = useParams();
  const submissionId = Number(params.submissionId);
  const validId = Number.isSafeInteger(submissionId) && submissionId > 0 ? submissionId : undefined;
  const detail = useSubmissionDetail(validId, lang);
  const preview = usePreview(validId, lang, detail.data?.version);
  const [downloading, setDownloading] = useState(false);
  const started = useRef(false);

  const startDownload = async () => {
    if (!validId || downloading) return;
    setDownloading(true);
    try {
      const blob = await downloadSubmission(validId, lang);
      saveBlob(blob, pdfFileName(validId));
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t("submissions.download.failed"));
    } finally {
      setDownloading(false);
    }
  };

  useEffect(() => {
    if (!download || started.current || !detail.data) return;
    started.current = true;
    void startDownload();
  });

  const header = (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-4xl items-center justify-between gap-4 px-4 py-3">
        <Link to={detail.data ? `/forms?formId=${detail.data.formId}#submissions` : "/forms"} className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
          {t("submissions.page.back")}
        </Link>
        <LanguageToggle />
      </div>
    </header>
  );

  if (detail.isLoading || (!detail.data && !detail.error)) {
    return (
      <>
        {header}
        <main className="mx-auto max-w-4xl px-4 py-8">
          <Spinner label={t("submissions.page.loading")} />
        </main>
      </>
    );
  }
  if (!detail.data) {
    const notFound = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <>
        {header}
        <main className="mx-auto max-w-4xl px-4 py-8">
          <h1 className="text-2xl font-bold text-slate-900">{notFound ? t("submissions.page.notFound") : t("submissions.page.loadFailed")}</h1>
        </main>
      </>
    );
  }

  const submission = detail.data;
  return (
    <>
      {header}
      <main id="main-content" className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-8">
        <title>{t("submissions.page.pageTitle", { id: submission.id })}</title>
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("submissions.page.title", { id: submission.id })}</h1>
            <span className={cn("inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset", statusClasses[submission.status] ?? statusClasses.submitted)}>
              {t(`submissions.status.${submission.status}`, { defaultValue: submission.status })}
            </span>
          </div>
          <p className="text-lg text-slate-800">{textIn(submission.formNames, submission.formName, lang)}</p>
        </div>

        <dl className="grid gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
          <Detail term={t("submissions.details.submittedBy")} value={submission.submittedBy} />
          <Detail term={t("submissions.details.createdAt")} value={formatDateTime(submission.createdAt, lang)} />
          <Detail term={t("submissions.details.lastUpdated")} value={formatDateTime(submission.lastUpdated ?? submission.updatedAt, lang)} />
          <Detail term={t("submissions.details.updatedBy")} value={submission.updatedBy} />
          <Detail term={t("submissions.details.version")} value={String(submission.version)} />
          {submission.review ? <Detail term={t("submissions.details.review")} value={t("submissions.details.reviewText", { by: submission.review.reviewedBy, at: formatDateTime(submission.review.reviewedAt, lang), comment: submission.review.comment || "—" })} /> : null}
        </dl>

        <div className="flex flex-wrap gap-3">
          <Button onClick={() => void startDownload()} disabled={downloading}>
            {downloading ? t("submissions.download.preparing") : t("submissions.download.button")}
          </Button>
          {submission.canAmend ? (
            <ButtonLink to={`/forms/${submission.formId}/${submission.id}/amend`} variant="secondary">
              {t("submissions.page.amend")}
            </ButtonLink>
          ) : null}
          <ButtonLink to={`/forms/${submission.formId}/${submission.id}`} variant="ghost">
            {t("submissions.page.openForm")}
          </ButtonLink>
        </div>
        {download ? (
          <p role="status" className="text-sm text-slate-700">
            {t("submissions.download.started")}
          </p>
        ) : null}

        {submission.canApprove ? <ReviewPanel submission={submission} onDone={() => void detail.mutate()} /> : null}
        {submission.form.needsApproval && !submission.canApprove && submission.status === "pending_approval" ? (
          <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {t(role === "admin" || role === "orgadmin" ? "submissions.review.notPending" : "submissions.review.waiting")}
          </p>
        ) : null}
        {submission.canShare ? <SharePanel submissionId={submission.id} onCreated={submission.canManageShares ? () => void refreshShares(submission.id) : undefined} /> : null}
        {submission.canManageShares ? <ShareLinks submissionId={submission.id} lang={lang} /> : null}

        <section aria-labelledby="answers-heading" className="flex flex-col gap-3">
          <h2 id="answers-heading" className="text-xl font-semibold text-slate-900">
            {t("submissions.answers.title")}
          </h2>
          {preview.isLoading ? <Spinner /> : preview.data ? <AnswersView nodes={preview.data.sections} /> : <p className="text-sm text-slate-700">{t("submissions.answers.failed")}</p>}
        </section>

        <section aria-labelledby="history-heading" className="flex flex-col gap-3">
          <h2 id="history-heading" className="text-xl font-semibold text-slate-900">
            {t("submissions.history.title")}
          </h2>
          <HistoryView entries={submission.amendmentHistory} lang={lang} />
        </section>
      </main>
    </>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{term}</dt>
      <dd className="text-sm text-slate-900">{value || "—"}</dd>
    </div>
  );
}

/** needsApproval: an orgadmin or admin approves, or sends it back with what to change. */
function ReviewPanel({ submission, onDone }: { submission: SubmissionDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const [sendingBack, setSendingBack] = useState(false);
  const [comment, setComment] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const commentId = useId();

  const approve = async () => {
    if (!(await confirm({ title: t("submissions.review.confirmApproveTitle"), text: t("submissions.review.confirmApprove"), confirmLabel: t("submissions.review.approve"), cancelLabel: t("common.actions.cancel"), kind: "info" }))) return;
    setBusy(true);
    try {
      await approveSubmission(submission.id, { version: submission.version });
      toast.success(t("submissions.review.approved"));
      onDone();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t("common.errors.generic"));
    } finally {
      setBusy(false);
    }
  };
  const sendBack = async () => {
    if (!comment.trim()) return setProblem(t("submissions.review.commentRequired"));
    setBusy(true);
    try {
      await sendBackSubmission(submission.id, { version: submission.version, comment: comment.trim() });
      toast.success(t("submissions.review.sentBack"));
      setSendingBack(false);
      onDone();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t("common.errors.generic"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="review-heading" className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="review-heading" className="text-lg font-semibold text-slate-900">
        {t("submissions.review.title")}
      </h2>
      <p className="text-sm text-slate-800">{t("submissions.review.intro")}</p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void approve()} disabled={busy}>
          {t("submissions.review.approve")}
        </Button>
        <Button variant="secondary" onClick={() => setSendingBack(true)} disabled={busy}>
          {t("submissions.review.sendBack")}
        </Button>
      </div>
      <Modal
        open={sendingBack}
        onClose={() => setSendingBack(false)}
        title={t("submissions.review.sendBackTitle")}
        footer={
          <>
            <Button variant="ghost" onClick={() => setSendingBack(false)}>
              {t("common.actions.cancel")}
            </Button>
            <Button onClick={() => void sendBack()} disabled={busy}>
              {t("submissions.review.sendBack")}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={commentId} className="text-sm font-medium text-slate-800">
            {t("submissions.review.comment")}
          </label>
          <textarea
            id={commentId}
            rows={4}
            maxLength={2000}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:outline-2 focus:outline-brand-600"
            value={comment}
            aria-invalid={!!problem || undefined}
            aria-describedby={problem ? `${commentId}-error` : undefined}
            onChange={(event) => {
              setComment(event.target.value);
              setProblem(undefined);
            }}
          />
          {problem ? (
            <p id={`${commentId}-error`} className="text-sm font-medium text-red-700">
              {problem}
            </p>
          ) : null}
        </div>
      </Modal>
    </section>
  );
}

/** canBeShared: an expiring link to the PDF (at most 30 days), shown once, to copy. */
function SharePanel({ submissionId, onCreated }: { submissionId: number; onCreated?: () => void }) {
  const { t, i18n } = useTranslation();
  const [link, setLink] = useState<ShareLink | undefined>();
  const [busy, setBusy] = useState(false);
  const [hours, setHours] = useState(72);
  const hoursId = useId();
  const linkId = useId();
  const create = async () => {
    setBusy(true);
    try {
      setLink(await shareSubmission(submissionId, { expiresInHours: hours, lang: toLanguage(i18n.resolvedLanguage) }));
      onCreated?.();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t("submissions.share.failed"));
    } finally {
      setBusy(false);
    }
  };
  const url = link ? absoluteShareUrl(link, window.location.origin, apiUrl("")) : "";
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t("submissions.share.copied"));
    } catch (error) {
      console.warn("clipboard", error);
      toast.error(t("submissions.share.copyFailed"));
    }
  };
  return (
    <section aria-labelledby="share-heading" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="share-heading" className="text-lg font-semibold text-slate-900">
        {t("submissions.share.title")}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={hoursId} className="text-sm font-medium text-slate-800">
            {t("submissions.share.expires")}
          </label>
          <select id={hoursId} className="rounded-md border border-slate-300 px-3 py-2 text-sm" value={hours} onChange={(event) => setHours(Number(event.target.value))}>
            {[24, 72, 168, 720].map((entry) => (
              <option key={entry} value={entry}>
                {shareDuration(entry, t)}
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary" onClick={() => void create()} disabled={busy}>
          {t("submissions.share.create")}
        </Button>
      </div>
      {link ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={linkId} className="text-sm font-medium text-slate-800">
            {t("submissions.share.link", { date: formatDateTime(link.expiresAt, toLanguage(i18n.resolvedLanguage)) })}
          </label>
          <div className="flex gap-2">
            <input id={linkId} readOnly value={url} className="block w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs" onFocus={(event) => event.target.select()} />
            <Button variant="secondary" onClick={() => void copy()}>
              {t("submissions.share.copy")}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
