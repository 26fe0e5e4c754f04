import useSWR, { mutate } from "swr";
import type { WebhookEvent } from "@fleetforms/core/webhook/events";
import { api } from "@/lib/api-client";

/** A webhook endpoint as `GET /integrations/webhooks` lists it: never its secret. */
export interface WebhookEndpointView {
  id: string;
  url: string;
  description: string;
  events: WebhookEvent[];
  enabled: boolean;
  disabledReason: "manual" | "failing" | null;
  disabledAt: string | null;
  failingSince: string | null;
  createdAt: string;
  createdByName: string;
}

/** One event for one endpoint, as the delivery log shows it. */
export interface WebhookDeliveryView {
  eventId: string;
  eventType: WebhookEvent;
  state: "pending" | "succeeded" | "failed";
  attempts: number;
  statusCode: number | null;
  error: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
}

/** Every webhooks answer is cached under this first key part, with the company's id second. */
export const WEBHOOKS = "integrations-webhooks";
export const refreshWebhooks = () => mutate((key) => Array.isArray(key) && key[0] === WEBHOOKS);

/** `GET /integrations/webhooks`: the company's endpoints. */
export const getWebhooks = () => api<{ endpoints: WebhookEndpointView[] }>("/integrations/webhooks").then((answer) => answer.endpoints);
export function useWebhooks(companyId: string) {
  return useSWR([WEBHOOKS, companyId] as const, getWebhooks, { revalidateOnMount: true });
}

/** `GET /integrations/webhooks/{id}/deliveries`: the endpoint's latest deliveries, newest first. */
export const getDeliveries = (id: string) => api<{ deliveries: WebhookDeliveryView[] }>(`/integrations/webhooks/${encodeURIComponent(id)}/deliveries`).then((answer) => answer.deliveries);
export function useDeliveries(companyId: string, id: string | null) {
  return useSWR(id ? ([WEBHOOKS, companyId, "deliveries", id] as const) : null, ([, , , endpointId]) => getDeliveries(endpointId), { revalidateOnMount: true });
}

/** `POST /integrations/webhooks`: the answer is the only time the secret is seen. */
export const createWebhook = (body: { url: string; events: WebhookEvent[]; description?: string }) =>
  api<{ endpoint: WebhookEndpointView; secret: string }>("/integrations/webhooks", { method: "POST", body });
/** `PATCH /integrations/webhooks/{id}`: switches it off or on (or edits it). */
export const updateWebhook = (id: string, body: { enabled?: boolean; url?: string; events?: WebhookEvent[] }) =>
  api<{ endpoint: WebhookEndpointView }>(`/integrations/webhooks/${encodeURIComponent(id)}`, { method: "PATCH", body });
/** `DELETE /integrations/webhooks/{id}`. */
export const deleteWebhook = (id: string) => api<{ endpoint: WebhookEndpointView }>(`/integrations/webhooks/${encodeURIComponent(id)}`, { method: "DELETE" });
/** `POST /integrations/webhooks/{id}/roll-secret`: the new secret, seen this once. */
export const rollWebhookSecret = (id: string) => api<{ endpoint: WebhookEndpointView; secret: string }>(`/integrations/webhooks/${encodeURIComponent(id)}/roll-secret`, { method: "POST" });
/** `POST /integrations/webhooks/{id}/deliveries/{eventId}/resend`. */
export const resendDelivery = (id: string, eventId: string) =>
  api<{ delivery: WebhookDeliveryView }>(`/integrations/webhooks/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(eventId)}/resend`, { method: "POST" });
