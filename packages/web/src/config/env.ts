/**
 * VITE_* settings, parsed once at start-up; a bad one names itself (STYLE rule 7).
 * Checked by hand rather than with zod: this module is in every page's first download, and even zod/mini
 * shares its core chunk with the full zod the signed-in pages use, which put ~16 KB gzip in front of the
 * public pages.
 */
const FLAGS = {
  googleLogin: "VITE_FEATURE_GOOGLE_LOGIN",
  appleLogin: "VITE_FEATURE_APPLE_LOGIN",
  smsLogin: "VITE_FEATURE_SMS_LOGIN",
  ssoLogin: "VITE_FEATURE_SSO_LOGIN",
} as const;

type Features = Record<keyof typeof FLAGS, boolean>;

export interface WebConfig {
  apiUrl: string;
  /** the external form provider's general inquiry form, embedded on /docs/contact */
  contactFormUrl: string | undefined;
  features: Features;
}

const isWebAddress = (value: string) => {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

export function parseConfig(source: Record<string, unknown>): WebConfig {
  const wrong: string[] = [];
  const text = (name: string): string | undefined => {
    const value = source[name];
    if (value === undefined) return undefined;
    if (typeof value === "string") return value;
    wrong.push(name);
    return undefined;
  };
  const apiUrl = text("VITE_API_URL") ?? "/api";
  const contactFormUrl = text("VITE_CONTACT_FORM_URL") || undefined;
  if (contactFormUrl !== undefined && !isWebAddress(contactFormUrl)) wrong.push("VITE_CONTACT_FORM_URL");
  const features = {} as Features;
  for (const [feature, name] of Object.entries(FLAGS) as [keyof Features, string][]) {
    const value = text(name) ?? "false";
    if (value !== "true" && value !== "false") wrong.push(name);
    features[feature] = value === "true";
  }
  if (wrong.length) throw new Error(`Invalid web configuration: ${wrong.join(", ")}`);
  return { apiUrl: apiUrl.replace(/\/$/, ""), contactFormUrl, features };
}

export const config = parseConfig(import.meta.env);
