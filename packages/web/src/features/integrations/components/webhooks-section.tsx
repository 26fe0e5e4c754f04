import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { WEBHOOK_EVENTS, WEBHOOK_MESSAGES, type WebhookEvent } from "@fleetforms/core/webhook/events";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { CheckboxField } from "@/components/ui/form-controls";
import { TextField } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { LoadingBlocks } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast-store";
import { ApiError } from "@/lib/api-client";
import { errorKeyFinder, useErrorMessage } from "@/lib/error-keys";
import { formatDateTime } from "@/lib/format";
import { toLanguage } from "@/lib/i18n-options";
import {
  createWebhook,
  deleteWebhook,
  refreshWebhooks,
  resendDelivery,
  rollWebhookSecret,
  updateWebhook,
  useDeliveries,
  useWebhooks,
  type WebhookEndpointView,
} from "../api/webhooks";

/** The codes of the webhook calls (docs/api-integrations.md), each translated. */
export const WEBHOOK_ERROR_KEYS: Readonly<Record<string, string>> = {
  "webhook.not_found": "webhooks.errors.notFound",
  "webhook.delivery_not_found": "webhooks.errors.deliveryNotFound",
  "webhook.too_many": "webhooks.errors.tooMany",
  "webhook.disabled": "webhooks.errors.disabled",
  "auth.forbidden": "common.errors.accessDenied",
};
export const WEBHOOK_FIELD_KEYS: ReadonlyMap<string, string> = new Map([
  [WEBHOOK_MESSAGES.url, "webhooks.errors.url"],
  [WEBHOOK_MESSAGES.target, "webhooks.errors.target"],
  [WEBHOOK_MESSAGES.events, "webhooks.errors.events"],
]);
const keyOf = errorKeyFinder(WEBHOOK_ERROR_KEYS, WEBHOOK_FIELD_KEYS);
const eventKey = (event: string) => `webhooks.events.${event.replace(".", "_")}`;

/** The Webhooks section of `/admin/integrations` (issue 41): endpoints, their secret shown once, their delivery log. */
export function WebhooksSection({ companyId }: { companyId: string }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const errorMessage = useErrorMessage(keyOf);
  const endpoints = useWebhooks(companyId);
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<{ value: string; url: string } | null>(null);
  const [rolling, setRolling] = useState<WebhookEndpointView | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpointView | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpointView | null>(null);

  async function toggle(endpoint: WebhookEndpointView) {
    try {
      await updateWebhook(endpoint.id, { enabled: !endpoint.enabled });
      toast.success(t(endpoint.enabled ? "webhooks.toggle.disabled" : "webhooks.toggle.enabled", { url: endpoint.url }));
      void refreshWebhooks();
    } catch (caught) {
      toast.error(errorMessage(caught, "webhooks.toggle.failed"));
    }
  }
  async function roll() {
    const endpoint = rolling;
    setRolling(null);
    if (!endpoint) return;
    try {
      const rolled = await rollWebhookSecret(endpoint.id);
      setSecret({ value: rolled.secret, url: endpoint.url });
    } catch (caught) {
      toast.error(errorMessage(caught, "webhooks.roll.failed"));
    }
  }
  async function remove() {
    const endpoint = deleting;
    setDeleting(null);
    if (!endpoint) return;
    try {
      await deleteWebhook(endpoint.id);
      toast.success(t("webhooks.delete.done", { url: endpoint.url }));
      void refreshWebhooks();
    } catch (caught) {
      toast.error(errorMessage(caught, "webhooks.delete.failed"));
    }
  }

  return (
    <section aria-labelledby="webhooks-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="webhooks-heading" className="text-lg font-semibold text-slate-900">
            {t("webhooks.title")}
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">{t("webhooks.intro")}</p>
        </div>
        <Button variant="secondary" onClick={() => setAdding(true)}>
          {t("webhooks.new")}
        </Button>
      </div>
      {endpoints.error && !endpoints.data ? (
        <Notice kind="error" onRetry={() => void endpoints.mutate()}>
          <p>{errorMessage(endpoints.error, "webhooks.list.loadFailed")}</p>
        </Notice>
      ) : !endpoints.data ? (
        <LoadingBlocks label={t("webhooks.list.loading")} blocks={["h-16"]} />
      ) : endpoints.data.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">
          <p>{t("webhooks.list.empty")}</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-3">
          {endpoints.data.map((endpoint) => (
            <li key={endpoint.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-mono text-sm break-all text-slate-900">{endpoint.url}</p>
                  <p className="mt-1 text-sm text-slate-700">{endpoint.events.map((event) => t(eventKey(event))).join(", ")}</p>
                  <p className="mt-1 text-sm">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${endpoint.enabled ? "bg-green-100 text-green-900" : "bg-slate-200 text-slate-800"}`}>
                      {endpoint.enabled ? t("webhooks.status.enabled") : endpoint.disabledReason === "failing" ? t("webhooks.status.failing") : t("webhooks.status.disabled")}
                    </span>
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button variant="ghost" size="sm" onClick={() => setLogOf(endpoint)} aria-label={t("webhooks.log.named", { url: endpoint.url })}>
                    {t("webhooks.log.action")}
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => void toggle(endpoint)} aria-label={t(endpoint.enabled ? "webhooks.toggle.disableNamed" : "webhooks.toggle.enableNamed", { url: endpoint.url })}>
                    {t(endpoint.enabled ? "webhooks.toggle.disable" : "webhooks.toggle.enable")}
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setRolling(endpoint)} aria-label={t("webhooks.roll.named", { url: endpoint.url })}>
                    {t("webhooks.roll.action")}
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setDeleting(endpoint)} aria-label={t("webhooks.delete.named", { url: endpoint.url })}>
                    {t("webhooks.delete.action")}
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <AddWebhookDialog open={adding} onClose={() => setAdding(false)} onCreated={(value, url) => setSecret({ value, url })} />
      <WebhookSecretDialog secret={secret?.value ?? null} url={secret?.url ?? ""} onClose={() => setSecret(null)} />
      <AlertDialog
        open={rolling !== null}
        kind="warning"
        title={t("webhooks.roll.title")}
        text={rolling ? t("webhooks.roll.text", { url: rolling.url }) : ""}
        confirmLabel={t("webhooks.roll.confirm")}
        showCancel
        onConfirm={() => void roll()}
        onCancel={() => setRolling(null)}
      />
      <AlertDialog
        open={deleting !== null}
        kind="warning"
        title={t("webhooks.delete.title")}
        text={deleting ? t("webhooks.delete.text", { url: deleting.url }) : ""}
        confirmLabel={t("webhooks.delete.confirm")}
        showCancel
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
      <DeliveryLogDialog companyId={companyId} endpoint={logOf} lang={lang} onClose={() => setLogOf(null)} />
    </section>
  );
}

type Errors = Partial<Record<"url" | "events", string>>;

/** Address and events; on success the secret is handed up to be shown once. */
function AddWebhookDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (secret: string, url: string) => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage(keyOf);
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);
  const translated = (message: string | undefined) => (message ? t(WEBHOOK_FIELD_KEYS.get(message) ?? message) : undefined);

  function close() {
    setUrl("");
    setEvents([]);
    setErrors({});
    setFailure(undefined);
    onClose();
  }
  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    if (!url.trim()) found.url = translated(WEBHOOK_MESSAGES.url);
    if (!events.length) found.events = translated(WEBHOOK_MESSAGES.events);
    setErrors(found);
    if (Object.keys(found).length || saving) return;
    setSaving(true);
    setFailure(undefined);
    try {
      const made = await createWebhook({ url: url.trim(), events });
      void refreshWebhooks();
      close();
      onCreated(made.secret, made.endpoint.url);
    } catch (caught) {
      const fields = caught instanceof ApiError ? caught.fieldErrors : undefined;
      if (fields && Object.keys(fields).length) setErrors({ url: translated(fields.url?.[0]), events: translated(fields.events?.[0]) });
      else setFailure(errorMessage(caught, "webhooks.create.failed"));
    } finally {
      setSaving(false);
    }
  }
  return (
    <Modal open={open} onClose={close} title={t("webhooks.create.title")} description={t("webhooks.create.intro")}>
      <form className="mt-4 flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
        <TextField label={t("webhooks.create.url")} description={t("webhooks.create.urlHint")} type="url" value={url} maxLength={2000} onChange={(event) => setUrl(event.target.value)} error={errors.url} autoComplete="off" />
        <fieldset aria-describedby={errors.events ? "webhook-events-error" : undefined}>
          <legend className="text-sm font-medium text-slate-800">{t("webhooks.create.events")}</legend>
          <div className="mt-2 flex flex-col gap-2">
            {WEBHOOK_EVENTS.map((name) => (
              <CheckboxField
                key={name}
                label={t(eventKey(name))}
                checked={events.includes(name)}
                onChange={(change) => setEvents((current) => (change.target.checked ? [...current, name] : current.filter((item) => item !== name)))}
              />
            ))}
          </div>
          {errors.events ? (
            <p id="webhook-events-error" className="mt-1 text-sm text-red-700">
              {errors.events}
            </p>
          ) : null}
        </fieldset>
        {failure ? <Notice kind="error">{failure}</Notice> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            {t("common.actions.cancel")}
          </Button>
          <Button type="submit" disabled={saving}>
            {t("webhooks.create.submit")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The endpoint's signing secret, this once (on creation and on each roll). */
function WebhookSecretDialog({ secret, url, onClose }: { secret: string | null; url: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={secret !== null} onClose={onClose} title={t("webhooks.secret.title")} description={url} footer={<Button onClick={onClose}>{t("webhooks.secret.done")}</Button>}>
      <Notice kind="warning" className="mt-4">
        {t("webhooks.secret.once")}
      </Notice>
      <label htmlFor="new-webhook-secret" className="mt-4 block text-sm font-medium text-slate-800">
        {t("webhooks.secret.label")}
      </label>
      <input id="new-webhook-secret" readOnly value={secret ?? ""} onFocus={(event) => event.target.select()} className="mt-1 w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm break-all" />
    </Modal>
  );
}

const STATE_STYLES = { succeeded: "bg-green-100 text-green-900", pending: "bg-amber-100 text-amber-900", failed: "bg-red-100 text-red-900" } as const;

/** The endpoint's latest deliveries: event, state, attempts, the receiver's status, and resend. */
function DeliveryLogDialog({ companyId, endpoint, lang, onClose }: { companyId: string; endpoint: WebhookEndpointView | null; lang: ReturnType<typeof toLanguage>; onClose: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage(keyOf);
  const deliveries = useDeliveries(companyId, endpoint?.id ?? null);
  async function resend(eventId: string) {
    if (!endpoint) return;
    try {
      await resendDelivery(endpoint.id, eventId);
      toast.success(t("webhooks.log.resent"));
      void deliveries.mutate();
    } catch (caught) {
      toast.error(errorMessage(caught, "webhooks.log.resendFailed"));
    }
  }
  return (
    <Modal open={endpoint !== null} onClose={onClose} size="4xl" title={t("webhooks.log.title")} description={endpoint?.url}>
      <div className="mt-4 flex justify-end">
        <Button variant="ghost" size="sm" onClick={() => void deliveries.mutate()}>
          {t("webhooks.log.refresh")}
        </Button>
      </div>
      {deliveries.error && !deliveries.data ? (
        <Notice kind="error" onRetry={() => void deliveries.mutate()}>
          <p>{errorMessage(deliveries.error, "webhooks.log.loadFailed")}</p>
        </Notice>
      ) : !deliveries.data ? (
        <LoadingBlocks label={t("webhooks.log.loading")} blocks={["h-10", "h-10"]} />
      ) : deliveries.data.length === 0 ? (
        <p className="mt-2 text-slate-700">{t("webhooks.log.empty")}</p>
      ) : (
        <div className="mt-2 overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">{t("webhooks.log.event")}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t("webhooks.log.state")}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t("webhooks.log.attempts")}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t("webhooks.log.statusCode")}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t("webhooks.log.lastAttempt")}</th>
                <th scope="col" className="px-3 py-2 font-medium"><span className="sr-only">{t("webhooks.log.actions")}</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {deliveries.data.map((delivery) => (
                <tr key={delivery.eventId}>
                  <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                    {t(eventKey(delivery.eventType))}
                    <span className="block font-mono text-xs font-normal break-all text-slate-600">{delivery.eventId}</span>
                  </th>
                  <td className="px-3 py-2">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATE_STYLES[delivery.state]}`}>{t(`webhooks.state.${delivery.state}`)}</span>
                    {delivery.nextAttemptAt ? <span className="block text-xs text-slate-600">{t("webhooks.log.next", { at: formatDateTime(delivery.nextAttemptAt, lang) })}</span> : null}
                  </td>
                  <td className="px-3 py-2 text-slate-700">{delivery.attempts}</td>
                  <td className="px-3 py-2 text-slate-700">{delivery.statusCode ?? (delivery.error ? t("webhooks.log.noAnswer") : "—")}</td>
                  <td className="px-3 py-2 text-slate-700">{delivery.lastAttemptAt ? formatDateTime(delivery.lastAttemptAt, lang) : "—"}</td>
                  <td className="px-3 py-2 text-right">
                    <Button variant="ghost" size="sm" onClick={() => void resend(delivery.eventId)} aria-label={t("webhooks.log.resendNamed", { id: delivery.eventId })}>
                      {t("webhooks.log.resend")}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}
