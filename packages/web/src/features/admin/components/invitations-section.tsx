import { useState } from "react";
import { useTranslation } from "react-i18next";
import { confirm } from "@/components/ui/alert-provider";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast-store";
import { formatDateTime } from "@/lib/format";
import { toLanguage } from "@/lib/i18n-options";
import { refreshAdminSummary } from "../api/get-admin-summary";
import { useInvitations } from "../api/get-invitations";
import { resendInvitation } from "../api/resend-invitation";
import { revokeInvitation } from "../api/revoke-invitation";
import { useAdminMessages } from "../lib/messages";
import type { CompanyInvitation } from "../types";
import { Notice } from "@/components/ui/notice";

/** Invitations not yet answered (pending, or expired and worth sending again), with resend and revoke. */
export function InvitationsSection() {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const messages = useAdminMessages();
  const invitations = useInvitations();
  const [working, setWorking] = useState<string>();
  const open = (invitations.data ?? []).filter((invitation) => invitation.status === "pending" || invitation.status === "expired");

  async function run(invitation: CompanyInvitation, action: "resend" | "revoke") {
    if (action === "revoke") {
      const confirmed = await confirm({
        kind: "warning",
        title: t("admin.invitations.revokeTitle"),
        text: t("admin.invitations.revokeText", { email: invitation.email }),
        confirmLabel: t("admin.invitations.revoke"),
      });
      if (!confirmed) return;
    }
    setWorking(invitation.id);
    try {
      if (action === "resend") await resendInvitation(invitation.id);
      else await revokeInvitation(invitation.id);
      toast.success(t(action === "resend" ? "admin.invitations.resent" : "admin.invitations.revoked", { email: invitation.email }));
    } catch (failure) {
      toast.error(messages.errorMessage(failure, action === "resend" ? "admin.invitations.resendFailed" : "admin.invitations.revokeFailed"));
    } finally {
      setWorking(undefined);
      void invitations.mutate();
      void refreshAdminSummary();
    }
  }

  return (
    <section aria-labelledby="pending-invitations" className="flex flex-col gap-3">
      <h2 id="pending-invitations" className="text-lg font-semibold text-slate-900">
        {t("admin.invitations.title")}
      </h2>
      {invitations.error && !invitations.data ? (
        <Notice kind="error" onRetry={() => void invitations.mutate()}>
          <p>{messages.errorMessage(invitations.error, "admin.invitations.loadFailed")}</p>
        </Notice>
      ) : !invitations.data ? (
        <Spinner label={t("admin.invitations.loading")} />
      ) : open.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-700">{t("admin.invitations.empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">{t("admin.invitations.caption")}</caption>
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">{t("admin.invitations.columns.email")}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t("admin.invitations.columns.role")}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t("admin.invitations.columns.sent")}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t("admin.invitations.columns.expires")}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t("admin.invitations.columns.actions")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {open.map((invitation) => (
                <tr key={invitation.id}>
                  <th scope="row" className="px-3 py-2 text-left font-semibold text-slate-900">{invitation.email}</th>
                  <td className="px-3 py-2 text-slate-700">{t(`admin.roles.${invitation.role}`)}</td>
                  <td className="px-3 py-2 whitespace-nowrap text-slate-700">{formatDateTime(invitation.sentAt ?? invitation.createdAt, lang)}</td>
                  <td className="px-3 py-2 whitespace-nowrap text-slate-700">
                    {invitation.status === "expired" ? <span className="font-semibold text-amber-800">{t("admin.invitations.expired")}</span> : formatDateTime(invitation.expiresAt, lang)}
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex flex-wrap gap-1">
                      <Button size="sm" variant="secondary" disabled={working === invitation.id} onClick={() => void run(invitation, "resend")} aria-label={t("admin.invitations.resendNamed", { email: invitation.email })}>
                        {t("admin.invitations.resend")}
                      </Button>
                      <Button size="sm" variant="secondary" disabled={working === invitation.id} onClick={() => void run(invitation, "revoke")} aria-label={t("admin.invitations.revokeNamed", { email: invitation.email })}>
                        {t("admin.invitations.revoke")}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
