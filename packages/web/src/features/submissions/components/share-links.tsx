import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { confirm } from "@/components/ui/alert-provider";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast-store";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format";
import { useShares } from "../api/get-shares";
import { revokeShare } from "../api/revoke-share";
import type { Lang, ShareSummary } from "../types";

const statusClasses: Record<ShareSummary["status"], string> = {
  live: "bg-green-50 text-green-900 ring-green-300",
  revoked: "bg-red-50 text-red-900 ring-red-300",
  expired: "bg-slate-100 text-slate-800 ring-slate-300",
};

/**
 * Administrators: the submission's share links, who made each, until when it
 * works, every open (time and address), and a revoke button for live links.
 */
export function ShareLinks({ submissionId, lang }: { submissionId: number; lang: Lang }) {
  const { t } = useTranslation();
  const shares = useShares(submissionId);
  const [revoking, setRevoking] = useState<string | undefined>();

  const revoke = async (link: ShareSummary) => {
    const created = formatDateTime(link.createdAt, lang);
    const confirmed = await confirm({ kind: "warning", title: t("submissions.shares.confirmTitle"), text: t("submissions.shares.confirmText", { date: created }), confirmLabel: t("submissions.shares.revoke"), cancelLabel: t("common.actions.cancel") });
    if (!confirmed) return;
    setRevoking(link.shareId);
    try {
      await revokeShare(submissionId, link.shareId);
      toast.success(t("submissions.shares.revoked"));
      await shares.mutate();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t("submissions.shares.revokeFailed"));
    } finally {
      setRevoking(undefined);
    }
  };

  return (
    <section aria-labelledby="shares-heading" className="flex flex-col gap-3">
      <h2 id="shares-heading" className="text-xl font-semibold text-slate-900">
        {t("submissions.shares.title")}
      </h2>
      {shares.isLoading ? (
        <Spinner label={t("submissions.shares.loading")} />
      ) : shares.error ? (
        <p className="text-sm text-slate-700">{t("submissions.shares.failed")}</p>
      ) : !shares.data?.length ? (
        <p className="text-sm text-slate-700">{t("submissions.shares.none")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {shares.data.map((link) => (
            <li key={link.shareId} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="flex flex-col gap-1 text-sm text-slate-800">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className={cn("inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset", statusClasses[link.status])}>{t(`submissions.shares.status.${link.status}`)}</span>
                    <span>{t("submissions.shares.created", { by: link.createdBy, at: formatDateTime(link.createdAt, lang) })}</span>
                  </span>
                  <span>
                    {link.status === "revoked" && link.revokedAt
                      ? t("submissions.shares.revokedOn", { by: link.revokedBy ?? "", at: formatDateTime(link.revokedAt, lang) })
                      : t(link.status === "expired" ? "submissions.shares.expiredOn" : "submissions.shares.validUntil", { at: formatDateTime(link.expiresAt, lang) })}
                  </span>
                </div>
                {link.status === "live" ? (
                  <Button variant="danger" size="sm" onClick={() => void revoke(link)} disabled={revoking === link.shareId} aria-label={t("submissions.shares.revokeLabel", { date: formatDateTime(link.createdAt, lang) })}>
                    {t("submissions.shares.revoke")}
                  </Button>
                ) : null}
              </div>
              <Opens link={link} lang={lang} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Opens({ link, lang }: { link: ShareSummary; lang: Lang }) {
  const { t } = useTranslation();
  if (link.openCount === 0) return <p className="text-sm text-slate-700">{t("submissions.shares.notOpened")}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="text-left text-sm font-medium text-slate-800">
          {t("submissions.shares.opens", { count: link.openCount })}
          {link.openCount > link.opens.length ? ` ${t("submissions.shares.newest", { count: link.opens.length })}` : ""}
        </caption>
        <thead className="bg-slate-50 text-left text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-1.5 font-semibold">{t("submissions.shares.columns.openedAt")}</th>
            <th scope="col" className="px-3 py-1.5 font-semibold">{t("submissions.shares.columns.address")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {link.opens.map((open) => (
            <tr key={`${open.openedAt}-${open.address}`}>
              <td className="px-3 py-1.5 whitespace-nowrap text-slate-700">{formatDateTime(open.openedAt, lang)}</td>
              <td className="px-3 py-1.5 font-mono text-xs text-slate-900" title={open.userAgent || undefined}>
                {open.address}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
