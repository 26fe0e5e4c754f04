import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { LoadingBlocks } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/format";
import { toLanguage } from "@/lib/i18n-options";
import { useKeys } from "../api/get-keys";
import { CreateKeyDialog } from "../components/create-key-dialog";
import { RevokeKeyDialog } from "../components/revoke-key-dialog";
import { SecretDialog } from "../components/secret-dialog";
import { WebhooksSection } from "../components/webhooks-section";
import { useIntegrationMessages } from "../lib/messages";
import type { ApiKeyView } from "../types";

export interface IntegrationsPageProps {
  /** the selected company: its answers are cached under its id */
  companyId: string;
}

const STATUS_STYLES: Record<ApiKeyView["status"], string> = {
  active: "bg-green-100 text-green-900",
  expired: "bg-amber-100 text-amber-900",
  revoked: "bg-slate-200 text-slate-800",
};

/** `/admin/integrations` (issue 41): the company's API keys, made here (the secret shown once) and revoked here. */
export function IntegrationsPage({ companyId }: IntegrationsPageProps) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const messages = useIntegrationMessages();
  const keys = useKeys(companyId);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ value: string; name: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <title>{t("integrations.pageTitle")}</title>
      <nav aria-label={t("integrations.breadcrumb")} className="text-sm">
        <Link to="/admin" className="text-brand-700 underline-offset-2 hover:underline">
          {t("admin.title")}
        </Link>
      </nav>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("integrations.title")}</h1>
          <p className="mt-1 max-w-2xl text-slate-600">{t("integrations.intro")}</p>
        </div>
        <Button onClick={() => setCreating(true)}>{t("integrations.new")}</Button>
      </div>
      <section aria-labelledby="api-keys-heading" className="flex flex-col gap-3">
        <h2 id="api-keys-heading" className="text-lg font-semibold text-slate-900">
          {t("integrations.list.title")}
        </h2>
        <p className="text-sm text-slate-600">
          {t("integrations.list.usage", { header: "Authorization: Bearer ffk_…" })}{" "}
          <Link to="/developers/api" className="font-medium text-brand-700 underline underline-offset-2">
            {t("integrations.list.reference")}
          </Link>
        </p>
        {keys.error && !keys.data ? (
          <Notice kind="error" onRetry={() => void keys.mutate()}>
            <p>{messages.errorMessage(keys.error, "integrations.list.loadFailed")}</p>
          </Notice>
        ) : !keys.data ? (
          <LoadingBlocks label={t("integrations.list.loading")} blocks={["h-16", "h-16"]} />
        ) : keys.data.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">
            <p>{t("integrations.list.empty")}</p>
          </div>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <thead className="bg-slate-50 text-left text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">{t("integrations.list.name")}</th>
                  <th scope="col" className="px-3 py-2 font-medium">{t("integrations.list.scopes")}</th>
                  <th scope="col" className="px-3 py-2 font-medium">{t("integrations.list.status")}</th>
                  <th scope="col" className="px-3 py-2 font-medium">{t("integrations.list.expires")}</th>
                  <th scope="col" className="px-3 py-2 font-medium">{t("integrations.list.lastUsed")}</th>
                  <th scope="col" className="px-3 py-2 font-medium"><span className="sr-only">{t("integrations.list.actions")}</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {keys.data.map((key) => (
                  <tr key={key.id}>
                    <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                      {key.name}
                      <span className="block font-mono text-xs font-normal break-all text-slate-600">{key.prefix}…</span>
                    </th>
                    <td className="px-3 py-2 text-slate-700">{key.scopes.map((scope) => t(`integrations.scopes.${scope.replace(":", "_")}`)).join(", ")}</td>
                    <td className="px-3 py-2">
                      <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLES[key.status]}`}>{t(`integrations.status.${key.status}`)}</span>
                    </td>
                    <td className="px-3 py-2 text-slate-700">{key.expiresAt ? formatDateTime(key.expiresAt, lang) : t("integrations.list.never")}</td>
                    <td className="px-3 py-2 text-slate-700">{key.lastUsedAt ? formatDateTime(key.lastUsedAt, lang) : t("integrations.list.notUsed")}</td>
                    <td className="px-3 py-2 text-right">
                      {key.status === "revoked" ? null : (
                        <Button variant="ghost" size="sm" onClick={() => setRevoking(key)} aria-label={t("integrations.revoke.named", { name: key.name })}>
                          {t("integrations.revoke.action")}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <WebhooksSection companyId={companyId} />
      <CreateKeyDialog open={creating} onClose={() => setCreating(false)} onCreated={(value, name) => setSecret({ value, name })} />
      <SecretDialog secret={secret?.value ?? null} name={secret?.name ?? ""} onClose={() => setSecret(null)} />
      <RevokeKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </div>
  );
}
