import { ThrottleEntity } from "./session.entity";
import { TooManyRequestsError } from "../util/errors";

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

const windowOf = (limit: Limit, now: number) => Math.floor(now / 1000 / limit.windowSeconds);

async function count(limit: Limit, now: number): Promise<number> {
  const { data } = await ThrottleEntity.get({ key: limit.key, window: windowOf(limit, now) }).go();
  return data && data.expiresAt * 1000 > now ? (data.count ?? 0) : 0;
}

/** Throws 429 with the seconds left in the window when any limit is already reached. */
export async function check(limits: Limit[], message: string, code = "throttle.limited", now = Date.now()) {
  const counts = await Promise.all(limits.map((limit) => count(limit, now)));
  for (const [i, limit] of limits.entries()) {
    if (counts[i]! >= limit.max) {
      const window = windowOf(limit, now);
      const retryAfter = Math.max(1, Math.ceil((window + 1) * limit.windowSeconds - now / 1000));
      throw new TooManyRequestsError(code, message, retryAfter);
    }
  }
}

export async function hit(limits: Limit[], now = Date.now()) {
  await Promise.all(
    limits.map((limit) => {
      const window = windowOf(limit, now);
      return ThrottleEntity.update({ key: limit.key, window })
        .add({ count: 1 })
        .set({ expiresAt: (window + 1) * limit.windowSeconds + 60 })
        .go();
    }),
  );
}

export async function clear(limits: Limit[], now = Date.now()) {
  await Promise.all(limits.map((limit) => ThrottleEntity.delete({ key: limit.key, window: windowOf(limit, now) }).go()));
}

/**
 * Counts one attempt against every limit and refuses it (429) once any limit
 * is passed. The count is an atomic ADD, so concurrent requests cannot slip
 * past a cap (the 5 SMS an hour of DESIGN §5).
 */
export async function take(limits: Limit[], message: string, code = "throttle.limited", now = Date.now()) {
  const counts = await Promise.all(
    limits.map(async (limit) => {
      const window = windowOf(limit, now);
      const { data } = await ThrottleEntity.update({ key: limit.key, window })
        .add({ count: 1 })
        .set({ expiresAt: (window + 1) * limit.windowSeconds + 60 })
        .go({ response: "all_new" });
      return { limit, count: data.count ?? 0, window };
    }),
  );
  const over = counts.find((entry) => entry.count > entry.limit.max);
  if (over) {
    const retryAfter = Math.max(1, Math.ceil((over.window + 1) * over.limit.windowSeconds - now / 1000));
    throw new TooManyRequestsError(code, message, retryAfter);
  }
}

/** Whether a limit still has room, without counting (used where refusing would reveal something). */
export async function within(limit: Limit, now = Date.now()): Promise<boolean> {
  return (await count(limit, now)) < limit.max;
}
