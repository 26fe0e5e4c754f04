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
  dataDir: path.resolve(REPO_ROOT, process.env.DATA_DIR ?? ".data"),
  /** FLEETFORMS_IN_MEMORY=1 keeps nothing: the end-to-end tests' throwaway stack */
  inMemory: process.env.FLEETFORMS_IN_MEMORY === "1",
  demoPassword: process.env.DEMO_PASSWORD ?? "fleetforms-demo",
});

export const TABLE_NAME = "fleetforms-local";
export const BUCKET_NAME = "fleetforms-local-uploads";
