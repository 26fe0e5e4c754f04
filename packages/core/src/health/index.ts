export * as Health from "./index";
import { GetCommand } from "../aws/dynamodb-client";
import { documentClient } from "../db/client";
import { bucketName, tableName } from "../util/config";

type Probe = { ok: true; ms: number } | { ok: false; ms: number; error: string };

async function probe(run: () => Promise<unknown>): Promise<Probe> {
  const started = performance.now();
  try {
    await run();
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch (error) {
    const name = error instanceof Error ? error.name : "Error";
    return { ok: false, ms: Math.round(performance.now() - started), error: name };
  }
}

/** Reachability of the table and the bucket; the error names only the failure's kind. */
export async function check() {
  const [table, bucket] = await Promise.all([
    probe(() => documentClient().send(new GetCommand({ TableName: tableName(), Key: { pk: "health", sk: "health" } }))),
    probe(async () => {
      const { s3, HeadBucketCommand } = await import("../aws/s3-client");
      return s3().send(new HeadBucketCommand({ Bucket: bucketName() }));
    }),
  ]);
  return { ok: table.ok && bucket.ok, table, bucket };
}
