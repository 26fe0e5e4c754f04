import { request, type FullConfig } from "@playwright/test";
import { DEMO_PASSWORD } from "./auth-support";

/**
 * The journeys share the demo companies: with two workers clicking through Acme at machine speed it
 * receives more than its 600 requests a minute (a CI run failed on five 429s). The provider raises the
 * demo tenants' limit the way a provider would (`PUT /company/{id}/limits`), so no journey is refused
 * for another's traffic; journeys on limits use companies of their own.
 */
export const JOURNEY_REQUESTS_PER_MINUTE = 20_000;

export default async function globalSetup(config: FullConfig) {
  const api = await request.newContext({ baseURL: config.projects[0]!.use.baseURL });
  try {
    const login = await api.post("/api/auth/login", { data: { email: "admin", password: DEMO_PASSWORD } });
    if (login.status() !== 200) throw new Error(`the provider could not sign in: ${login.status()} ${await login.text()}`);
    let { refresh_token } = (await login.json()) as { refresh_token: string };
    for (const companyId of ["acme-logistics", "beta-transport"]) {
      // a refresh token is used once: each switch answers the next one
      const switched = await api.post("/api/auth/refresh", { data: { refresh_token, companyId } });
      const tokens = (await switched.json()) as { access_token: string; refresh_token: string };
      refresh_token = tokens.refresh_token;
      const access_token = tokens.access_token;
      const raised = await api.put(`/api/company/${companyId}/limits`, { data: { requestsPerMinute: JOURNEY_REQUESTS_PER_MINUTE }, headers: { authorization: `Bearer ${access_token}` } });
      if (raised.status() !== 200) throw new Error(`${companyId}'s request limit was not raised: ${raised.status()} ${await raised.text()}`);
    }
  } finally {
    await api.dispose();
  }
}
