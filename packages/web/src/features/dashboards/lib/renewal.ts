/** Renew the embedding this long before it lapses, so the frame never shows an expired token. */
export const RENEW_MARGIN_MS = 60_000;
/** never sooner than this, even for an address that is about to lapse (or already has) */
export const MIN_RENEW_MS = 5_000;

/**
 * How long to wait before asking for a fresh Metabase address: a minute before `expiresAt` (the API's
 * tokens last 10 minutes), at least a few seconds from now so a clock out of step cannot loop.
 */
export function renewDelay(expiresAt: string, now = Date.now()): number {
  const lapses = Date.parse(expiresAt);
  if (Number.isNaN(lapses)) return MIN_RENEW_MS;
  return Math.max(MIN_RENEW_MS, lapses - now - RENEW_MARGIN_MS);
}
