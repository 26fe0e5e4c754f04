import * as z from "zod/mini";

// zod probes `new Function` once to decide on compiled parsers; the app's CSP forbids eval, so the probe
// would log a violation on every page. Interpreted parsing is all the web app needs.
z.config({ jitless: true });

/**
 * VITE_* settings, parsed once at start-up; a bad one names itself (STYLE rule 7).
 * zod/mini keeps the validator out of the public pages' JavaScript budget (a few KB instead of ~23 KB).
 */
const flag = z._default(z.enum(["true", "false"]), "false");
const Env = z.object({
  VITE_API_URL: z._default(z.string(), "/api"),
  VITE_CONTACT_FORM_URL: z.optional(z.union([z.literal(""), z.url({ protocol: /^https?$/ })])),
  VITE_FEATURE_GOOGLE_LOGIN: flag,
  VITE_FEATURE_APPLE_LOGIN: flag,
  VITE_FEATURE_SMS_LOGIN: flag,
  VITE_FEATURE_SSO_LOGIN: flag,
});

export type WebConfig = ReturnType<typeof parseConfig>;

export function parseConfig(source: Record<string, unknown>) {
  const result = Env.safeParse(source);
  if (!result.success) {
    const names = result.error.issues.map((issue) => issue.path.join(".")).join(", ");
    throw new Error(`Invalid web configuration: ${names}`);
  }
  const env = result.data;
  return {
    apiUrl: env.VITE_API_URL.replace(/\/$/, ""),
    /** the external form provider's general inquiry form, embedded on /docs/contact */
    contactFormUrl: env.VITE_CONTACT_FORM_URL || undefined,
    features: {
      googleLogin: env.VITE_FEATURE_GOOGLE_LOGIN === "true",
      appleLogin: env.VITE_FEATURE_APPLE_LOGIN === "true",
      smsLogin: env.VITE_FEATURE_SMS_LOGIN === "true",
      ssoLogin: env.VITE_FEATURE_SSO_LOGIN === "true",
    },
  };
}

export const config = parseConfig(import.meta.env);
