import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
/** FLEETFORMS_WEB_DIR serves another build (parallel work each builds its own); the default is packages/web/dist. */
export const WEB_DIST = process.env.FLEETFORMS_WEB_DIR ? path.resolve(process.env.FLEETFORMS_WEB_DIR) : path.join(REPO_ROOT, "packages/web/dist");
export const FUNCTIONS_SRC = path.join(REPO_ROOT, "packages/functions/src");

// Node 20 is supported by the SDK until January 2027; the README says so once, not every start.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

/** DESIGN §6: the local stack's conventions. */
export const settings = () => ({
  port: Number(process.env.PORT ?? 3000),
  /** where the web app, API and /s3 listen; loopback unless HOST opts in to more (DynamoDB Local and s3rver stay on loopback) */
  host: process.env.HOST?.trim() || "127.0.0.1",
  dataDir: path.resolve(REPO_ROOT, process.env.DATA_DIR ?? ".data"),
  /** FLEETFORMS_IN_MEMORY=1 keeps nothing: the end-to-end tests' throwaway stack */
  inMemory: process.env.FLEETFORMS_IN_MEMORY === "1",
  demoPassword: process.env.DEMO_PASSWORD ?? "fleetforms-demo",
});

export const TABLE_NAME = "fleetforms-local";
export const BUCKET_NAME = "fleetforms-local-uploads";

/** 127.0.0.0/8, ::1 and localhost: addresses no other machine reaches. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.replace(/^\[|\]$/g, "").replace(/^::ffff:/i, "").toLowerCase();
  return bare === "localhost" || bare === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}
