import { inject } from "vitest";

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** Calls the local stack's API over real HTTP, as the browser would. */
export async function call<T = any>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string; contentType?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers["content-type"] = options.contentType ?? "application/json";
  const response = await fetch(`${inject("apiUrl")}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: response.status, headers: response.headers, body: parsed as T };
}

export const DEMO_PASSWORD = "fleetforms-demo";

export async function login(username: string, password = DEMO_PASSWORD) {
  const response = await call("POST", "/auth/login", { body: { email: username, password } });
  if (response.status !== 200) throw new Error(`login ${username} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { access_token: string; refresh_token: string };
}

/** Signs in and, when asked, switches to a company through /auth/refresh (as the company picker does). */
export async function tokenFor(username: string, companyId?: string) {
  const tokens = await login(username);
  if (!companyId) return tokens.access_token;
  const switched = await call("POST", "/auth/refresh", { body: { refresh_token: tokens.refresh_token, companyId } });
  if (switched.status !== 200) throw new Error(`switch ${username} to ${companyId} failed: ${switched.status}`);
  return switched.body.access_token as string;
}

export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
