import { timingSafeEqual } from "node:crypto";
import type { Actor } from "../auth/claims";
import { reserve } from "../auth/throttle";
import { CompanyEntity } from "../company/company.entity";
import { getMany } from "../db/get-many";
import * as Tenant from "../tenant";
import { sha256 } from "../util/crypto";
import { ForbiddenError, UnauthorizedError } from "../util/errors";
import { ApiKeyEntity } from "./apikey.entity";
import { API_KEY_PREFIX, API_KEY_SHAPE, type ApiScope } from "./scopes";

/*
 * A request that presents a company API key (issue 41), loaded by the middleware only when a bearer starts
 * with `ffk_` (functions/lib/http.ts), so a function that no key calls carries none of it.
 */

export const KEY_ACCESS_MESSAGES = {
  invalid: "This API key is not valid.",
  revoked: "This API key was revoked.",
  expired: "This API key has expired.",
  scope: "This API key may not call this route.",
  rateLimited: (limit: number) => `This API key has reached its limit of ${limit} requests per minute. Please try again shortly.`,
} as const;

/** compared against when no key matches, so an unknown key costs what a known one does */
const NO_HASH = Buffer.alloc(32);
/** the last use is written at most this often per key: a busy key costs the table no write per request */
const LAST_USE_EVERY_MS = 60_000;

export const isApiKey = (bearer: string | undefined): bearer is string => !!bearer?.startsWith(API_KEY_PREFIX);

export interface KeyOptions {
  /** work that runs beside the handler (the last use), awaited after it */
  defer?: (work: Promise<unknown>) => void;
}

/**
 * The caller a key stands for, on a route that declares `scope`: its company, as one of its administrators
 * (the route's scope is what limits it), counted against the company's request limit and the key's own.
 * 401 for an unknown, revoked or expired key; 403 for a route outside its scopes or a suspended company.
 */
export async function authenticate(bearer: string, scope: ApiScope | undefined, options: KeyOptions = {}): Promise<Actor> {
  const keyId = API_KEY_SHAPE.exec(bearer)?.[1];
  const { data: key } = keyId ? await ApiKeyEntity.get({ keyId }).go() : { data: null };
  const presented = Buffer.from(sha256(bearer), "hex");
  const stored = key ? Buffer.from(key.secretHash, "hex") : NO_HASH;
  const matches = stored.length === presented.length && timingSafeEqual(stored, presented);
  if (!key || !matches) throw new UnauthorizedError("apikey.invalid", KEY_ACCESS_MESSAGES.invalid);
  if (key.revokedAt) throw new UnauthorizedError("apikey.revoked", KEY_ACCESS_MESSAGES.revoked);
  const now = Date.now();
  if (key.expiresAt && Date.parse(key.expiresAt) <= now) throw new UnauthorizedError("apikey.expired", KEY_ACCESS_MESSAGES.expired);
  if (!scope || !key.scopes.includes(scope)) throw new ForbiddenError("apikey.scope", KEY_ACCESS_MESSAGES.scope);

  const { companyId } = key;
  const [[company]] = await Promise.all([
    getMany([{ entity: CompanyEntity, key: { companyId } }]),
    reserve([{ key: `apikey#${key.keyId}`, max: key.requestsPerMinute, windowSeconds: 60 }], { code: "apikey.rate_limited", message: KEY_ACCESS_MESSAGES.rateLimited(key.requestsPerMinute) }, now),
  ]);
  if (!company) throw new UnauthorizedError("apikey.invalid", KEY_ACCESS_MESSAGES.invalid);
  Tenant.assertActive(company);
  // a key's requests are its company's: the same per-minute limit and monthly count as its people's
  if (Tenant.countingOn()) await Tenant.admitRequest({ companyId, limits: await Tenant.limitsFor(companyId) });
  if (!key.lastUsedAt || now - Date.parse(key.lastUsedAt) >= LAST_USE_EVERY_MS) {
    options.defer?.(ApiKeyEntity.patch({ keyId: key.keyId }).set({ lastUsedAt: new Date(now).toISOString() }).go());
  }
  return { userId: `apikey:${key.keyId}`, username: `API key ${key.name}`, companyId, role: "orgadmin", isProviderAdmin: false, apiKeyId: key.keyId, apiKeyScopes: key.scopes };
}
