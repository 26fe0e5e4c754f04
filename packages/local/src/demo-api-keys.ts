import type { Actor } from "@fleetforms/core/auth/claims";
import * as ApiKey from "@fleetforms/core/apikey/index";
import { API_KEY_SHAPE } from "@fleetforms/core/apikey/scopes";
import { COMPANY_ID, type CompanyKey } from "./demo-data";

/**
 * One API key per demo company (issue 41), with a fixed value so the README's `curl` works on every local
 * stack. These values exist here and in the README only: like any key, only their hash is stored, through the
 * same core code that makes keys. They are demo values for the local stack and open nothing anywhere else.
 */
export const DEMO_API_KEYS: Record<CompanyKey, string> = {
  acme: "ffk_acde000000000001_demo-acme-local-stack-only-not-a-secret-001",
  beta: "ffk_beda000000000002_demo-beta-local-stack-only-not-a-secret-002",
};

const OWNERS: Record<CompanyKey, [userId: string, username: string]> = {
  acme: ["demo-acme-admin", "acme_admin"],
  beta: ["demo-beta-admin", "beta_admin"],
};

/** Each demo company's read-only key for its data warehouse, made once by its orgadmin. */
export async function seedApiKeys() {
  for (const [key, secret] of Object.entries(DEMO_API_KEYS) as [CompanyKey, string][]) {
    const keyId = API_KEY_SHAPE.exec(secret)![1]!;
    if ((await ApiKey.ApiKeyEntity.get({ keyId }).go()).data) continue;
    const [userId, username] = OWNERS[key];
    const actor: Actor = { userId, username, companyId: COMPANY_ID[key], role: "orgadmin", isProviderAdmin: false };
    const input = ApiKey.CreateInput.parse({ name: "Almacén de datos", scopes: ["submissions:read", "forms:read", "vehicles:read", "documents:read"] });
    await ApiKey.store(actor, input, secret);
  }
}
