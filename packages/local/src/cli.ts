import { existsSync, mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { MissingJavaError } from "./dynamo";
import { DEMO_USERS } from "./demo-data";
import { REPO_ROOT, WEB_DIST, settings } from "./settings";
import { startStack } from "./stack";

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Rebuilds the web app only when its sources are newer than the build. */
function ensureWebBuild() {
  if (process.env.FLEETFORMS_WEB_DIR) return;
  const index = path.join(WEB_DIST, "index.html");
  const webRoot = path.join(REPO_ROOT, "packages/web");
  if (existsSync(index) && statSync(index).mtimeMs >= newestMtime(webRoot)) return;
  console.log("Building the web app...");
  execFileSync("npm", ["run", "build", "-w", "@fleetforms/web"], { cwd: REPO_ROOT, stdio: ["ignore", "ignore", "inherit"] });
}

async function main() {
  const started = performance.now();
  const { port, dataDir, demoPassword, inMemory } = settings();
  ensureWebBuild();
  const stack = await startStack({ port, dataDir: inMemory ? undefined : dataDir, scratchDir: inMemory ? mkdtempSync(path.join(tmpdir(), "fleetforms-")) : undefined, demoPassword });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`
Fleetforms is running at ${stack.url}   (ready in ${seconds} s)
  API        ${stack.apiUrl}   (try ${stack.apiUrl}/health)
  Data       ${inMemory ? "in memory (FLEETFORMS_IN_MEMORY=1)" : `${path.relative(process.cwd(), dataDir) || "."}   (npm run reset wipes it)`}

Demo sign-ins, password "${demoPassword}":
${DEMO_USERS.map((user) => `  ${user.username.padEnd(12)} ${user.describe}`).join("\n")}

Press Ctrl-C to stop.`);

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log("\nStopping...");
    await stack.stop();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((error) => {
  if (error instanceof MissingJavaError) {
    console.error(error.message);
    process.exit(1);
  }
  if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
    console.error(`Port ${settings().port} is in use. Stop the other program or choose another port: PORT=4100 npm start`);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
