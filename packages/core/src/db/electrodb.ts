/**
 * The entities: ElectroDB (DESIGN §"data") over the table's v3 document client (db/client.ts). Models are
 * ElectroDB models and call sites are written as ElectroDB's documentation shows them; the items the product
 * stored before ElectroDB ran here read back unchanged (test/stored-items.test.ts).
 *
 * What the product needs beyond ElectroDB is kept here, around it (ElectroDB itself is not patched), each with
 * its test in test/entity-around.test.ts:
 * - a `where` clause with a top-level OR is put in parentheses: ElectroDB joins a clause to the ones before it
 *   with AND and no parentheses, so `notExists(x) OR lt(x, 5)` after a patch's existence check would let the
 *   patch create an item whenever `x < 5`;
 * - an update that writes a conditional index's sort key writes its partition key too: ElectroDB writes only
 *   the key whose composites changed, so a report schedule that was paused (its index keys removed) and then
 *   resumed would never be due again;
 * - an `add` or `subtract` on a key's composite is refused: ElectroDB would build the key from the amount;
 * - `followPuts`: writes that follow every put of an entity's items, wherever the put is made;
 * - a transaction that DynamoDB cancelled only for a conflict with another one is sent again;
 * - a batch write sends again what DynamoDB left unprocessed, and a batch get reads through `getOne`
 *   (db/get-many.ts, which does the same): ElectroDB hands both back as `unprocessed`, which nothing reads.
 */
import * as Electro from "electrodb";
import { BatchWriteCommand, type DynamoDBDocumentClient } from "../aws/dynamodb-client";
import { getOne } from "./get-many";

type Item = Record<string, any>;
type Method = (...args: any[]) => any;
type Chain = Record<string, unknown>;
type Where = (attributes: any, operations: any) => string;

// ---------------------------------------------------------------------------------------------------------
// where: a top-level OR in parentheses

/** Whether a clause has an OR outside every parenthesis. */
export function hasTopLevelOr(clause: string): boolean {
  let depth = 0;
  for (let i = 0; i < clause.length; i++) {
    if (clause[i] === "(") depth++;
    else if (clause[i] === ")") depth--;
    else if (depth === 0 && /^\sOR\s/i.test(clause.slice(i, i + 4))) return true;
  }
  return false;
}

const orInParentheses =
  (where: Where): Where =>
  (attributes, operations) => {
    const clause = where(attributes, operations);
    return typeof clause === "string" && hasTopLevelOr(clause.trim()) ? `(${clause.trim()})` : clause;
  };

// ---------------------------------------------------------------------------------------------------------
// followers of puts

/**
 * Writes that follow every put of an entity's items, by the entity's name, wherever the put is made (a put, a
 * create, a batch or a transaction): core/activity/stamp.entity.ts raises a company's change stamp after every
 * activity record written. A follower runs once the put has succeeded (a refused or cancelled write changes
 * nothing, its followers included) and must not throw: the put's own outcome is the caller's answer.
 */
type Follower = (items: Item[]) => Promise<void>;
const followers = new Map<string, Follower>();
export function followPuts(entity: string, follower: Follower) {
  followers.set(entity, follower);
}

/** The followers of these stored items (each names its entity in `__edb_e__`), run together. */
async function follow(items: Item[]) {
  const byFollower = new Map<Follower, Item[]>();
  for (const item of items) {
    const follower = followers.get(item.__edb_e__ as string);
    if (!follower) continue;
    byFollower.set(follower, [...(byFollower.get(follower) ?? []), item]);
  }
  await Promise.all([...byFollower].map(([follower, followed]) => follower(followed)));
}

// ---------------------------------------------------------------------------------------------------------
// chains

interface Hooks {
  /** each call of one of the chain's methods, before it is made */
  called?: (method: string, args: unknown[]) => void;
  go?: (go: Method, options: Item | undefined) => Promise<unknown>;
  params?: (params: Item) => Item;
  commit?: (commit: Item) => Item;
}

/** ElectroDB's chain, each `where` with its OR in parentheses, and the hooks around its calls. */
function around(chain: Chain, hooks: Hooks = {}): Chain {
  const wrapped: Chain = {};
  for (const [name, value] of Object.entries(chain)) {
    if (typeof value !== "function") {
      wrapped[name] = value;
      continue;
    }
    const method = value as Method;
    wrapped[name] = (...args: unknown[]) => {
      if (name === "where" && typeof args[0] === "function") args = [orInParentheses(args[0] as Where), ...args.slice(1)];
      hooks.called?.(name, args);
      if (name === "go" && hooks.go) return hooks.go(method, args[0] as Item | undefined);
      const result = method(...args);
      if (name === "params") return hooks.params ? hooks.params(result as Item) : result;
      if (name === "commit") return hooks.commit ? hooks.commit(result as Item) : result;
      if (name === "go") return result;
      return result && typeof result === "object" && !Array.isArray(result) ? around(result as Chain, hooks) : result;
    };
  }
  return wrapped;
}

// ---------------------------------------------------------------------------------------------------------
// the entity

type Schema = { indexes: Record<string, { index?: string; pk: { field: string; composite: readonly string[] }; sk?: { field: string; composite: readonly string[] }; condition?: unknown }> };

/** Attempts in all for a transaction cancelled only because another was writing one of its items. */
export const CONFLICT_ATTEMPTS = 4;

/** Tries of a batch write whose items DynamoDB keeps leaving unprocessed. */
const BATCH_ATTEMPTS = 6;

class ProductEntity extends (Electro.Entity as unknown as new (schema: unknown, config: unknown) => Record<string, any>) {
  /** the document client the entity was configured with */
  readonly documentClient: DynamoDBDocumentClient;
  /** every attribute a key of any index is composed of */
  readonly keyComposites: Set<string>;

  constructor(schema: Schema, config: { client: DynamoDBDocumentClient; table: string }) {
    super(schema, config);
    this.documentClient = config.client;
    this.keyComposites = new Set(Object.values(schema.indexes).flatMap((index) => [...index.pk.composite, ...(index.sk?.composite ?? [])]));
    const query = this.query as Record<string, Method>;
    for (const accessPattern of Object.keys(query)) {
      const open = query[accessPattern]!;
      query[accessPattern] = (...facets: unknown[]) => around(open(...facets));
    }
  }

  get scan() {
    return around(super.scan as Chain);
  }

  get(facets: Item | Item[]) {
    return Array.isArray(facets) ? this.batchGet(facets) : around(super.get(facets));
  }

  put(input: Item | Item[]) {
    return Array.isArray(input) ? this.batchWrite(super.put(input)) : this.followed(super.put(input));
  }

  create(input: Item) {
    return this.followed(super.create(input));
  }

  upsert(input: Item) {
    return around(super.upsert(input));
  }

  patch(facets: Item) {
    return this.updating(super.patch(facets), facets);
  }

  update(facets: Item) {
    return this.updating(super.update(facets), facets);
  }

  delete(facets: Item | Item[]) {
    return Array.isArray(facets) ? this.batchWrite(super.delete(facets)) : around(super.delete(facets));
  }

  remove(facets: Item) {
    return around(super.remove(facets));
  }

  check(facets: Item) {
    return around(super.check(facets));
  }

  /** A put's or a create's chain, whose success runs the followers of the item it wrote. */
  private followed(chain: Chain) {
    const name = (this.schema as { model: { entity: string } }).model.entity;
    if (!followers.has(name)) return around(chain);
    const wrapped: Chain = around(chain, {
      go: async (run, options) => {
        const { Item: item } = (wrapped.params as Method)() as { Item: Item };
        const result = await run(options);
        await follow([item]);
        return result;
      },
    });
    return wrapped;
  }

  /**
   * A patch's or an update's chain: an `add` or `subtract` on a key's composite is refused, and a conditional
   * index whose sort key the update writes gets its partition key written too.
   */
  private updating(chain: Chain, facets: Item) {
    const sets: Item = {};
    const called = (method: string, args: unknown[]) => {
      if (method === "set" && args[0] && typeof args[0] === "object") Object.assign(sets, args[0]);
      if (method === "add" || method === "subtract") {
        const composites = Object.keys((args[0] ?? {}) as Item).filter((name) => this.keyComposites.has(name));
        if (composites.length) throw new Error(`Refused: ${method} on ${composites.join(", ")}, of which a key is composed (the key would be built from the amount)`);
      }
    };
    const conditional = Object.entries((this.schema as Schema).indexes).filter(([, index]) => index.condition && index.index);
    if (!conditional.length) return around(chain, { called });
    const withPartitionKeys = (params: Item) => this.withConditionalPartitionKeys(params, conditional, { ...facets, ...sets });
    const wrapped: Chain = around(chain, {
      called,
      params: withPartitionKeys,
      commit: (commit) => ({ ...commit, ...(commit.Update ? { Update: withPartitionKeys(commit.Update as Item) } : {}) }),
      go: (run, options = {}) => {
        const { UpdateExpression, ExpressionAttributeNames, ExpressionAttributeValues } = (wrapped.params as Method)(options) as Item;
        return run({ ...options, params: { ...(options.params as Item | undefined), UpdateExpression, ExpressionAttributeNames, ExpressionAttributeValues } });
      },
    });
    return wrapped;
  }

  /** An update's params, SETting each conditional index's partition key where it SETs the index's sort key alone. */
  private withConditionalPartitionKeys(params: Item, indexes: [string, Schema["indexes"][string]][], known: Item): Item {
    let result = params;
    for (const [accessPattern, index] of indexes) {
      const names = (result.ExpressionAttributeNames ?? {}) as Record<string, string>;
      const fields = new Set(Object.values(names));
      if (!index.sk || !fields.has(index.sk.field) || fields.has(index.pk.field)) continue;
      if (index.pk.composite.some((name) => known[name] === undefined)) continue;
      // (ElectroDB's conversions build an index's keys from composites: the table key's and the index's)
      const keys = Electro.createConversions(this as never).byAccessPattern[accessPattern]!.fromComposite.toKeys(known) as Item;
      const value = keys[index.pk.field];
      if (typeof value !== "string") continue;
      const name = `#ffpk_${index.pk.field}`;
      const placeholder = `:ffpk_${index.pk.field}`;
      const expression = result.UpdateExpression as string;
      result = {
        ...result,
        UpdateExpression: /^SET /.test(expression) ? expression.replace(/^SET /, `SET ${name} = ${placeholder}, `) : `SET ${name} = ${placeholder} ${expression}`,
        ExpressionAttributeNames: { ...names, [name]: index.pk.field },
        ExpressionAttributeValues: { ...(result.ExpressionAttributeValues as Item | undefined), [placeholder]: value },
      };
    }
    return result;
  }

  /** Items by their keys, each read through `getOne`; `preserveBatchOrder` answers in the keys' order, null where missing. */
  private batchGet(keys: Item[]) {
    const chain = super.get(keys) as Chain;
    return {
      params: chain.params,
      go: async (options: { attributes?: readonly string[]; consistent?: boolean; preserveBatchOrder?: boolean } = {}) => {
        const found = await Promise.all(keys.map((key) => getOne(this as never, key, { consistent: options.consistent })));
        const pick = (item: Item) => (options.attributes?.length ? Object.fromEntries(Object.entries(item).filter(([name]) => options.attributes!.includes(name))) : item);
        const items = found.map((item) => (item ? pick(item as Item) : null));
        return { data: options.preserveBatchOrder ? items : items.filter((item) => item !== null), unprocessed: [] as Item[] };
      },
    };
  }

  /** Puts or deletes without conditions, 25 a call, what DynamoDB leaves unprocessed sent again. */
  private batchWrite(chain: Chain) {
    return {
      params: chain.params,
      go: async () => {
        for (const batch of (chain.params as Method)() as { RequestItems: Record<string, Item[]> }[]) {
          let pending = batch.RequestItems;
          for (let attempt = 0; Object.keys(pending).length; attempt++) {
            if (attempt >= BATCH_ATTEMPTS) throw new Error("DynamoDB kept items of a BatchWriteItem unprocessed");
            if (attempt) await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt));
            const output = await this.documentClient.send(new BatchWriteCommand({ RequestItems: pending as never }));
            pending = Object.fromEntries(Object.entries(output.UnprocessedItems ?? {}).filter(([, requests]) => requests.length > 0)) as Record<string, Item[]>;
          }
          await follow(Object.values(batch.RequestItems).flatMap((requests) => requests.flatMap((request) => (request.PutRequest ? [request.PutRequest.Item as Item] : []))));
        }
        return { unprocessed: [] as Item[] };
      },
    };
  }
}

export const Entity = ProductEntity as unknown as typeof Electro.Entity;
export type Entity<A extends string, F extends string, C extends string, S extends Electro.Schema<A, F, C>> = Electro.Entity<A, F, C, S>;
export type { EntityItem } from "electrodb";

// ---------------------------------------------------------------------------------------------------------
// write transactions

type Commit = Item & { Put?: { Item: Item } };
type Canceled = { canceled: boolean; data: { code?: string }[] };

/**
 * ElectroDB's write transaction, `createWriteTransaction(entities, (entities) => [… .commit()]).go()`: one
 * TransactWriteItems (the SDK fills its ClientRequestToken in), answering `{ canceled, data }` with each
 * write's reason when DynamoDB cancelled it. Around it: a transaction cancelled only because another one was
 * writing one of its items at that moment (a company's monthly usage, a day's counters) wrote nothing, so it
 * is built and sent again after a short random wait (its conditions checked anew), up to CONFLICT_ATTEMPTS; a
 * caller's own `token` makes it idempotent for ten minutes, and a cancelled one is then the caller's to send
 * again. Once it has succeeded, the followers of its puts run.
 */
export const createWriteTransaction = ((entities: Record<string, unknown>, build: (entities: any) => Commit[]) => {
  let commits: Commit[] = [];
  const transaction = Electro.createWriteTransaction(entities as never, ((given: unknown) => (commits = build(given))) as never);
  return {
    params: transaction.params,
    go: async (options: { token?: string } & Item = {}) => {
      const attempts = options.token ? 1 : CONFLICT_ATTEMPTS;
      for (let attempt = 1; ; attempt++) {
        const result = (await transaction.go(options as never)) as unknown as Canceled;
        if (!result.canceled) {
          await follow(commits.flatMap((commit) => (commit.Put ? [commit.Put.Item] : [])));
          return result;
        }
        const codes = result.data.map((reason) => reason.code ?? "None");
        const conflictOnly = codes.includes("TransactionConflict") && codes.every((code) => code === "None" || code === "TransactionConflict");
        if (!conflictOnly || attempt >= attempts) return result;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** attempt));
      }
    },
  };
}) as unknown as typeof Electro.createWriteTransaction;
