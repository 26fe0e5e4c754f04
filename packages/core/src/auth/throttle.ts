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
  for (const limit of limits) {
    if ((await count(limit, now)) >= limit.max) {
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
