import { existsSync, readdirSync, statSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { REPO_ROOT, WEB_DIST } from "./settings";

/**
 * The newest source file's time. Type declarations are left out: they change no byte of the build, and SST's
 * synthesis (the stacks test in `npm test`, which runs after the web build) rewrites packages/web/src/sst-env.d.ts
 * with the same text, which made the e2e stage build the app a second time.
 */
export function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist" || entry.name.endsWith(".d.ts")) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Rebuilds the web app only when its sources (or core's shared schemas it imports) are newer than the build. */
export function ensureWebBuild() {
  if (process.env.FLEETFORMS_WEB_DIR) return;
  const index = path.join(WEB_DIST, "index.html");
  const sources = ["packages/web", "packages/core/src"].map((dir) => newestMtime(path.join(REPO_ROOT, dir)));
  if (existsSync(index) && statSync(index).mtimeMs >= Math.max(...sources)) return;
  console.log("Building the web app...");
  execFileSync("npm", ["run", "build", "-w", "@fleetforms/web"], { cwd: REPO_ROOT, stdio: ["ignore", "ignore", "inherit"] });
}

