export * as Idempotency from "./index";
import { createHash } from "node:crypto";
import * as z from "../util/zod";
import type { WriteEntities } from "../user";
import { UnprocessableError } from "../util/errors";
import { IdempotencyKeyEntity, type IDEMPOTENT_SCOPES } from "./idempotency.entity";

export { IdempotencyKeyEntity } from "./idempotency.entity";
export type Scope = (typeof IDEMPOTENT_SCOPES)[number];

/** The request header a device sends its key in (the IETF draft's name, as Stripe and others use it). */
export const HEADER = "Idempotency-Key";
/** A retry comes within minutes or, from a device that was offline, days: a week covers both. */
export const TTL_SECONDS = 7 * 24 * 60 * 60;

export const KEY_MESSAGE = "Idempotency-Key must be 8 to 128 characters: letters, digits, - and _";
export const REUSED_MESSAGE = "This Idempotency-Key was already used for a different request. Make a new key for each new request.";

/** A UUID (with or without dashes), a ULID or any random token of that alphabet. */
export const Key = /* @__PURE__ */ z.lazySchema(() => z.string({ error: KEY_MESSAGE }).check(z.regex(/^[A-Za-z0-9_-]{8,128}$/, KEY_MESSAGE)));

/** One caller's key in one scope, with the fingerprint of the request it came with. */
export interface Claim {
  companyId: string;
  userId: string;
  scope: Scope;
  key: string;
  fingerprint: string;
}

export const entities = { idempotencyKeys: IdempotencyKeyEntity };
type Handles = WriteEntities<typeof entities>;

export function claimOf(caller: { companyId: string; userId: string }, scope: Scope, key: string, request: unknown): Claim {
  return { companyId: caller.companyId, userId: caller.userId, scope, key, fingerprint: fingerprint(request) };
}

/** SHA-256 of the request's input as canonical JSON (keys sorted), so a retry's object order does not matter. */
export function fingerprint(request: unknown): string {
  return createHash("sha256").update(canonical(request)).digest("hex");
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, item]) => `${JSON.stringify(name)}:${canonical(item)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const keyOf = (claim: Claim) => ({ companyId: claim.companyId, userId: claim.userId, scope: claim.scope, key: claim.key });

/**
 * What the first request with this key made, if it was written and the key has not expired; read
 * strongly, since the write it answers for may have just committed. Another request's key is refused.
 */
export async function madeBy(claim: Claim): Promise<number | undefined> {
  const { data } = await IdempotencyKeyEntity.get(keyOf(claim)).go({ consistent: true });
  if (!data || data.expiresAt <= nowSeconds()) return undefined;
  if (data.fingerprint !== claim.fingerprint) throw new UnprocessableError("idempotency.key_reused", REUSED_MESSAGE);
  return data.resourceId;
}

/**
 * The key's write, for the transaction of what it makes: it fails its condition while a live key of this
 * caller and scope exists (an expired one that the TTL has not removed yet is replaced).
 */
export function record({ idempotencyKeys }: Handles, claim: Claim, resourceId: number) {
  const now = nowSeconds();
  return idempotencyKeys
    .put({ ...keyOf(claim), resourceId, fingerprint: claim.fingerprint, expiresAt: now + TTL_SECONDS })
    .where((attr, { notExists, lte }) => `${notExists(attr.resourceId)} OR ${lte(attr.expiresAt, now)}`)
    .commit();
}
