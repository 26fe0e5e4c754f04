import type { ApiScope } from "@fleetforms/core/apikey/scopes";
import { api } from "@/lib/api-client";
import type { ApiKeyView } from "../types";

export interface CreateKeyInput {
  name: string;
  scopes: ApiScope[];
  /** the last day the key works, `YYYY-MM-DD` */
  expiresAt?: string;
}

/** `POST /integrations/keys`: the answer is the only time the secret is seen. */
export const createKey = (body: CreateKeyInput) => api<{ key: ApiKeyView; secret: string }>("/integrations/keys", { method: "POST", body });
