import { hashPassword, verifyPassword } from "../packages/core/src/auth/password";
import { login as signIn } from "../packages/core/src/auth/login";
import { RESET_FLOOR_MS, sendResetPassword } from "../packages/core/src/auth/recovery";
import { measure, printRows, stats, type Row } from "./stats";

const median = (samples: number[]) => stats(samples).p50;
const timed = async (run: () => Promise<unknown>) => {
  const started = performance.now();
  await run().catch(() => undefined);
  return performance.now() - started;
};

/**
 * The answers that must not tell a known account from an unknown one, timed (issue 39 moved these here from
 * auth-login.test.ts and auth-recovery.test.ts, whose tests now show the same work is done by counting it): a
 * wrong password against an unknown user, in core as a function runs it, and a reset request for a known
 * address against an unknown one behind its RESET_FLOOR_MS floor. Each known attempt is followed by a right one,
 * untimed, so the account's failure limit (10) is never reached; each attempt comes from its own address.
 */
async function enumerationGaps(password: string) {
  const address = (i: number) => `198.51.100.${i % 250}-${Date.now()}`;
  const known: number[] = [];
  const unknown: number[] = [];
  await timed(() => signIn({ email: `warm_up_${Date.now()}`, password: "wrong password", address: address(0) }));
  for (let i = 0; i < 20; i++) {
    known.push(await timed(() => signIn({ email: "acme_viewer", password: "wrong password", address: address(i) })));
    await signIn({ email: "acme_viewer", password, address: address(i) });
    unknown.push(await timed(() => signIn({ email: `ghost_${i}_${Date.now()}`, password: "wrong password", address: address(i) })));
  }
  // the per-e-mail limit (5 an hour) quietly stops the known address's mail after five: five rounds only
  const resetKnown: number[] = [];
  const resetUnknown: number[] = [];
  for (let i = 0; i < 5; i++) {
    resetKnown.push(await timed(() => sendResetPassword({ email: "acme.viewer@fleetforms.example", address: address(100 + i) })));
    resetUnknown.push(await timed(() => sendResetPassword({ email: `nobody-${i}-${Date.now()}@example.com`, address: address(100 + i) })));
  }
  const gaps = {
    loginKnownP50Ms: median(known),
    loginUnknownP50Ms: median(unknown),
    resetKnownP50Ms: median(resetKnown),
    resetUnknownP50Ms: median(resetUnknown),
  };
  console.log(
    `wrong password p50 ${gaps.loginKnownP50Ms.toFixed(1)} ms, unknown user ${gaps.loginUnknownP50Ms.toFixed(1)} ms (gap ${(gaps.loginUnknownP50Ms - gaps.loginKnownP50Ms).toFixed(1)} ms); ` +
      `reset request known ${gaps.resetKnownP50Ms.toFixed(1)} ms, unknown ${gaps.resetUnknownP50Ms.toFixed(1)} ms (floor ${RESET_FLOOR_MS} ms)`,
  );
  return gaps;
}

/**
 * Sign-in costs (issue 3): POST /auth/login against one argon2id verification
 * (m = 19 MiB, t = 2, p = 1) on the same password threads, so the share of sign-in spent
 * hashing is visible; POST /auth/refresh (lookup, rotation, new token) against
 * GET /health through the same server.
 */
export async function runAuthBench(apiUrl: string) {
  const password = process.env.DEMO_PASSWORD ?? "fleetforms-demo";
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${apiUrl}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<{ access_token: string; refresh_token: string }>;
  };
  const health = async () => {
    const response = await fetch(`${apiUrl}/health`);
    if (!response.ok) throw new Error(`/health: ${response.status}`);
    await response.arrayBuffer();
  };

  const hash = await hashPassword(password);
  const verify = await measure(() => verifyPassword(hash, password), { warmup: 5, iterations: 60 });
  const login = await measure(() => post("/auth/login", { email: "acme_viewer", password }), { warmup: 5, iterations: 60 });

  let refreshToken = (await post("/auth/login", { email: "acme_viewer", password })).refresh_token;
  const refresh = await measure(
    async () => {
      refreshToken = (await post("/auth/refresh", { refresh_token: refreshToken })).refresh_token;
    },
    { warmup: 10, iterations: 200 },
  );
  const floor = await measure(health, { warmup: 10, iterations: 200 });

  const rows: Row[] = [
    { name: "POST /auth/login", subject: login, floorName: "argon2id verify (stack threads)", floor: verify },
    { name: "POST /auth/refresh (rotation)", subject: refresh, floorName: "GET /health (same server)", floor },
  ];
  printRows("Sign-in and sessions", rows);
  const hashingShare = verify.p50 / login.p50;
  const gaps = await enumerationGaps(password);
  console.log(`login p50 ${login.p50.toFixed(1)} ms, of which hashing ~${(hashingShare * 100).toFixed(0)}% (argon2id verify p50 ${verify.p50.toFixed(1)} ms); refresh p50 ${refresh.p50.toFixed(1)} ms`);
  return { rows, loginP50Ms: login.p50, hashP50Ms: verify.p50, hashingShare, refreshP50Ms: refresh.p50, ...gaps };
}
