import type { Entity, EntityItem } from "electrodb";
import { BatchGetCommand } from "../aws/dynamodb";
import { documentClient } from "./client";

type AnyEntity = Entity<any, any, any, any>;
type Read = { entity: AnyEntity; key: object };
type Key = Record<string, unknown>;

const keyText = (key: Key) => JSON.stringify(Object.keys(key).sort().map((name) => [name, key[name]]));

/**
 * Items of several entities read in one BatchGetItem (one round trip) instead of a GetItem each: the
 * access check's reads on every request (the user, the session, the seat and the company). Each key is
 * built and each item parsed by its own entity, so the items are what `entity.get(key).go()` answers;
 * a missing item is undefined.
 */
export async function getMany<const R extends readonly Read[]>(reads: R): Promise<{ [I in keyof R]: EntityItem<R[I]["entity"]> | undefined }> {
  const params = reads.map((read) => read.entity.get(read.key as never).params() as { Key: Key; TableName: string });
  const table = params[0]!.TableName;
  const found = new Map<string, Key>();
  let pending = [...new Map(params.map((param) => [keyText(param.Key), param.Key])).values()];
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt));
    if (attempt > 5) throw new Error("DynamoDB kept keys of a BatchGetItem unprocessed");
    const output = await documentClient().send(new BatchGetCommand({ RequestItems: { [table]: { Keys: pending } } }));
    for (const item of output.Responses?.[table] ?? []) found.set(keyText(Object.fromEntries(Object.keys(pending[0]!).map((name) => [name, item[name]]))), item);
    pending = (output.UnprocessedKeys?.[table]?.Keys ?? []) as Key[];
  }
  return reads.map((read, i) => {
    const item = found.get(keyText(params[i]!.Key));
    return item ? (read.entity.parse({ Item: item }).data ?? undefined) : undefined;
  }) as never;
}
