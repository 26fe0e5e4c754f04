/**
 * The test runs share the demo companies: integration tests (vitest's parallel files) and journeys (two
 * Playwright workers) at machine speed send Acme more than its 600 requests a minute, and a test is then
 * refused for another's traffic (429 `tenant.requests_limit`). The provider raises the demo tenants' limit the
 * way a provider would (`PUT /company/{id}/limits`); tests of limits use companies of their own.
 */
export const TEST_REQUESTS_PER_MINUTE = 20_000;

async function post<T>(url: string, body: unknown, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { method: "POST", ...init, headers: { "content-type": "application/json", ...init.headers }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${init.method ?? "POST"} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function raiseDemoLimits(apiUrl: string, password: string, requestsPerMinute = TEST_REQUESTS_PER_MINUTE) {
  let { refresh_token } = await post<{ refresh_token: string }>(`${apiUrl}/auth/login`, { email: "admin", password });
  for (const companyId of ["acme-logistics", "beta-transport"]) {
    // a refresh token is used once: each switch answers the next one
    const tokens = await post<{ access_token: string; refresh_token: string }>(`${apiUrl}/auth/refresh`, { refresh_token, companyId });
    refresh_token = tokens.refresh_token;
    await post(`${apiUrl}/company/${companyId}/limits`, { requestsPerMinute }, { method: "PUT", headers: { authorization: `Bearer ${tokens.access_token}` } });
  }
}
