import { hashAtCost, type Argon2Cost } from "@fleetforms/core/auth/password";

/**
 * The test stack's argon2id cost: a sign-in's hash in ~1 ms instead of ~120 ms (more on a busy machine), since
 * every journey and integration test signs in, and their hashes queued on the local server's threads (issue 39).
 * Still argon2id, in the same PHC format, verified by the same code.
 */
export const TEST_HASH_COST: Argon2Cost = { memorySize: 256, iterations: 1 };

/**
 * Hashes at TEST_HASH_COST when FLEETFORMS_TEST_HASH=1, which only the test setups set (tests/global-setup.ts,
 * tests/setup-env.ts, playwright.config.ts). Never the default, and nothing a function's build imports reads it:
 * packages/core/test/password-cost.test.ts shows both.
 */
export function hashAtTestCostWhenAsked(env: NodeJS.ProcessEnv = process.env) {
  if (env.FLEETFORMS_TEST_HASH === "1") hashAtCost(TEST_HASH_COST);
}
