import * as z from "../util/zod";
import { Role } from "../user/roles";

/** DESIGN §4: the access token's claims. */
export const AccessClaims = /* @__PURE__ */ z.lazySchema(() => z.object({
  sub: z.string(),
  username: z.string(),
  exp: z.number(),
  companyId: z.nullable(z.string()),
  role: Role,
  companies: z.number().check(z.int(), z.nonnegative()),
  /** the session (refresh family) the token was minted for; logout and password change use it */
  sid: z.optional(z.string()),
}));
export type AccessClaims = z.infer<typeof AccessClaims>;

/** Who is calling, once the token and the seat have been checked. */
export interface Actor {
  userId: string;
  username: string;
  companyId: string | null;
  role: Role;
  /** a provider administrator (role admin on the user) */
  isProviderAdmin: boolean;
  /** a company API key's id when a key, not a person, is calling (apikey/access.ts) */
  apiKeyId?: string;
  /** that key's scopes: a route's scope admits it, and a file of a submission needs `submissions:read` besides */
  apiKeyScopes?: readonly string[];
}
