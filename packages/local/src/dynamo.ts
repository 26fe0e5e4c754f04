import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ListTablesCommand, UpdateTimeToLiveCommand } from "@aws-sdk/client-dynamodb";
import { tableDefinition } from "@fleetforms/core/db/definition";

export class MissingJavaError extends Error {
  constructor(message = "Java 17 or newer is required to run DynamoDB Local. Install it (Debian/Ubuntu: sudo apt install openjdk-17-jre-headless; macOS: brew install openjdk@17) and run npm start again.") {
    super(message);
  }
}

const JDK_COMPILER_MISSING =
  "DynamoDB Local is started through Java's source launcher (java File.java), which needs the jdk.compiler module. This Java runtime lacks it: install a Java 17 that has it (Debian/Ubuntu: sudo apt install openjdk-17-jre-headless; other systems: a JDK, e.g. openjdk-17-jdk-headless; macOS: brew install openjdk@17) and run npm start again.";

/** A Java runtime without jdk.compiler cannot run a source file. */
const sourceLauncherMissing = (stderr: string) => /jdk\.compiler|source launcher|Could not find or load main class .*\.java/i.test(stderr);

/** Where DynamoDB Local listens: loopback only, whatever HOST says (nothing but this machine's own stack talks to it). */
export const DYNAMO_HOST = "127.0.0.1";

const LAUNCHER = path.join(path.dirname(fileURLToPath(import.meta.url)), "../java/LoopbackDynamoDB.java");

const emulatorDir = () => path.join(path.dirname(createRequire(import.meta.url).resolve("amplify-dynamodb-simulator/package.json")), "emulator");

export function assertJava() {
  const probe = spawnSync("java", ["-version"], { stdio: "ignore" });
  if (probe.error || probe.status !== 0) throw new MissingJavaError();
}

export interface Dynamo {
  endpoint: string;
  client: DynamoDBClient;
  stop: () => Promise<void>;
}

/**
 * Starts the AWS DynamoDB Local jar (shipped inside amplify-dynamodb-simulator)
 * with the machine's Java, through java/LoopbackDynamoDB.java: the jar alone
 * listens on every interface, where anyone on the network could Scan the
 * table (password hashes included) with made-up credentials. Its telemetry is off.
 */
export async function startDynamo(options: { port: number; dataDir?: string }): Promise<Dynamo> {
  assertJava();
  const dir = emulatorDir();
  const storage = options.dataDir ? ["-dbPath", options.dataDir] : ["-inMemory"];
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const classPath = [path.join(dir, "DynamoDBLocal.jar"), path.join(dir, "DynamoDBLocal_lib", "*")].join(path.delimiter);
  const child: ChildProcess = spawn(
    "java",
    // Java's default compilers and collector: C1 only with the serial collector cost less CPU over three integration
    // files (45 CPU-seconds against 54) but more over the whole vitest stage (476 against 455, 250 s against 236),
    // where C2's faster code pays for its compiling (issue 39, docs/testing.md)
    ["-Xms64m", "-Xmx512m", `-Djava.library.path=${path.join(dir, "DynamoDBLocal_lib")}`, "-cp", classPath, LAUNCHER, DYNAMO_HOST, "-port", String(options.port), "-sharedDb", "-disableTelemetry", ...storage],
    { cwd: dir, stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, DDB_LOCAL_TELEMETRY: "0" } },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk) => (stderr += String(chunk)));
  const endpoint = `http://${DYNAMO_HOST}:${options.port}`;
  const client = new DynamoDBClient({ endpoint, region: "us-east-1", credentials: { accessKeyId: "local", secretAccessKey: "local" } });
  const exited = new Promise<never>((_, reject) =>
    // "close", not "exit": stderr is complete by then
    child.once("close", (code) => reject(sourceLauncherMissing(stderr) ? new MissingJavaError(JDK_COMPILER_MISSING) : new Error(`DynamoDB Local exited (${code}): ${stderr.trim().slice(-500)}`))),
  );
  // Java compiles the launcher at start: on a busy 2-core machine that alone took over 30 s (a failed start
  // exits, and that is answered at once; the deadline is only for a start that hangs)
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      await Promise.race([client.send(new ListTablesCommand({})), exited]);
      break;
    } catch (error) {
      if (child.exitCode !== null) await exited;
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  exited.catch(() => undefined);
  return {
    endpoint,
    client,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 3000).unref();
      }),
  };
}

/** Creates the table from the shared definition (the same one stacks/Storage.ts uses), once. */
export async function ensureTable(client: DynamoDBClient, name: string) {
  const exists = await client.send(new DescribeTableCommand({ TableName: name })).then(() => true, () => false);
  if (exists) return;
  const { partitionKey, sortKey, globalIndexes, timeToLiveAttribute } = tableDefinition;
  const keys = [partitionKey, sortKey, ...globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey])];
  await client.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: "PAY_PER_REQUEST",
      AttributeDefinitions: keys.map((key) => ({ AttributeName: key, AttributeType: "S" })),
      KeySchema: [
        { AttributeName: partitionKey, KeyType: "HASH" },
        { AttributeName: sortKey, KeyType: "RANGE" },
      ],
      GlobalSecondaryIndexes: globalIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: "HASH" },
          { AttributeName: index.sortKey, KeyType: "RANGE" },
        ],
        Projection: { ProjectionType: "ALL" },
      })),
    }),
  );
  await client.send(new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: { AttributeName: timeToLiveAttribute, Enabled: true } }));
}
