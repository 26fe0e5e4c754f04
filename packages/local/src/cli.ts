import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { MissingJavaError } from "./dynamo";
import { DEMO_USERS } from "./demo-data";
import { isLoopback, settings } from "./settings";
import { ensureWebBuild } from "./web-build";
import { startStack } from "./stack";

async function main() {
  const started = performance.now();
  const { port, host, dataDir, demoPassword, inMemory } = settings();
  if (!isLoopback(host)) {
    console.warn(`Warning: HOST=${host} lets other machines reach this local stack, whose demo sign-ins share one known password. Use it only on a network you trust.`);
  }
  ensureWebBuild();
  const stack = await startStack({ port, host, dataDir: inMemory ? undefined : dataDir, scratchDir: inMemory ? mkdtempSync(path.join(tmpdir(), "fleetforms-")) : undefined, demoPassword });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`
Fleetforms is running at ${stack.url}   (ready in ${seconds} s)
  API        ${stack.apiUrl}   (try ${stack.apiUrl}/health)
  Outbox     ${stack.url}/dev/outbox   (e-mail and SMS the local stack "sent")
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
