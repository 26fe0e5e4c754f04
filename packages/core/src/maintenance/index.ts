export * as Maintenance from "./index";
import { BatchWriteCommand, ScanCommand } from "../aws/dynamodb-client";
import { documentClient } from "../db/client";
import { tableDefinition } from "../db/definition";
import { tableName } from "../util/config";

/**
 * Deletes items whose TTL attribute has passed. A Scan is acceptable here: it
 * runs from the nightly job, never in a request path (DESIGN §3).
 */
export async function purgeExpired(now = Math.floor(Date.now() / 1000)): Promise<number> {
  const ttl = tableDefinition.timeToLiveAttribute;
  let removed = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: "#ttl < :now",
        ExpressionAttributeNames: { "#ttl": ttl, "#pk": "pk", "#sk": "sk" },
        ExpressionAttributeValues: { ":now": now },
        ProjectionExpression: "#pk, #sk",
        ExclusiveStartKey: start,
      }),
    );
    const keys = page.Items ?? [];
    for (let i = 0; i < keys.length; i += 25) {
      const batch = keys.slice(i, i + 25).map((key) => ({ DeleteRequest: { Key: { pk: key.pk, sk: key.sk } } }));
      await documentClient().send(new BatchWriteCommand({ RequestItems: { [tableName()]: batch } }));
      removed += batch.length;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return removed;
}
