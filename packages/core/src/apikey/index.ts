export * as ApiKey from "./index";
import { randomBytes } from "node:crypto";
import * as z from "../util/zod";
import { createWriteTransaction } from "../db/electrodb";
import * as Activity from "../activity";
import { ActivityEntity } from "../activity";
import type { Actor } from "../auth/claims";
import { companyOf, verb } from "../form/verb";
import { displayName } from "../submission/read";
import { randomToken, sha256 } from "../util/crypto";
import { ConflictError, NotFoundError } from "../util/errors";
import { ApiKeyEntity, type ApiKeyItem } from "./apikey.entity";
import { API_KEY_PREFIX, API_KEY_SHAPE, API_SCOPES, KEY_MESSAGES, MAX_KEYS } from "./scopes";

export { API_SCOPES, API_KEY_PREFIX, KEY_MESSAGES, MAX_KEYS, type ApiScope } from "./scopes";
export { ApiKeyEntity, type ApiKeyItem } from "./apikey.entity";

/*
 * Company API keys (issue 41): an orgadmin makes a key with a name, scopes and an optional expiry; its secret
 * is shown once, in the answer to its creation, and stored only as its SHA-256. Revoked keys stay listed.
 */

export const DEFAULT_REQUESTS_PER_MINUTE = 120;

const TWO_YEARS_MS = 2 * 366 * 86_400_000;
const endOf = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T23:59:59.999Z`) : new Date(value));

export const CreateInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  name: z.string().check(z.trim(), z.minLength(1, KEY_MESSAGES.name), z.maxLength(100, KEY_MESSAGES.name)),
  scopes: z.array(z.enum(API_SCOPES, KEY_MESSAGES.scopes)).check(z.minLength(1, KEY_MESSAGES.scopes), z.maxLength(API_SCOPES.length, KEY_MESSAGES.scopes)),
  /** the last day the key works (`YYYY-MM-DD`, through its end in UTC), or an exact ISO time */
  expiresAt: z.optional(z.nullable(z.string().check(
    z.maxLength(40, KEY_MESSAGES.expiry),
    z.refine((value) => {
      const at = endOf(value).getTime();
      return Number.isFinite(at) && at > Date.now() && at < Date.now() + TWO_YEARS_MS;
    }, KEY_MESSAGES.expiry),
  ))),
  requestsPerMinute: z._default(z.number().check(z.int(), z.gte(1), z.lte(6000)), DEFAULT_REQUESTS_PER_MINUTE),
}));

export const KeyParams = /* @__PURE__ */ z.lazySchema(() => z.object({ id: z.string().check(z.regex(/^[0-9a-f]{16}$/, KEY_MESSAGES.notFound)) }));

/** What the page shows of a key: never its secret nor its hash. */
export function present(key: ApiKeyItem, now = Date.now()) {
  const status = key.revokedAt ? "revoked" : key.expiresAt && Date.parse(key.expiresAt) <= now ? "expired" : "active";
  return {
    id: key.keyId,
    name: key.name,
    /** enough to recognise a key by, and nothing of its secret */
    prefix: `${API_KEY_PREFIX}${key.keyId}`,
    scopes: key.scopes,
    requestsPerMinute: key.requestsPerMinute,
    status,
    createdAt: key.createdAt,
    createdByName: key.createdByName,
    expiresAt: key.expiresAt ?? null,
    revokedAt: key.revokedAt ?? null,
    lastUsedAt: key.lastUsedAt ?? null,
  };
}
export type PresentedKey = ReturnType<typeof present>;

/** The company's keys, newest first. */
export async function list(companyId: string) {
  const { data } = await ApiKeyEntity.query.byCompany({ companyId }).go({ order: "desc", pages: "all" });
  return data.map((key) => present(key));
}

/** Makes a key; the answer is the only place its secret ever appears. */
export const create = /* @__PURE__ */ verb(CreateInput, async (actor, input) => store(actor, input, `${API_KEY_PREFIX}${randomBytes(8).toString("hex")}_${randomToken()}`));

/**
 * Stores a key whose secret is given, as `create` does with the one it draws. Only the local stack's demo seed
 * calls it with a fixed value (packages/local/src/demo-api-keys.ts); no route can.
 */
export async function store(actor: Actor, input: z.output<typeof CreateInput>, secret: string) {
  const companyId = companyOf(actor);
  const active = (await list(companyId)).filter((key) => key.status === "active");
  if (active.length >= MAX_KEYS) throw new ConflictError("apikey.too_many", KEY_MESSAGES.tooMany);
  const keyId = API_KEY_SHAPE.exec(secret)?.[1];
  if (!keyId) throw new Error("An API key's secret is ffk_<16 hex digits>_<43 characters>");
  const expiresAt = input.expiresAt ? endOf(input.expiresAt).toISOString() : undefined;
  const createdByName = await displayName(actor.userId, actor.username);
  const item = {
    keyId,
    companyId,
    name: input.name,
    scopes: [...new Set(input.scopes)],
    secretHash: sha256(secret),
    requestsPerMinute: input.requestsPerMinute,
    createdAt: new Date().toISOString(),
    createdBy: actor.userId,
    createdByName,
    ...(expiresAt ? { expiresAt } : {}),
  };
  await createWriteTransaction({ keys: ApiKeyEntity, activity: ActivityEntity }, ({ keys, activity }) => [
    keys.create(item).commit(),
    activity
      .create(Activity.entry({ companyId, actor, action: "apikey.created", subject: { type: "apikey", id: keyId, name: input.name }, after: { name: input.name, scopes: item.scopes, expiresAt: expiresAt ?? null } }))
      .commit(),
  ]).go();
  return { key: present(item as ApiKeyItem), secret };
}

/** Stops a key at once; it stays listed as revoked. */
export const revoke = /* @__PURE__ */ verb(KeyParams, async (actor, { id }) => {
  const companyId = companyOf(actor);
  const { data: key } = await ApiKeyEntity.get({ keyId: id }).go();
  if (!key || key.companyId !== companyId) throw new NotFoundError("apikey.not_found", KEY_MESSAGES.notFound);
  if (key.revokedAt) throw new ConflictError("apikey.already_revoked", KEY_MESSAGES.alreadyRevoked);
  const revokedAt = new Date().toISOString();
  await createWriteTransaction({ keys: ApiKeyEntity, activity: ActivityEntity }, ({ keys, activity }) => [
    keys.patch({ keyId: id }).set({ revokedAt, revokedBy: actor.userId }).where(({ revokedAt: was }, { notExists }) => notExists(was)).commit(),
    activity.create(Activity.entry({ companyId, actor, action: "apikey.revoked", subject: { type: "apikey", id, name: key.name }, before: { status: "active" }, after: { status: "revoked" } })).commit(),
  ]).go();
  return present({ ...key, revokedAt, revokedBy: actor.userId });
});
