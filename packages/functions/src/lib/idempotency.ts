import type { Event } from "./http";

/** The `Idempotency-Key` request header (names arrive lower-cased by the header normaliser); checked by the verb. */
export function idempotencyKeyOf(event: Event): string | undefined {
  return event.headers?.["idempotency-key"];
}

/** An answer given again for a key's first request says so; its status and body are the first answer's. */
export function replayHeaders(replayed: boolean): Record<string, string> | undefined {
  return replayed ? { "idempotent-replayed": "true" } : undefined;
}
