/** The three providers a federated button names (SPEC §2); each is behind its feature flag. */
export type Provider = "Google" | "Apple" | "SSO";

/**
 * Cognito hosted-UI settings. Only read when a federated button is switched
 * on; Amplify itself is loaded on the first click so it never weighs on the
 * sign-in page otherwise (the app's and the static page's: src/islands/login.ts).
 */
function cognitoSettings() {
  const env = import.meta.env as Record<string, string | undefined>;
  const userPoolId = env.VITE_COGNITO_USER_POOL_ID;
  const userPoolClientId = env.VITE_COGNITO_CLIENT_ID;
  const domain = env.VITE_COGNITO_DOMAIN;
  if (!userPoolId || !userPoolClientId || !domain) return null;
  return { userPoolId, userPoolClientId, domain, ssoProvider: env.VITE_COGNITO_SSO_PROVIDER ?? "SSO" };
}

export async function federatedSignIn(provider: Provider) {
  const settings = cognitoSettings();
  if (!settings) throw new Error("Cognito is not configured");
  const [{ Amplify }, { signInWithRedirect }] = await Promise.all([import("aws-amplify"), import("aws-amplify/auth")]);
  const origin = window.location.origin;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: settings.userPoolId,
        userPoolClientId: settings.userPoolClientId,
        loginWith: { oauth: { domain: settings.domain, scopes: ["openid", "email", "profile"], redirectSignIn: [`${origin}/login`], redirectSignOut: [`${origin}/`], responseType: "code" } },
      },
    },
  });
  await signInWithRedirect({ provider: provider === "SSO" ? { custom: settings.ssoProvider } : provider });
}
