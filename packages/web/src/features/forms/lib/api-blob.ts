import { apiUrl, errorFromResponse } from "@/lib/api-client";

/**
 * A call whose answer is a file (a PDF). The shared client reads JSON, so
 * this one sends the same bearer token, given by the caller, and keeps the
 * same error shapes.
 */
export async function apiBlob(path: string, options: { method?: "GET" | "POST"; body?: unknown; token: string | null; signal?: AbortSignal; query?: Record<string, string | undefined> }): Promise<Blob> {
  const headers: Record<string, string> = { accept: "application/pdf, application/json" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(apiUrl(path, options.query), {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (!response.ok) throw await errorFromResponse(response);
  return response.blob();
}
