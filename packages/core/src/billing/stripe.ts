import type Stripe from "stripe";

/*
 * What billing asks of Stripe, through Stripe's own package (STYLE rule 12): Checkout Sessions, and webhook
 * signatures checked (and, for the local test checkout, made) exactly as Stripe makes them. The package is
 * loaded with import() at first use: every billing handler imports billing/index.ts, and only checkout, the
 * webhook and the test checkout's payment ever reach Stripe (rule 11).
 */

/**
 * The API version the installed package's types describe (stripe@23.1). Pinned, and sent as `Stripe-Version`
 * on every request, so a change of the account's default version in Stripe's dashboard cannot change the
 * shapes the code reads. `satisfies` fails the typecheck when a package update moves to another version:
 * raise the pin with the package, after reading Stripe's changelog for the objects used here.
 */
export const STRIPE_API_VERSION = "2026-10-28.endive" satisfies Stripe.LatestApiVersion;

/**
 * Each attempt gives up after 3 s and a failed one is retried once (Stripe's package reuses the idempotency key),
 * so a stalled Stripe answers within about 7 s, inside the function's 10 s.
 */
const REQUEST_TIMEOUT_MS = 3_000;
const MAX_NETWORK_RETRIES = 1;

let library: Promise<typeof Stripe> | undefined;
const stripeLibrary = () => (library ??= import("stripe").then((module) => module.default));

/** Stripe's API, or a stand-in for tests (`FLEETFORMS_STRIPE_API`, e.g. `http://127.0.0.1:4010`). */
function apiAddress(): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  const configured = process.env.FLEETFORMS_STRIPE_API;
  if (!configured) return {};
  const url = new URL(configured);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

let cached: { key: string; client: Stripe } | undefined;

/** One client per container (per key and address, which only tests change). */
async function client(secretKey: string): Promise<Stripe> {
  const address = apiAddress();
  const key = `${secretKey}\n${JSON.stringify(address)}`;
  if (cached?.key === key) return cached.client;
  const StripeClient = await stripeLibrary();
  const created = new StripeClient(secretKey, { apiVersion: STRIPE_API_VERSION, timeout: REQUEST_TIMEOUT_MS, maxNetworkRetries: MAX_NETWORK_RETRIES, ...address });
  cached = { key, client: created };
  return created;
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
  /** the recurring payment was certified: Stripe keeps the card for the months to come */
  keepCardForRecurring: boolean;
  idempotencyKey: string;
}

/**
 * Creates a Checkout Session for one payment. A refusal or an unreachable Stripe throws a plain Error whose
 * message is Stripe's (the caller logs it through the redacting logger), never Stripe's error object with
 * the request it carries.
 */
export async function createCheckoutSession(secretKey: string, request: CheckoutRequest): Promise<{ id: string; url: string }> {
  const stripe = await client(secretKey);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: "payment",
        client_reference_id: request.reference,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        customer_email: request.customerEmail,
        metadata: request.metadata,
        payment_intent_data: { metadata: request.metadata, ...(request.keepCardForRecurring ? { setup_future_usage: "off_session" as const } : {}) },
        line_items: [{ quantity: 1, price_data: { currency: request.currency.toLowerCase(), unit_amount: request.amount, product_data: { name: request.description } } }],
      },
      { idempotencyKey: request.idempotencyKey },
    );
  } catch (error) {
    const failure = error as { statusCode?: number; message?: string };
    throw new Error(`Stripe refused the checkout session (${failure.statusCode ?? "no answer"}): ${failure.message ?? "unknown error"}`);
  }
  if (!session.id || !session.url) throw new Error("Stripe refused the checkout session (no session)");
  return { id: session.id, url: session.url };
}

/** The event in `payload` when `header` is Stripe's signature of exactly this raw body with `secret`, within Stripe's tolerance; otherwise it throws. */
export async function verifiedEvent(payload: string, header: string | undefined, secret: string): Promise<Stripe.Event> {
  const { webhooks } = await stripeLibrary();
  return webhooks.constructEventAsync(payload, header ?? "", secret);
}

/** The `Stripe-Signature` header Stripe would send for `payload` (what the local test checkout sends). */
export async function signatureHeader(payload: string, secret: string): Promise<string> {
  const { webhooks } = await stripeLibrary();
  return webhooks.generateTestHeaderStringAsync({ payload, secret });
}
