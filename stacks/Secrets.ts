import { Config, type StackContext } from "sst/constructs";

/**
 * Secrets and parameters, grouped by provider. Set each with
 * `npx sst secrets set <NAME> <value> --stage <stage>`; the README lists them.
 * Optional providers (Metabase, Stripe) fall back to local behaviour when unset.
 */
export function Secrets({ stack }: StackContext) {
  const secret = (name: string) => new Config.Secret(stack, name);
  const parameter = (name: string, value: string) => new Config.Parameter(stack, name, { value });
  return {
    jwt: [secret("JWT_SECRET")],
    metabase: [secret("METABASE_SECRET_KEY"), parameter("METABASE_SITE_URL", process.env.METABASE_SITE_URL ?? "none")],
    stripe: [secret("STRIPE_SECRET_KEY"), secret("STRIPE_WEBHOOK_SECRET")],
    mail: [
      parameter("MAIL_FROM", process.env.FLEETFORMS_MAIL_FROM ?? "Fleetforms <no-reply@fleetforms.example>"),
      // where the public contact form's inquiries go
      parameter("SALES_EMAIL", process.env.FLEETFORMS_SALES_EMAIL ?? "sales@fleetforms.example"),
    ],
    sms: [parameter("SMS_SENDER_ID", process.env.FLEETFORMS_SMS_SENDER_ID ?? "Fleetforms")],
    app: [parameter("APP_URL", process.env.FLEETFORMS_WEB_ORIGIN ?? "none")],
  };
}
