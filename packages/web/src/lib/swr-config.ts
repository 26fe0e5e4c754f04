import type { SWRConfiguration } from "swr";
import { api, ApiError } from "./api-client";

/** SPEC §9: fresh for 5 minutes, no refetch on focus, 3 retries with exponential delay capped at 30 s. */
export const FRESH_MS = 5 * 60 * 1000;
export const MAX_RETRIES = 3;
export const MAX_RETRY_DELAY_MS = 30_000;

export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS);

export const swrConfig: SWRConfiguration = {
  fetcher: (path: string) => api(path),
  dedupingInterval: FRESH_MS,
  revalidateOnFocus: false,
  revalidateIfStale: false,
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    // Client errors do not get better by asking again.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return;
    if (retryCount > MAX_RETRIES) return;
    setTimeout(() => revalidate({ retryCount }), retryDelay(retryCount - 1));
  },
};
