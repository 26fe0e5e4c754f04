/**
 * What a webhook endpoint may subscribe to (issue 41, docs/api-integrations.md). Kept apart from the entities
 * so the route table, the emitting handlers and the web app import only these names and the messages.
 */
export const WEBHOOK_EVENTS = [
  "submission.created",
  "submission.approved",
  "submission.amended",
  "vehicle.created",
  "vehicle.updated",
  "document.expiring",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** How an endpoint's signing secret starts (the Standard Webhooks convention). */
export const SECRET_PREFIX = "whsec_";
export const MAX_ENDPOINTS = 20;

/** The API's English for endpoints and deliveries (the web app translates each, integrations.webhooks.errors.*). */
export const WEBHOOK_MESSAGES = {
  url: "Enter an https:// address of at most 2,000 characters.",
  target: "This address is not allowed: webhooks go only to public internet addresses.",
  events: "Choose at least one event.",
  description: "The description can be at most 200 characters.",
  tooMany: `A company can have at most ${MAX_ENDPOINTS} webhook endpoints. Delete one first.`,
  notFound: "This webhook endpoint does not exist.",
  deliveryNotFound: "This delivery does not exist.",
  disabled: "This webhook endpoint is switched off. Switch it on first.",
} as const;
