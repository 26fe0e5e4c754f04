import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * The two things billing needs from Stripe, without Stripe's SDK (a large bundle for one form-encoded POST
 * and one HMAC, STYLE rule 11): Checkout Sessions through the REST API, and webhook signatures as Stripe
 * documents them (`Stripe-Signature: t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`). The tests check
 * both against Stripe's own library, so the two cannot drift apart.
 */

/** How old a signed event may be (Stripe's default tolerance). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, payload: string) => createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");

/** The `Stripe-Signature` header Stripe would send for `payload` (what the local test checkout sends). */
export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, payload)}`;
}

/** Whether `header` signs exactly this raw body with `secret`, within the tolerance. */
export function verifySignature(payload: string, header: string | undefined, secret: string, now = Date.now()): boolean {
  if (!header || !secret) return false;
  const parts = header.split(",").map((part) => part.trim().split("="));
  const timestamp = Number(parts.find(([key]) => key === "t")?.[1]);
  const signatures = parts.filter(([key]) => key === "v1").map(([, value]) => value ?? "");
  if (!Number.isInteger(timestamp) || signatures.length === 0) return false;
  if (Math.abs(now / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(hmac(secret, timestamp, payload), "hex");
  return signatures.some((signature) => {
    const given = Buffer.from(signature, "hex");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** Stripe's API, or a stand-in for tests (`FLEETFORMS_STRIPE_API`). */
const apiBase = () => (process.env.FLEETFORMS_STRIPE_API || "https://api.stripe.com").replace(/\/+$/, "");

/** Nested parameters in Stripe's form encoding: `line_items[0][price_data][currency]=usd`. */
export function formEncode(value: unknown, prefix = "", into = new URLSearchParams()): URLSearchParams {
  if (value === undefined || value === null) return into;
  if (typeof value === "object") {
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) formEncode(inner, prefix ? `${prefix}[${key}]` : key, into);
  } else {
    into.append(prefix, String(value));
  }
  return into;
}

export interface CheckoutRequest {
  amount: number;
  currency: string;
  description: string;
  reference: string;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  customerEmail?: string;
  idempotencyKey: string;
}

/** Creates a Checkout Session for one payment; a refusal or an unreachable Stripe throws. */
export async function createCheckoutSession(secretKey: string, request: CheckoutRequest): Promise<{ id: string; url: string }> {
  const body = formEncode({
    mode: "payment",
    client_reference_id: request.reference,
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    customer_email: request.customerEmail,
    metadata: request.metadata,
    payment_intent_data: { metadata: request.metadata, setup_future_usage: "off_session" },
    line_items: [{ quantity: 1, price_data: { currency: request.currency.toLowerCase(), unit_amount: request.amount, product_data: { name: request.description } } }],
  });
  const response = await fetch(`${apiBase()}/v1/checkout/sessions`, {
    method: "POST",
    headers: { authorization: `Bearer ${secretKey}`, "content-type": "application/x-www-form-urlencoded", "idempotency-key": request.idempotencyKey },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  const answer = (await response.json().catch(() => ({}))) as { id?: string; url?: string; error?: { message?: string } };
  if (!response.ok || !answer.id || !answer.url) throw new Error(`Stripe refused the checkout session (${response.status}): ${answer.error?.message ?? "no session"}`);
  return { id: answer.id, url: answer.url };
}
