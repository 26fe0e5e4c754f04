import { config } from "@/config/env";

/** An error from the API, with the server's code, message, status and field errors. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly fieldErrors: Record<string, string[]> = {},
    readonly body?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type TokenSource = () => string | undefined;
let tokenSource: TokenSource = () => undefined;
/** The session module tells the client where the access token lives. */
export function setTokenSource(source: TokenSource) {
  tokenSource = source;
}

type UnauthorizedHandler = () => Promise<boolean>;
let unauthorizedHandler: UnauthorizedHandler = async () => false;
/**
 * The session tells the client how to recover from a 401 (renew the access
 * token); the call is then made once more. Without a renewal the 401 stands.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  unauthorizedHandler = handler;
}

type ErrorListener = (error: ApiError) => void;
let errorListener: ErrorListener = () => undefined;
/**
 * The session hears of every failed call made with the session's token, whichever feature made it (a
 * suspended company's answer ends the session with its message).
 */
export function setErrorListener(listener: ErrorListener) {
  errorListener = listener;
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** calls marked (no auth) in SPEC §7 */
  auth?: boolean;
  signal?: AbortSignal;
  /** request headers besides authorization, accept and content-type (an Idempotency-Key) */
  headers?: Record<string, string>;
}

/** SPEC §8: a non-JSON error page shows the text after "Error:" up to a line break. */
export function messageFromText(text: string): string {
  const match = text.match(/Error:\s*([^\n\r<]+)/);
  return match?.[1]?.trim() || "An unexpected error occurred";
}

export async function errorFromResponse(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  try {
    const body = JSON.parse(text) as { message?: string; error?: string; code?: string; fieldErrors?: Record<string, string[]> };
    const message = body.message ?? body.error ?? `HTTP error! status: ${response.status} ${response.statusText}`;
    return new ApiError(message, response.status, body.code, body.fieldErrors, body);
  } catch {
    return new ApiError(text ? messageFromText(text) : `HTTP error! status: ${response.status} ${response.statusText}`, response.status);
  }
}

export function apiUrl(path: string, query?: RequestOptions["query"]): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) search.set(key, String(value));
  const qs = search.toString();
  return `${config.apiUrl}${path}${qs ? `?${qs}` : ""}`;
}

/** Sends a call with the bearer token; a 401 renews the session once and repeats it. */
async function request(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const send = () => {
    const headers: Record<string, string> = { ...options.headers, accept };
    const token = options.auth === false ? undefined : tokenSource();
    if (token) headers.authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers["content-type"] = "application/json";
    return fetch(apiUrl(path, options.query), {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  };
  let response = await send();
  // An access token that lapsed (a sleeping laptop, a missed refresh) is renewed once, then the call is repeated.
  if (response.status === 401 && options.auth !== false && (await unauthorizedHandler().catch(() => false))) response = await send();
  if (!response.ok) {
    const error = await errorFromResponse(response);
    if (options.auth !== false) errorListener(error);
    throw error;
  }
  return response;
}

/** Binary answers (PDFs): the same call, the body as a Blob. */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  return (await request(path, options, "application/pdf, application/json")).blob();
}

/** The typed API client: sends the bearer token and turns error bodies into ApiErrors. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await request(path, options, "application/json");
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
