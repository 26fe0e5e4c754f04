import { randomToken } from "@fleetforms/core/util/crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startDynamo, ensureTable } from "./dynamo";
import { startS3 } from "./s3";
import { freePort } from "./ports";
import { BUCKET_NAME, TABLE_NAME } from "./settings";
import { startReportsQueue, startScheduler } from "./scheduler";

export interface StackOptions {
  port: number;
  /** where the web app, API and /s3 listen (default 127.0.0.1) */
  host?: string;
  /** where data is kept; omitted: DynamoDB in memory and files in a temporary folder */
  dataDir?: string;
  scratchDir?: string;
  demoPassword?: string;
  /** false: no demo data; a function: seeds instead of the demo data (health says not ready until it resolves) */
  seed?: boolean | ((password: string) => Promise<void>);
  scheduler?: boolean;
  webDir?: string;
}

export interface Stack {
  url: string;
  apiUrl: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  jwtSecret: string;
  env: Record<string, string>;
  stop: () => Promise<void>;
}

/** The key core's storage client signs presigned URLs with in the local stack (packages/core/src/aws/s3-client.ts). */
const PRESIGN_CREDENTIALS = { S3RVER: "S3RVER" };

/** Third parties the web build talks to, from the same VITE_* and deploy settings stacks/Web.ts reads. */
const webOrigins = () => ({
  contactForm: process.env.VITE_CONTACT_FORM_URL,
  metabase: process.env.METABASE_SITE_URL,
  identity: process.env.VITE_COGNITO_DOMAIN ? [`https://${process.env.VITE_COGNITO_DOMAIN.replace(/^https?:\/\//, "")}`] : [],
});

/** Kept in DATA_DIR so sessions survive a restart; a fresh one for an in-memory stack. */
function jwtSecretFor(dataDir: string | undefined): string {
  const file = dataDir && path.join(dataDir, "jwt-secret");
  if (file && existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomToken();
  if (file) writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The whole product on one machine: DynamoDB Local, s3rver, every handler of
 * the route table behind one HTTP server, the web build, the scheduler and
 * the demo data.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch(() => undefined);
  };
  try {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    const filesDir = options.dataDir ? path.join(options.dataDir, "s3") : path.join(options.scratchDir ?? path.join(process.cwd(), ".data-tmp"), `s3-${process.pid}-${Date.now()}`);
    const [dynamoPort, s3Port] = [await freePort(), await freePort()];
    const [dynamo, s3] = await Promise.all([
      startDynamo({ port: dynamoPort, dataDir: options.dataDir ? path.join(options.dataDir, "dynamodb") : undefined }),
      startS3({ port: s3Port, directory: filesDir, bucket: BUCKET_NAME }),
    ]);
    stops.push(dynamo.stop, s3.stop);
    await ensureTable(dynamo.client, TABLE_NAME);

    // password hashes off the event loop, before anything can sign in (the demo data included)
    const { startArgon2Threads } = await import("./argon2-threads");
    stops.push(startArgon2Threads());

    const { startServer } = await import("./server");
    const { handleOutbox } = await import("./outbox");
    const { handleJobs } = await import("./scheduler");
    const { handleWebhooks, startWebhooksQueue } = await import("./webhooks");
    const pending = new Set(options.seed !== false ? ["demo data"] : []);
    const server = await startServer({
      port: options.port,
      host: options.host,
      webDir: options.webDir,
      s3: { target: s3.endpoint, handle: s3.handle, bucket: BUCKET_NAME, credentials: PRESIGN_CREDENTIALS },
      extra: async (req, res, url) => (await handleOutbox(req, res, url)) || (await handleWebhooks(req, res, url)) || handleJobs(req, res, url),
      pending: () => [...pending],
      webOrigins: webOrigins(),
    });
    stops.push(server.close);

    const jwtSecret = jwtSecretFor(options.dataDir);
    const publicUrl = server.url;
    // The same names SST binding sets in AWS (STYLE rule 7), plus the local endpoints.
    const env: Record<string, string> = {
      SST_APP: "fleetforms",
      SST_STAGE: "local",
      SST_Table_tableName_Main: TABLE_NAME,
      SST_Bucket_bucketName_Uploads: BUCKET_NAME,
      SST_Secret_value_JWT_SECRET: jwtSecret,
      SST_Parameter_value_APP_URL: publicUrl,
      FLEETFORMS_LOCAL: "1",
      // the local stack's start only, never a build: webhooks may go to http://localhost (the demo receiver, tests' own)
      FLEETFORMS_WEBHOOKS_ALLOW_LOCAL: "1",
      FLEETFORMS_DYNAMODB_ENDPOINT: dynamo.endpoint,
      // DynamoDB Local is a JVM on a shared machine: AWS's 2 s request timeout is for DynamoDB itself
      FLEETFORMS_DYNAMODB_REQUEST_TIMEOUT_MS: "30000",
      FLEETFORMS_S3_ENDPOINT: s3.endpoint,
      FLEETFORMS_S3_PUBLIC_ENDPOINT: `${publicUrl}/s3`,
      AWS_REGION: "us-east-1",
      // real Stripe (test keys) on the local stack when asked for; otherwise the local test checkout (docs/api-billing.md)
      ...(process.env.STRIPE_SECRET_KEY ? { SST_Secret_value_STRIPE_SECRET_KEY: process.env.STRIPE_SECRET_KEY } : {}),
      ...(process.env.STRIPE_WEBHOOK_SECRET ? { SST_Secret_value_STRIPE_WEBHOOK_SECRET: process.env.STRIPE_WEBHOOK_SECRET } : {}),
    };
    Object.assign(process.env, env);

    // the reports queue's consumer, before anything can queue a report
    stops.push(await startReportsQueue());
    // the webhooks queue's consumer, before anything can emit an event
    stops.push(await startWebhooksQueue());

    if (options.seed !== false) {
      const seed = typeof options.seed === "function" ? options.seed : (await import("./demo")).seedDemo;
      await seed(options.demoPassword ?? "fleetforms-demo");
      // /api/health says ready only now, so whatever waits on it (Playwright, scripts) finds the demo sign-ins
      pending.delete("demo data");
    }
    if (options.scheduler !== false) stops.push(await startScheduler());

    return { url: server.url, apiUrl: `${server.url}/api`, dynamoEndpoint: dynamo.endpoint, s3Endpoint: s3.endpoint, jwtSecret, env, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
