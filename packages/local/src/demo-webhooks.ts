import type { Actor } from "@fleetforms/core/auth/claims";
import { parameter } from "@fleetforms/core/util/config";
import * as Webhook from "@fleetforms/core/webhook/index";
import { COMPANY_ID, type CompanyKey } from "./demo-data";

const OWNERS: Record<CompanyKey, [userId: string, username: string]> = {
  acme: ["demo-acme-admin", "acme_admin"],
  beta: ["demo-beta-admin", "beta_admin"],
};
const RECEIVER = "/dev/webhooks/receive/";

/**
 * One webhook endpoint per demo company (issue 41), subscribed to every event, pointing at the local stack's own
 * demo receiver (packages/local/src/webhooks.ts; FLEETFORMS_WEBHOOKS_ALLOW_LOCAL=1 lets it): a newcomer submits a
 * form and sees the signed delivery at /dev/webhooks.json and in the endpoint's log. A stack restarted on another
 * port points its endpoints at the new address.
 */
export async function seedWebhooks() {
  const base = await parameter("APP_URL");
  if (!base) return;
  for (const key of Object.keys(OWNERS) as CompanyKey[]) {
    const companyId = COMPANY_ID[key];
    const url = `${base}${RECEIVER}${key}`;
    const [userId, username] = OWNERS[key];
    const actor: Actor = { userId, username, companyId, role: "orgadmin", isProviderAdmin: false };
    const existing = (await Webhook.list(companyId)).find((endpoint) => endpoint.url.includes(RECEIVER));
    if (!existing) await Webhook.create(actor, { url, events: [...Webhook.WEBHOOK_EVENTS], description: "Receptor de demostración" });
    else if (existing.url !== url) await Webhook.WebhookEndpointEntity.patch({ endpointId: existing.id }).set({ url }).go();
  }
}
