import { isIP } from "node:net";
import { ThrottleEntity } from "./session.entity";
import { isConditionalFailure } from "../db/versioned";
import { TooManyRequestsError } from "../util/errors";

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/** One counted attempt: the limit and the fixed window it was counted in. */
export interface Slot {
  limit: Limit;
  window: number;
}

export interface Refusal {
  code: string;
  message: string;
}

const windowOf = (limit: Limit, now: number) => Math.floor(now / 1000 / limit.windowSeconds);
const retryAfterOf = (limit: Limit, now: number) => Math.max(1, Math.ceil((windowOf(limit, now) + 1) * limit.windowSeconds - now / 1000));

/**
 * The throttle key of a client address. An IPv6 client is counted by its /64, the block one subscriber
 * is given, so cycling through addresses inside it does not reset the count.
 */
export function clientKey(address: string): string {
  if (isIP(address) !== 6 || address.includes(".")) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/**
 * Counts one attempt against a limit in one conditional UpdateItem: the count grows only while it is
 * below the limit, so parallel requests can never pass a cap. Undefined when the limit is full.
 */
export async function tryTake(limit: Limit, now = Date.now()): Promise<Slot | undefined> {
  const window = windowOf(limit, now);
  try {
    await ThrottleEntity.update({ key: limit.key, window })
      .add({ count: 1 })
      .set({ expiresAt: (window + 1) * limit.windowSeconds + 60 })
      .where(({ count }, { notExists, lt }) => `${notExists(count)} OR ${lt(count, limit.max)}`)
      .go();
    return { limit, window };
  } catch (error) {
    if (isConditionalFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Takes one slot of every limit, in order, or none: when a limit is full the slots already taken are
 * given back and the caller gets a 429 with the seconds left in that limit's window.
 */
export async function reserve(limits: Limit[], refusal: Refusal, now = Date.now()): Promise<Slot[]> {
  const taken: Slot[] = [];
  for (const limit of limits) {
    const slot = await tryTake(limit, now);
    if (!slot) {
      await release(taken);
      throw new TooManyRequestsError(refusal.code, refusal.message, retryAfterOf(limit, now));
    }
    taken.push(slot);
  }
  return taken;
}

/** Gives slots back (an attempt that turned out not to count), in the windows they were taken in. */
export async function release(slots: Slot[]) {
  await Promise.all(
    slots.map(({ limit, window }) =>
      ThrottleEntity.patch({ key: limit.key, window })
        .subtract({ count: 1 })
        .where(({ count }, { gt }) => gt(count, 0))
        .go()
        .catch((error: unknown) => {
          // the window's item expired or was cleared meanwhile: nothing left to give back
          if (!isConditionalFailure(error)) throw error;
        }),
    ),
  );
}

/** Forgets every attempt counted in the slots' windows (a successful sign-in clears the account's failures). */
export async function clear(slots: Slot[]) {
  await Promise.all(slots.map(({ limit, window }) => ThrottleEntity.delete({ key: limit.key, window }).go()));
}

/** The attempts counted against a limit in the current window (for tests and operations). */
export async function counted(limit: Limit, now = Date.now()): Promise<number> {
  const { data } = await ThrottleEntity.get({ key: limit.key, window: windowOf(limit, now) }).go();
  return data && data.expiresAt * 1000 > now ? (data.count ?? 0) : 0;
}
