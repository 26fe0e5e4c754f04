import type { ApiScope } from "@fleetforms/core/apikey/scopes";

/** A company API key as `GET /integrations/keys` lists it: never its secret. */
export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiScope[];
  requestsPerMinute: number;
  status: "active" | "revoked" | "expired";
  createdAt: string;
  createdByName: string;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
}
