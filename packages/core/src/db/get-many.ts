import type { Entity, EntityItem } from "electrodb";
import { BatchGetCommand } from "../aws/dynamodb-client";
import { documentClient } from "./client";

type AnyEntity = Entity<any, any, any, any>;
type Read = { entity: AnyEntity; key: object };
type Key = Record<string, unknown>;

const keyText = (key: Key) => JSON.stringify(Object.keys(key).sort().map((name) => [name, key[name]]));

/** BatchGetItem's own limit of keys per call. */
const BATCH_KEYS = 100;

interface Waiting {
  table: string;
  key: Key;
  consistent: boolean;
  resolve: (item: Key | undefined) => void;
  reject: (error: unknown) => void;
}

/** The keys asked for in this turn of the event loop, read together when it ends. */
let waiting: Waiting[] = [];

function flush() {
  const batch = waiting;
  waiting = [];
  for (let from = 0; from < batch.length; from += BATCH_KEYS) {
    const part = batch.slice(from, from + BATCH_KEYS);
    readBatch(part).then(
      (found) => part.forEach((entry) => entry.resolve(found.get(`${entry.table}\n${keyText(entry.key)}`))),
      (error: unknown) => part.forEach((entry) => entry.reject(error)),
    );
  }
}

/** One BatchGetItem of every waiting key (the same key once), retried for what DynamoDB leaves unprocessed. */
async function readBatch(entries: Waiting[]): Promise<Map<string, Key>> {
  const tables = new Map<string, { keys: Map<string, Key>; consistent: boolean }>();
  for (const entry of entries) {
    const table = tables.get(entry.table) ?? { keys: new Map(), consistent: false };
    table.keys.set(keyText(entry.key), entry.key);
    table.consistent ||= entry.consistent;
    tables.set(entry.table, table);
  }
  let pending: Record<string, { Keys: Key[]; ConsistentRead?: boolean }> = Object.fromEntries(
    [...tables].map(([table, { keys, consistent }]) => [table, { Keys: [...keys.values()], ...(consistent ? { ConsistentRead: true } : {}) }]),
  );
  const found = new Map<string, Key>();
  for (let attempt = 0; Object.keys(pending).length > 0; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt));
    if (attempt > 5) throw new Error("DynamoDB kept keys of a BatchGetItem unprocessed");
    const output = await documentClient().send(new BatchGetCommand({ RequestItems: pending }));
    for (const [table, items] of Object.entries(output.Responses ?? {})) {
      const names = Object.keys(pending[table]!.Keys[0]!);
      for (const item of items) found.set(`${table}\n${keyText(Object.fromEntries(names.map((name) => [name, item[name]])))}`, item);
    }
    pending = Object.fromEntries(
      Object.entries(output.UnprocessedKeys ?? {})
        .filter(([, request]) => (request.Keys ?? []).length > 0)
        .map(([table, request]) => [table, { Keys: request.Keys as Key[], ...(tables.get(table)?.consistent ? { ConsistentRead: true } : {}) }]),
    );
  }
  return found;
}

/**
 * One item by its entity's key, as `entity.get(key).go()` answers it (undefined when missing). Every
 * `getOne` asked for in the same turn of the event loop is read in one BatchGetItem: the access check's
 * reads on every request (the user, the session, the seat and the company) and a route's own read begun
 * beside them (`prefetch`) cost one round trip together. `consistent` makes the whole batch a strongly
 * consistent read.
 */
export function getOne<E extends AnyEntity>(entity: E, key: object, options: { consistent?: boolean } = {}): Promise<EntityItem<E> | undefined> {
  const { Key, TableName } = entity.get(key as never).params() as { Key: Key; TableName: string };
  return new Promise<Key | undefined>((resolve, reject) => {
    if (waiting.length === 0) queueMicrotask(flush);
    waiting.push({ table: TableName, key: Key, consistent: options.consistent === true, resolve, reject });
    // another entity's item under the same key is none of this one's (ElectroDB's parse ignores ownership unless told)
  }).then((item) => (item ? ((entity.parse({ Item: item }, { ignoreOwnership: false }).data as EntityItem<E> | null) ?? undefined) : undefined));
}

/** Items of several entities in one round trip (`getOne` each, read together); a missing item is undefined. */
export async function getMany<const R extends readonly Read[]>(reads: R): Promise<{ [I in keyof R]: EntityItem<R[I]["entity"]> | undefined }> {
  return (await Promise.all(reads.map((read) => getOne(read.entity, read.key)))) as never;
}
