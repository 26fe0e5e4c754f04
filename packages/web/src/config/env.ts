import { z } from "zod";

/** VITE_* settings, parsed once at start-up; a bad one names itself (STYLE rule 7). */
const Env = z.object({
  VITE_API_URL: z.string().default("/api"),
  VITE_CONTACT_FORM_URL: z.string().url().optional().or(z.literal("")),
  VITE_FEATURE_GOOGLE_LOGIN: z.enum(["true", "false"]).default("false"),
  VITE_FEATURE_APPLE_LOGIN: z.enum(["true", "false"]).default("false"),
  VITE_FEATURE_SMS_LOGIN: z.enum(["true", "false"]).default("false"),
  VITE_FEATURE_SSO_LOGIN: z.enum(["true", "false"]).default("false"),
});

function parse() {
  const result = Env.safeParse(import.meta.env);
  if (!result.success) {
    const names = result.error.issues.map((issue) => issue.path.join(".")).join(", ");
    throw new Error(`Invalid web configuration: ${names}`);
  }
  const env = result.data;
  return {
    apiUrl: env.VITE_API_URL.replace(/\/$/, ""),
    contactFormUrl: env.VITE_CONTACT_FORM_URL || undefined,
    features: {
      googleLogin: env.VITE_FEATURE_GOOGLE_LOGIN === "true",
      appleLogin: env.VITE_FEATURE_APPLE_LOGIN === "true",
      smsLogin: env.VITE_FEATURE_SMS_LOGIN === "true",
      ssoLogin: env.VITE_FEATURE_SSO_LOGIN === "true",
    },
  };
}

export const config = parse();
