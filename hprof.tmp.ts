import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import "./packages/local/src/settings";
import { startStack } from "./packages/local/src/stack";
import { raiseDemoLimits } from "./tests/demo-limits";
import { UserEntity } from "./packages/core/src/user/user.entity";
import { Session } from "node:inspector/promises";
import { writeFileSync } from "node:fs";
const stack = await startStack({ port: 0, scratchDir: mkdtempSync(path.join(tmpdir(), "hp-")), scheduler: false });
const api = stack.apiUrl;
await raiseDemoLimits(api, "fleetforms-demo");
const login = await fetch(`${api}/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "acme_admin", password: "fleetforms-demo" }) });
const { access_token } = (await login.json()) as { access_token: string };
await new Promise((r) => setTimeout(r, 11000));
const home = async () => (await (await fetch(`${api}/home`, { headers: { authorization: `Bearer ${access_token}` } })).text()).length;
for (let i = 0; i < 300; i++) { await home(); await UserEntity.get({ userId: "demo-acme-admin" }).go(); }
const session = new Session(); session.connect();
await session.post("Profiler.enable"); await session.post("Profiler.setSamplingInterval", { interval: 100 }); await session.post("Profiler.start");
const t = { home: [] as number[], bare: [] as number[] };
for (let i = 0; i < 1500; i++) {
  let s = performance.now(); await home(); t.home.push(performance.now() - s);
  s = performance.now(); await UserEntity.get({ userId: "demo-acme-admin" }).go(); t.bare.push(performance.now() - s);
}
const { profile } = await session.post("Profiler.stop");
writeFileSync("/tmp/hprof/home.cpuprofile", JSON.stringify(profile));
for (const k of ["home", "bare"] as const) { t[k].sort((a, b) => a - b); console.log(k, t[k][750].toFixed(2)); }
await stack.stop(); process.exit(0);
