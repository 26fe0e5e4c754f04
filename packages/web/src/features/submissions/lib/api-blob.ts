import { apiUrl, errorFromResponse } from "@/lib/api-client";

/** A call whose answer is a file (the PDF): the shared client reads JSON, so this one sends the bearer token it is given. */
export async function apiBlob(path: string, options: { token: string | null; query?: Record<string, string | undefined>; signal?: AbortSignal }): Promise<Blob> {
  const headers: Record<string, string> = { accept: "application/pdf, application/json" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(apiUrl(path, options.query), { headers, signal: options.signal });
  if (!response.ok) throw await errorFromResponse(response);
  return response.blob();
}
