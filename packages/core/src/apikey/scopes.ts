/**
 * What a company API key may do (issue 41). Each route a key may call declares one scope in the route table
 * (`scope` in packages/functions/src/routes.ts); every other route refuses a key. Kept apart from the key's
 * entity so the route table and the web app import only these names and the messages.
 */
export const API_SCOPES = ["submissions:read", "forms:read", "vehicles:read", "vehicles:write", "documents:read"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** How a key starts: recognisable in a header, a leak scanner or a log filter. */
export const API_KEY_PREFIX = "ffk_";
/** A whole key: the prefix, its id (16 hex digits) and 43 random base64url characters. */
export const API_KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}([0-9a-f]{16})_[A-Za-z0-9_-]{43}$`);

export const MAX_KEYS = 50;
/** The API's English for a key's create and revoke (the web app translates each, integrations.errors.*). */
export const KEY_MESSAGES = {
  name: "Give the key a name of 1 to 100 characters.",
  scopes: "Choose at least one permission.",
  expiry: "The expiry date must be in the future and within two years.",
  tooMany: `A company can have at most ${MAX_KEYS} active API keys. Revoke one first.`,
  notFound: "This API key does not exist.",
  alreadyRevoked: "This API key is already revoked.",
} as const;
