/**
 * What a company API key may do (issue 41). Each route a key may call declares one scope in the route table
 * (`scope` in packages/functions/src/routes.ts); every other route refuses a key. Kept apart from the key's
 * entity so the route table imports only these names.
 */
export const API_SCOPES = ["submissions:read", "forms:read", "vehicles:read", "vehicles:write", "documents:read"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** How a key starts: recognisable in a header, a leak scanner or a log filter. */
export const API_KEY_PREFIX = "ffk_";
