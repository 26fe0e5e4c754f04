import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ListTablesCommand, UpdateTimeToLiveCommand } from "@aws-sdk/client-dynamodb";
import { tableDefinition } from "@fleetforms/core/db/definition";

export class MissingJavaError extends Error {
  constructor() {
    super("Java 17 or newer is required to run DynamoDB Local. Install it (Debian/Ubuntu: sudo apt install openjdk-17-jre-headless; macOS: brew install openjdk@17) and run npm start again.");
  }
}

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

/** Starts the AWS DynamoDB Local jar (shipped inside amplify-dynamodb-simulator) with the machine's Java. */
export async function startDynamo(options: { port: number; dataDir?: string }): Promise<Dynamo> {
  assertJava();
  const dir = emulatorDir();
  const storage = options.dataDir ? ["-dbPath", options.dataDir] : ["-inMemory"];
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const child: ChildProcess = spawn(
    "java",
    ["-Xms64m", "-Xmx512m", `-Djava.library.path=${path.join(dir, "DynamoDBLocal_lib")}`, "-jar", path.join(dir, "DynamoDBLocal.jar"), "-port", String(options.port), "-sharedDb", ...storage],
    { cwd: dir, stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk) => (stderr += String(chunk)));
  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = new DynamoDBClient({ endpoint, region: "us-east-1", credentials: { accessKeyId: "local", secretAccessKey: "local" } });
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`DynamoDB Local exited (${code}): ${stderr.trim().slice(-500)}`))),
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await Promise.race([client.send(new ListTablesCommand({})), exited]);
      break;
    } catch (error) {
      if (child.exitCode !== null || Date.now() > deadline) {
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
