import { hashPassword, verifyPassword } from "../packages/core/src/auth/password";
import { measure, printRows, type Row } from "./stats";

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
  console.log(`login p50 ${login.p50.toFixed(1)} ms, of which hashing ~${(hashingShare * 100).toFixed(0)}% (argon2id verify p50 ${verify.p50.toFixed(1)} ms); refresh p50 ${refresh.p50.toFixed(1)} ms`);
  return { rows, loginP50Ms: login.p50, hashP50Ms: verify.p50, hashingShare, refreshP50Ms: refresh.p50 };
}
