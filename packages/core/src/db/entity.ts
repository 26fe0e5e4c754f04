/**
 * The table's entities: ElectroDB's model format, key format and chainable API, for the operations the
 * product runs and nothing else (docs/decisions.md, "A data layer of our own"). ElectroDB itself is ~170 KB
 * of every function's bundle and builds each model at a cold start; this is the same contract in a few KB.
 *
 * What is kept byte for byte, so items written by either read the same (`test/entity-compat.test.ts`
 * compares the two on every model): the keys (`$ff#companyid_acme`, `$user_1#userid_…`, padding, casing),
 * the identity attributes `__edb_e__` and `__edb_v__`, defaults, setters and watchers, which index keys a
 * write sets or removes, and how an item reads back (attributes of the model only; another entity's item
 * is not ours). Expressions are our own; DynamoDB Local runs every one of them in the integration tests.
 */
import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DocumentClient,
} from "../aws/dynamodb";
import { unmarshall, type AttributeMap } from "../aws/attribute-value";
import { getOne } from "./get-many";

type Item = Record<string, any>;
type Casing = "lower" | "upper" | "none" | "default";

interface AttributeModel {
  type: string | readonly string[];
  required?: boolean;
  default?: unknown;
  readOnly?: boolean;
  hidden?: boolean;
  watch?: "*" | readonly string[];
  set?: (value: any, item: Item) => unknown;
  get?: (value: any, item: Item) => unknown;
  padding?: { length: number; char: string };
  items?: AttributeModel | string;
  properties?: Record<string, AttributeModel>;
}

interface KeyModel {
  field: string;
  composite: readonly string[];
  casing?: Casing;
}

interface IndexModel {
  index?: string;
  pk: KeyModel;
  sk?: KeyModel;
  condition?: (item: Item) => boolean;
}

interface Schema {
  model: { entity: string; version: string; service: string };
  attributes: Record<string, AttributeModel>;
  indexes: Record<string, IndexModel>;
}

interface Index {
  accessPattern: string;
  name?: string;
  pk: KeyModel & { prefix: string };
  sk?: KeyModel & { prefix: string };
  condition?: (item: Item) => boolean;
}

const IDENTITY = { entity: "__edb_e__", version: "__edb_v__" } as const;
const fail = (message: string): never => {
  throw new Error(message);
};
const casingOf = (key: string, casing: Casing | undefined) =>
  casing === "none" ? key : casing === "upper" ? key.toUpperCase() : key.toLowerCase();
const orderOf = (order: unknown) => (order === "desc" ? { ScanIndexForward: false } : order === "asc" ? { ScanIndexForward: true } : {});

// ---------------------------------------------------------------------------------------------------------
// Expressions: every name and value of one request, named once

const REF = Symbol("attribute");
type Ref = { [REF]: string };

class Expression {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  private readonly counts = new Map<string, number>();

  /** `#field`, or `#field_2` when that alias already stands for another field. */
  name(field: string, alias = field.replace(/[^\w]/g, "_")): string {
    for (let n = 1; ; n++) {
      const candidate = `#${n === 1 ? alias : `${alias}_${n}`}`;
      if (this.names[candidate] === undefined) this.names[candidate] = field;
      if (this.names[candidate] === field) return candidate;
    }
  }

  value(hint: string, value: unknown): string {
    const base = hint.replace(/[^\w]/g, "_");
    const n = this.counts.get(base) ?? 0;
    this.counts.set(base, n + 1);
    const placeholder = `:${base}${n}`;
    this.values[placeholder] = value;
    return placeholder;
  }

  /** What a request carries of these: none of the maps when empty (DynamoDB refuses empty ones). */
  parts() {
    return {
      ...(Object.keys(this.names).length ? { ExpressionAttributeNames: this.names } : {}),
      ...(Object.keys(this.values).length ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

type WhereOperations = Record<string, (...args: any[]) => string>;
type Where = (attributes: Record<string, Ref>, operations: WhereOperations) => string;

function whereOperations(expression: Expression): WhereOperations {
  const name = (ref: Ref) => expression.name(ref[REF]);
  const value = (ref: Ref, v: unknown) => expression.value(ref[REF], v);
  const compare = (operator: string) => (ref: Ref, v: unknown) => `${name(ref)} ${operator} ${value(ref, v)}`;
  return {
    eq: compare("="),
    ne: compare("<>"),
    lt: compare("<"),
    lte: compare("<="),
    gt: compare(">"),
    gte: compare(">="),
    between: (ref: Ref, low: unknown, high: unknown) => `${name(ref)} BETWEEN ${value(ref, low)} AND ${value(ref, high)}`,
    begins: (ref: Ref, v: unknown) => `begins_with(${name(ref)}, ${value(ref, v)})`,
    exists: (ref: Ref) => `attribute_exists(${name(ref)})`,
    notExists: (ref: Ref) => `attribute_not_exists(${name(ref)})`,
    contains: (ref: Ref, v: unknown) => `contains(${name(ref)}, ${value(ref, v)})`,
    notContains: (ref: Ref, v: unknown) => `not contains(${name(ref)}, ${value(ref, v)})`,
    size: (ref: Ref) => `size(${name(ref)})`,
    type: (ref: Ref, v: unknown) => `attribute_type(${name(ref)}, ${value(ref, v)})`,
    name,
    value,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Attribute values: checked and shaped on the way in, shaped on the way out

function shapeIn(model: AttributeModel, value: unknown, path: string, withDefaults: boolean): unknown {
  if (value === undefined) return undefined;
  const { type } = model;
  const wrong = (expected: string) =>
    fail(`Invalid value type at entity path: "${path}". Received value of type "${Array.isArray(value) ? "array" : typeof value}", expected value of type "${expected}"`);
  if (Array.isArray(type)) {
    if (!type.includes(value as string)) fail(`Invalid value type at entity path: "${path}". Value not found in set of acceptable values: ${type.map((v) => `"${v}"`).join(", ")}`);
    return value;
  }
  switch (type) {
    case "string":
    case "number":
    case "boolean":
      return typeof value === type ? value : wrong(type as string);
    case "list": {
      if (!Array.isArray(value)) return wrong("array");
      const items = typeof model.items === "string" ? { type: model.items } : model.items;
      return items ? value.map((entry) => shapeIn(items, entry, `${path}[*]`, withDefaults)) : value;
    }
    case "set": {
      const values = value instanceof Set ? [...value] : Array.isArray(value) ? value : wrong("set");
      return values.length ? new Set(values) : undefined;
    }
    case "map": {
      if (typeof value !== "object" || value === null || Array.isArray(value)) return wrong("map");
      return model.properties ? shapeObject(model.properties, value as Item, `${path}.`, withDefaults) : value;
    }
    default:
      return value;
  }
}

/** The properties a model defines, defaults applied when asked, required ones checked; others are dropped. */
function shapeObject(properties: Record<string, AttributeModel>, value: Item, prefix: string, withDefaults: boolean): Item {
  const shaped: Item = {};
  for (const [name, model] of Object.entries(properties)) {
    let v = value[name];
    if (v === undefined && withDefaults) v = defaultOf(model);
    v = shapeIn(model, v, `${prefix}${name}`, withDefaults);
    if (v === undefined) {
      if (model.required && withDefaults) fail(`Invalid value type at entity path: "${prefix}${name}". Value is required.`);
      continue;
    }
    shaped[name] = v;
  }
  return shaped;
}

const defaultOf = (model: AttributeModel) => (typeof model.default === "function" ? (model.default as () => unknown)() : model.default);

function shapeOut(model: AttributeModel, value: unknown): unknown {
  if (value instanceof Set) return [...value];
  if (model.type === "map" && model.properties && value && typeof value === "object") {
    const shaped: Item = {};
    for (const [name, property] of Object.entries(model.properties)) {
      const v = (value as Item)[name];
      if (v !== undefined) shaped[name] = shapeOut(property, v);
    }
    return shaped;
  }
  if (model.type === "list" && Array.isArray(value) && typeof model.items === "object") {
    const items = model.items;
    return value.map((entry) => shapeOut(items, entry));
  }
  return value;
}

// ---------------------------------------------------------------------------------------------------------
// The entity

type GoOptions = {
  response?: string;
  pages?: number | "all";
  limit?: number;
  order?: "asc" | "desc";
  cursor?: string | null;
  attributes?: readonly string[];
  consistent?: boolean;
  preserveBatchOrder?: boolean;
};

/** One write of a transaction, as `commit()` hands it over. */
interface Commit {
  item: Record<string, unknown>;
  entity: Entity;
}

/**
 * Writes that follow every put of an entity's items, wherever the put is made (a put, a create, a batch or a
 * transaction), by the entity's name: core/activity/stamp.entity.ts raises a company's change stamp after every
 * activity record written. A follower runs once the put has succeeded (a refused or cancelled write changes
 * nothing, its followers included) and must not throw: the put's own outcome is the caller's answer.
 */
type Follower = (items: Item[]) => Promise<void>;
const followers = new Map<string, Follower>();
export function followPuts(entity: string, follower: Follower) {
  followers.set(entity, follower);
}

/** A write, then the followers of its puts once it has succeeded. */
async function withFollowers<T>(write: Promise<T>, puts: { entity: Entity; item: Item }[]): Promise<T> {
  const result = await write;
  const byFollower = new Map<Follower, Item[]>();
  for (const { entity, item } of puts) {
    const follower = followers.get(entity.model.entity);
    if (!follower) continue;
    const items = byFollower.get(follower) ?? [];
    items.push(item);
    byFollower.set(follower, items);
  }
  await Promise.all([...byFollower].map(([follower, items]) => follower(items)));
  return result;
}

export class Entity {
  readonly schema: Schema;
  readonly model: Schema["model"];
  readonly tableName: string;
  private readonly client: DocumentClient;
  readonly indexes: Index[];
  /** the table's own index, and the attributes its key is composed of */
  readonly primaryIndex: Index;
  readonly keyComposites: string[];
  /** every key field of every index */
  readonly keyFields: Set<string>;
  readonly query: Record<string, (facets: Item) => QueryChain>;

  constructor(schema: Schema, config: { client: DocumentClient; table: string }) {
    this.schema = schema;
    this.model = schema.model;
    this.client = config.client;
    this.tableName = config.table;
    const { service, entity, version } = schema.model;
    this.indexes = Object.entries(schema.indexes).map(([accessPattern, index]) => {
      const identity = `$${entity}_${version}`;
      return {
        accessPattern,
        name: index.index,
        pk: { ...index.pk, prefix: casingOf(index.sk ? `$${service}` : `$${service}${identity}`, index.pk.casing) },
        sk: index.sk && { ...index.sk, prefix: casingOf(identity, index.sk.casing) },
        condition: index.condition,
      };
    });
    this.primaryIndex = this.indexes.find((index) => index.name === undefined) ?? fail(`Entity ${entity} has no table index`);
    this.keyComposites = [...this.primaryIndex.pk.composite, ...(this.primaryIndex.sk?.composite ?? [])];
    this.keyFields = new Set(this.indexes.flatMap((index) => [index.pk.field, ...(index.sk ? [index.sk.field] : [])]));
    this.query = Object.fromEntries(this.indexes.map((index) => [index.accessPattern, (facets: Item) => new QueryChain(this, index, facets)]));
  }

  // -------------------------------------------------------------------------------------------------------
  // keys

  private attribute(name: string): AttributeModel | undefined {
    return this.schema.attributes[name];
  }

  /** A key: its prefix, then `#name_value` per composite, up to the first one missing (its label kept unless `tail` is false). */
  key(key: KeyModel & { prefix: string }, facets: Item, tail = true): { value: string; complete: boolean } {
    let value = key.prefix;
    let found = 0;
    for (const name of key.composite) {
      const facet = facets[name];
      if (facet === undefined && !tail) break;
      value += `#${name}_`;
      if (facet === undefined) break;
      const padding = this.attribute(name)?.padding;
      value += padding ? `${facet}`.padStart(padding.length, padding.char) : `${facet}`;
      found++;
    }
    return { value: casingOf(value, key.casing), complete: found === key.composite.length };
  }

  /** The table key of an item or of the facets given. */
  primaryKey(facets: Item): Item {
    const { pk, sk } = this.primaryIndex;
    const missing = this.keyComposites.filter((name) => facets[name] === undefined);
    if (missing.length) fail(`Incomplete or invalid key: missing ${missing.join(", ")} for ${this.model.entity}`);
    return { [pk.field]: this.key(pk, facets).value, ...(sk ? { [sk.field]: this.key(sk, facets).value } : {}) };
  }

  // -------------------------------------------------------------------------------------------------------
  // reading

  owns(item: Item | undefined): boolean {
    return !!item && item[IDENTITY.entity] === this.model.entity && item[IDENTITY.version] === this.model.version;
  }

  /** An item as the product sees it: the model's attributes, sets as arrays; null when it is not this entity's. */
  format(item: Item | undefined, attributes?: readonly string[]): Item | null {
    if (!this.owns(item)) return null;
    const formatted: Item = {};
    for (const [name, model] of Object.entries(this.schema.attributes)) {
      if (model.hidden || item![name] === undefined || (attributes?.length && !attributes.includes(name))) continue;
      const value = shapeOut(model, item![name]);
      formatted[name] = model.get ? model.get(value, item!) : value;
    }
    return formatted;
  }

  parse(response: { Item?: Item; Items?: Item[] }): { data: any } {
    if (response.Items) return { data: response.Items.map((item) => this.format(item)).filter((item) => item !== null) };
    return { data: this.format(response.Item) };
  }

  get(facets: Item | Item[]) {
    if (Array.isArray(facets)) return new BatchGetChain(this, facets);
    const params = () => ({ Key: this.primaryKey(facets), TableName: this.tableName });
    return {
      params,
      go: async (options: GoOptions = {}) => {
        const output = await this.client.send(new GetCommand({ ...params(), ...(options.consistent ? { ConsistentRead: true } : {}) }));
        return { data: this.format(output.Item, options.attributes) };
      },
    };
  }

  get scan() {
    return new QueryChain(this, undefined, {});
  }

  // -------------------------------------------------------------------------------------------------------
  // writing

  /** The whole item a put writes: defaults, setters, checks, every index's keys and the identity. */
  item(input: Item): Item {
    const item: Item = {};
    for (const [name, model] of Object.entries(this.schema.attributes)) {
      const value = input[name] === undefined ? defaultOf(model) : input[name];
      if (value !== undefined) item[name] = value;
    }
    for (const [name, model] of Object.entries(this.schema.attributes)) {
      if (model.set) item[name] = model.set(item[name], { ...item });
      item[name] = shapeIn(model, item[name], name, true);
      if (item[name] === undefined) {
        delete item[name];
        if (model.required) fail(`Invalid value type at entity path: "${name}". Value is required.`);
      }
    }
    const keys: Item = {};
    for (const index of this.indexes) {
      const parts = index.sk ? [index.pk, index.sk] : [index.pk];
      if (index.condition) {
        const used = parts.flatMap((part) => part.composite);
        if (used.some((name) => item[name] !== undefined) && used.some((name) => item[name] === undefined)) {
          fail(`Incomplete composite attributes provided for index ${index.name}: ${used.filter((name) => item[name] === undefined).join(", ")}`);
        }
        if (!index.condition(item)) continue;
      }
      for (const part of parts) {
        this.checkComplete(index, part, item, {});
        keys[part.field] = this.key(part, item).value;
      }
    }
    return { ...item, ...keys, [IDENTITY.entity]: this.model.entity, [IDENTITY.version]: this.model.version };
  }

  /** A key whose composites are partly given cannot be written: ElectroDB's "Incomplete composite attributes". */
  checkComplete(index: Index, part: KeyModel, values: Item, known: Item) {
    const given = part.composite.filter((name) => values[name] !== undefined);
    const missing = part.composite.filter((name) => values[name] === undefined && known[name] === undefined);
    if (given.length && missing.length) {
      fail(`Incomplete composite attributes: Without the composite attributes ${missing.map((name) => `"${name}"`).join(", ")} the following access patterns cannot be updated: "${index.accessPattern}"`);
    }
  }

  put(input: Item | Item[]) {
    return Array.isArray(input) ? new BatchWriteChain(this, input.map((item) => ({ PutRequest: { Item: this.item(item) } }))) : new PutChain(this, input, "put");
  }

  create(input: Item) {
    return new PutChain(this, input, "create");
  }

  upsert(input: Item) {
    return new UpdateChain(this, input, "upsert");
  }

  patch(facets: Item) {
    return new UpdateChain(this, facets, "patch");
  }

  update(facets: Item) {
    return new UpdateChain(this, facets, "update");
  }

  delete(facets: Item | Item[]) {
    return Array.isArray(facets) ? new BatchWriteChain(this, facets.map((key) => ({ DeleteRequest: { Key: this.primaryKey(key) } }))) : new DeleteChain(this, facets, false);
  }

  remove(facets: Item) {
    return new DeleteChain(this, facets, true);
  }

  /** A transaction's condition on an item it does not write. */
  check(facets: Item) {
    return new CheckChain(this, facets);
  }

  /** Every name a where clause may refer to. */
  refs(): Record<string, Ref> {
    return Object.fromEntries(Object.keys(this.schema.attributes).map((name) => [name, { [REF]: name }]));
  }

  /** A write's answer: its item or the attributes DynamoDB returned, formatted, else the item's key facets. */
  answer(response: string | undefined, facets: Item, attributes: Item | undefined) {
    if (response === "none") return { data: null };
    if (response && response !== "default") return { data: this.format(attributes) };
    return { data: Object.fromEntries(this.keyComposites.map((name) => [name, facets[name]])) };
  }

  send<O>(command: Parameters<DocumentClient["send"]>[0]): Promise<O> {
    return this.client.send(command) as Promise<O>;
  }

}

/**
 * Clauses joined with AND; a clause with an OR of its own is put in parentheses (DynamoDB refuses redundant
 * ones), so `notExists(x) OR lt(x, 5)` never loosens the existence check before it.
 */
function allOf(clauses: string[]): string | undefined {
  if (clauses.length <= 1) return clauses[0];
  return clauses.map((clause) => (hasTopLevelOr(clause) ? `(${clause})` : clause)).join(" AND ");
}

function hasTopLevelOr(clause: string): boolean {
  let depth = 0;
  for (let i = 0; i < clause.length; i++) {
    if (clause[i] === "(") depth++;
    else if (clause[i] === ")") depth--;
    else if (depth === 0 && /^ OR /i.test(clause.slice(i, i + 4))) return true;
  }
  return false;
}

/** The conditions of a write: ElectroDB's existence check, then each `where`. */
function condition(expression: Expression, entity: Entity, exists: "exists" | "not_exists" | undefined, wheres: Where[]): string | undefined {
  const clauses: string[] = [];
  if (exists) {
    const { pk, sk } = entity.primaryIndex;
    const fn = exists === "exists" ? "attribute_exists" : "attribute_not_exists";
    clauses.push(`${fn}(${expression.name(pk.field, "pk")})`);
    if (sk) clauses.push(`${fn}(${expression.name(sk.field, "sk")})`);
  }
  for (const where of wheres) {
    const clause = where(entity.refs(), whereOperations(expression)).trim();
    if (clause) clauses.push(clause);
  }
  return allOf(clauses);
}

abstract class WriteChain {
  protected wheres: Where[] = [];
  constructor(protected readonly entity: Entity) {}

  where(where: Where) {
    this.wheres.push(where);
    return this;
  }

  abstract params(options?: GoOptions): Record<string, any>;
  protected abstract kind: "Put" | "Update" | "Delete" | "ConditionCheck";

  /** This write as one of a transaction's. */
  commit(): Commit {
    const { ReturnValues: _ignored, ...params } = this.params();
    return { item: { [this.kind]: params }, entity: this.entity };
  }
}

class PutChain extends WriteChain {
  protected kind = "Put" as const;
  constructor(entity: Entity, private readonly input: Item, private readonly mode: "put" | "create") {
    super(entity);
  }

  params() {
    const expression = new Expression();
    const Item = this.entity.item(this.input);
    const ConditionExpression = condition(expression, this.entity, this.mode === "create" ? "not_exists" : undefined, this.wheres);
    return { Item, TableName: this.entity.tableName, ...(ConditionExpression ? { ConditionExpression } : {}), ...expression.parts() };
  }

  async go(options: GoOptions = {}) {
    const params = this.params();
    await withFollowers(this.entity.send(new PutCommand(params)), [{ entity: this.entity, item: params.Item }]);
    return options.response === "none" ? { data: null } : { data: this.entity.format(params.Item) };
  }
}

class DeleteChain extends WriteChain {
  protected kind = "Delete" as const;
  constructor(entity: Entity, private readonly facets: Item, private readonly mustExist: boolean) {
    super(entity);
  }

  params(options: GoOptions = {}) {
    const expression = new Expression();
    const ConditionExpression = condition(expression, this.entity, this.mustExist ? "exists" : undefined, this.wheres);
    return {
      Key: this.entity.primaryKey(this.facets),
      TableName: this.entity.tableName,
      ...(ConditionExpression ? { ConditionExpression } : {}),
      ...expression.parts(),
      ...returnValues(options.response),
    };
  }

  async go(options: GoOptions = {}) {
    const output = await this.entity.send<{ Attributes?: Item }>(new DeleteCommand(this.params(options)));
    return this.entity.answer(options.response, this.facets, output.Attributes);
  }
}

class CheckChain extends WriteChain {
  protected kind = "ConditionCheck" as const;
  constructor(entity: Entity, private readonly facets: Item) {
    super(entity);
  }

  params() {
    const expression = new Expression();
    const ConditionExpression = condition(expression, this.entity, undefined, this.wheres) ?? fail("A condition check needs a where clause");
    return { Key: this.entity.primaryKey(this.facets), TableName: this.entity.tableName, ConditionExpression, ...expression.parts() };
  }
}

const returnValues = (response: string | undefined) =>
  response && response !== "default" ? { ReturnValues: response.toUpperCase() } : {};

class UpdateChain extends WriteChain {
  protected kind = "Update" as const;
  private readonly sets: Item = {};
  private readonly adds: Item = {};
  private readonly subtracts: Item = {};
  private readonly appends: Item = {};
  private readonly deletes: Item = {};
  private readonly removes = new Set<string>();

  constructor(entity: Entity, private readonly facets: Item, private readonly mode: "patch" | "update" | "upsert") {
    super(entity);
  }

  set(values: Item) {
    Object.assign(this.sets, values);
    return this;
  }
  add(values: Item) {
    Object.assign(this.adds, values);
    return this;
  }
  subtract(values: Item) {
    Object.assign(this.subtracts, values);
    return this;
  }
  append(values: Item) {
    Object.assign(this.appends, values);
    return this;
  }
  delete(values: Item) {
    Object.assign(this.deletes, values);
    return this;
  }
  remove(names: readonly string[]) {
    for (const name of names) this.removes.add(name);
    return this;
  }

  params(options: GoOptions = {}) {
    return this.mode === "upsert" ? this.upsertParams(options) : this.updateParams(options);
  }

  private model(name: string): AttributeModel {
    return this.entity.schema.attributes[name] ?? fail(`Unknown attribute "${name}" on ${this.entity.model.entity}`);
  }

  private updateParams(options: GoOptions) {
    const entity = this.entity;
    const keyComposites = new Set(entity.keyComposites);
    const touched = new Set([...Object.keys(this.sets), ...Object.keys(this.adds), ...Object.keys(this.subtracts), ...Object.keys(this.appends), ...Object.keys(this.deletes), ...this.removes]);
    for (const name of touched) {
      const model = this.model(name);
      if (model.readOnly || keyComposites.has(name)) fail(`Attribute "${name}" is Read-Only and cannot be updated`);
    }
    const sets: Item = {};
    for (const [name, value] of Object.entries(this.sets)) {
      if (value === undefined) continue;
      const model = this.model(name);
      sets[name] = shapeIn(model, model.set ? model.set(value, { ...this.sets }) : value, name, false);
    }
    for (const [name, model] of Object.entries(entity.schema.attributes)) {
      if (!model.set || !model.watch || touched.has(name)) continue;
      const watched = model.watch === "*" ? touched.size > 0 : model.watch.some((other) => touched.has(other));
      if (!watched) continue;
      const value = shapeIn(model, model.set(undefined, { ...sets }), name, false);
      if (value !== undefined) sets[name] = value;
    }

    const expression = new Expression();
    const assign: string[] = [];
    const removals: string[] = [];
    const setField = (field: string, value: unknown) => assign.push(`${expression.name(field)} = ${expression.value(`${field}_u`, value)}`);
    for (const [name, value] of Object.entries(sets)) setField(name, value);
    for (const [name, value] of Object.entries(this.appends)) {
      const field = expression.name(name);
      assign.push(`${field} = list_append(if_not_exists(${field}, ${expression.value(`${name}_default_u`, [])}), ${expression.value(`${name}_u`, shapeIn(this.model(name), value, name, false))})`);
    }
    for (const [name, value] of Object.entries(this.subtracts)) {
      const field = expression.name(name);
      assign.push(`${field} = (if_not_exists(${field}, ${expression.value(`${name}_default_u`, 0)}) - ${expression.value(`${name}_u`, value)})`);
    }
    for (const name of this.removes) removals.push(expression.name(name));

    // the secondary indexes' keys follow what the write changes
    const known = { ...this.facets, ...sets };
    for (const index of entity.indexes) {
      if (index === entity.primaryIndex) continue;
      const parts = index.sk ? [index.pk, index.sk] : [index.pk];
      const changed = parts.filter((part) => part.composite.some((name) => sets[name] !== undefined));
      if (index.condition && changed.length) {
        for (const part of parts) entity.checkComplete(index, part, sets, this.facets);
        const holds = index.condition(known);
        for (const part of parts) {
          if (holds) setField(part.field, entity.key(part, known).value);
          else removals.push(expression.name(part.field));
        }
        continue;
      }
      for (const part of parts) {
        if (changed.includes(part)) {
          entity.checkComplete(index, part, sets, this.facets);
          setField(part.field, entity.key(part, known).value);
        } else if (part.composite.some((name) => this.removes.has(name))) {
          removals.push(expression.name(part.field));
        }
      }
    }
    for (const name of keyComposites) setField(name, this.facets[name]);
    setField(IDENTITY.entity, entity.model.entity);
    setField(IDENTITY.version, entity.model.version);

    const adds = Object.entries(this.adds).map(([name, value]) => `${expression.name(name)} ${expression.value(`${name}_u`, shapeIn(this.model(name), value, name, false))}`);
    const deletes = Object.entries(this.deletes).map(([name, value]) => `${expression.name(name)} ${expression.value(`${name}_u`, shapeIn(this.model(name), value, name, false))}`);
    const UpdateExpression = [
      assign.length ? `SET ${assign.join(", ")}` : "",
      removals.length ? `REMOVE ${[...new Set(removals)].join(", ")}` : "",
      adds.length ? `ADD ${adds.join(", ")}` : "",
      deletes.length ? `DELETE ${deletes.join(", ")}` : "",
    ].filter(Boolean).join(" ");
    const ConditionExpression = condition(expression, entity, this.mode === "patch" ? "exists" : undefined, this.wheres);
    return {
      TableName: entity.tableName,
      Key: entity.primaryKey(this.facets),
      UpdateExpression,
      ...(ConditionExpression ? { ConditionExpression } : {}),
      ...expression.parts(),
      ...returnValues(options.response),
    };
  }

  /** An upsert writes the whole item as a put would, except that read-only attributes keep a stored value. */
  private upsertParams(options: GoOptions) {
    const entity = this.entity;
    const item = entity.item(this.facets);
    const expression = new Expression();
    const key = entity.primaryKey(item);
    const composites = new Set(entity.indexes.flatMap((index) => [...index.pk.composite, ...(index.sk?.composite ?? [])]));
    const assign = Object.entries(item)
      .filter(([field]) => key[field] === undefined)
      .map(([field, value]) => {
        const name = expression.name(field);
        const placeholder = expression.value(`${field}_u`, value);
        const keepStored = entity.schema.attributes[field]?.readOnly && !composites.has(field);
        return keepStored ? `${name} = if_not_exists(${name}, ${placeholder})` : `${name} = ${placeholder}`;
      });
    // an index whose condition no longer holds loses the item
    const removals = entity.indexes
      .filter((index) => index.condition && !index.condition(item))
      .flatMap((index) => [index.pk.field, ...(index.sk ? [index.sk.field] : [])].map((field) => expression.name(field)));
    const ConditionExpression = condition(expression, entity, undefined, this.wheres);
    return {
      TableName: entity.tableName,
      Key: key,
      UpdateExpression: `SET ${assign.join(", ")}${removals.length ? ` REMOVE ${removals.join(", ")}` : ""}`,
      ...(ConditionExpression ? { ConditionExpression } : {}),
      ...expression.parts(),
      ...returnValues(options.response),
    };
  }

  async go(options: GoOptions = {}) {
    const output = await this.entity.send<{ Attributes?: Item }>(new UpdateCommand(this.params(options)));
    return this.entity.answer(options.response, this.facets, output.Attributes);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Queries and scans

const encodeCursor = (key: Item | undefined) => (key ? Buffer.from(JSON.stringify(key)).toString("base64url") : null);
function decodeCursor(cursor: string | null | undefined): Item | undefined {
  if (!cursor) return undefined;
  try {
    return JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as Item;
  } catch {
    return fail("Unable to parse cursor");
  }
}

class QueryChain {
  private range: { operator: string; facets: Item[] } | undefined;
  private readonly wheres: Where[] = [];

  constructor(private readonly entity: Entity, private readonly index: Index | undefined, private readonly facets: Item) {}

  private ranged(operator: string, ...facets: Item[]) {
    this.range = { operator, facets };
    return this;
  }
  between(low: Item, high: Item) {
    return this.ranged("BETWEEN", low, high);
  }
  gte(facets: Item) {
    return this.ranged(">=", facets);
  }
  gt(facets: Item) {
    return this.ranged(">", facets);
  }
  lte(facets: Item) {
    return this.ranged("<=", facets);
  }
  lt(facets: Item) {
    return this.ranged("<", facets);
  }
  begins(facets: Item) {
    return this.ranged("begins_with", facets);
  }
  where(where: Where) {
    this.wheres.push(where);
    return this;
  }

  params(options: GoOptions = {}) {
    const { entity, index } = this;
    const expression = new Expression();
    const request: Record<string, any> = { TableName: entity.tableName };
    if (index) {
      const pk = entity.key(index.pk, this.facets);
      if (!pk.complete) fail(`Incomplete composite attributes: the partition key of "${index.accessPattern}" needs ${index.pk.composite.join(", ")}`);
      const conditions = [`${expression.name(index.pk.field, "pk")} = ${expression.value("pk", pk.value)}`];
      if (index.sk) {
        const sk = expression.name(index.sk.field, "sk1");
        if (this.range) {
          const values = this.range.facets.map((facets) => expression.value("sk", entity.key(index.sk!, { ...this.facets, ...facets }, false).value));
          const { operator } = this.range;
          conditions.push(operator === "BETWEEN" ? `${sk} BETWEEN ${values[0]} AND ${values[1]}` : operator === "begins_with" ? `begins_with(${sk}, ${values[0]})` : `${sk} ${operator} ${values[0]}`);
        } else {
          const key = entity.key(index.sk, this.facets);
          conditions.push(key.complete ? `${sk} = ${expression.value("sk", key.value)}` : `begins_with(${sk}, ${expression.value("sk", key.value)})`);
        }
      }
      request.KeyConditionExpression = conditions.join(" and ");
      if (index.name) request.IndexName = index.name;
    }
    // a scan keeps to this entity's items
    const wheres: Where[] = index ? this.wheres : [(_attributes, operations) => `${operations.eq!({ [REF]: IDENTITY.entity }, entity.model.entity)} AND ${operations.eq!({ [REF]: IDENTITY.version }, entity.model.version)}`, ...this.wheres];
    const filter = wheres.map((where) => where(entity.refs(), whereOperations(expression)).trim()).filter(Boolean);
    const FilterExpression = allOf(filter);
    if (FilterExpression) request.FilterExpression = FilterExpression;
    if (options.attributes?.length) {
      const fields = new Set([...options.attributes, ...entity.keyFields, IDENTITY.entity, IDENTITY.version]);
      request.ProjectionExpression = [...fields].map((field) => expression.name(field)).join(", ");
    }
    if (options.limit !== undefined) request.Limit = options.limit;
    if (options.consistent) request.ConsistentRead = true;
    return { ...request, ...orderOf(options.order), ...expression.parts() };
  }

  async go(options: GoOptions = {}) {
    const params = this.params(options);
    const pages = options.pages === "all" ? Infinity : (options.pages ?? 1);
    const data: Item[] = [];
    let start = decodeCursor(options.cursor);
    for (let page = 0; page < pages; page++) {
      const Command = this.index ? QueryCommand : ScanCommand;
      const output = await this.entity.send<{ Items?: Item[]; LastEvaluatedKey?: Item }>(new Command({ ...params, ...(start ? { ExclusiveStartKey: start } : {}) }));
      for (const raw of output.Items ?? []) {
        const item = this.entity.format(raw, options.attributes);
        if (item) data.push(item);
      }
      start = output.LastEvaluatedKey;
      if (!start) break;
    }
    return { data, cursor: encodeCursor(start) };
  }
}

class BatchGetChain {
  constructor(private readonly entity: Entity, private readonly facets: Item[]) {}

  params() {
    return [{ RequestItems: { [this.entity.tableName]: { Keys: this.facets.map((facets) => this.entity.primaryKey(facets)) } } }];
  }

  /**
   * Every item, read with `getOne` (db/get-many.ts: the keys of a turn in BatchGetItems of 100, what DynamoDB
   * leaves unprocessed asked again); `preserveBatchOrder` answers in the keys' order, null where missing.
   */
  async go(options: GoOptions = {}) {
    const found = await Promise.all(this.facets.map((facets) => getOne(this.entity as never, facets, { consistent: options.consistent })));
    const items = found.map((item) => (item ? pick(item as Item, options.attributes) : null));
    return { data: options.preserveBatchOrder ? items : items.filter((item) => item !== null), unprocessed: [] as Item[] };
  }
}

const pick = (item: Item, attributes: readonly string[] | undefined) =>
  attributes?.length ? Object.fromEntries(Object.entries(item).filter(([name]) => attributes.includes(name))) : item;

/** Puts or deletes without conditions, 25 a call, what DynamoDB leaves unprocessed sent again. */
class BatchWriteChain {
  constructor(private readonly entity: Entity, private readonly requests: Item[]) {}

  params() {
    const table = this.entity.tableName;
    const batches: Item[] = [];
    for (let from = 0; from < this.requests.length; from += 25) batches.push({ RequestItems: { [table]: this.requests.slice(from, from + 25) } });
    return batches;
  }

  async go() {
    const table = this.entity.tableName;
    for (const batch of this.params()) {
      let pending: Item[] = batch.RequestItems[table];
      for (let attempt = 0; pending.length; attempt++) {
        if (attempt > 5) fail("DynamoDB kept items of a BatchWriteItem unprocessed");
        if (attempt) await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt));
        // a put DynamoDB leaves unprocessed is followed again when it is sent again: a second raise is harmless
        const puts = pending.flatMap((request) => (request.PutRequest ? [{ entity: this.entity, item: request.PutRequest.Item as Item }] : []));
        const output = await withFollowers(this.entity.send<{ UnprocessedItems?: Record<string, Item[]> }>(new BatchWriteCommand({ RequestItems: { [table]: pending } })), puts);
        pending = output.UnprocessedItems?.[table] ?? [];
      }
    }
    return { unprocessed: [] as Item[] };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Write transactions

type CancellationReason = { Code?: string; Message?: string; Item?: AttributeMap };

const reasonsOf = (error: unknown) => {
  const reasons = (error as { CancellationReasons?: CancellationReason[] } | undefined)?.CancellationReasons;
  return Array.isArray(reasons) ? reasons : undefined;
};

/** Attempts in all for a transaction cancelled only because another was writing one of its items. */
export const CONFLICT_ATTEMPTS = 4;

/**
 * Sends a transaction, again when DynamoDB cancelled it only for a conflict: another transaction was writing
 * one of its items at that moment (a company's monthly usage, a day's counters), no condition failed and
 * nothing was written, so the same writes are sent again after a short random wait (the conditions are
 * checked anew). Any other cancellation is the caller's to read.
 */
async function sendRetryingConflicts(entity: Entity, command: TransactWriteCommand, attempts: number) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await entity.send(command);
    } catch (error) {
      const codes = (reasonsOf(error) ?? []).map((reason) => reason?.Code ?? "None");
      const conflictOnly = codes.includes("TransactionConflict") && codes.every((code) => code === "None" || code === "TransactionConflict");
      if (!conflictOnly || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** attempt));
    }
  }
}

/**
 * `createWriteTransaction(entities, (entities) => [entity.put(...).commit(), ...]).go()`: one
 * TransactWriteItems. A cancelled transaction answers `{ canceled: true, data }` with each write's reason
 * (`code` "None" for the writes that were not at fault), as ElectroDB's does; other errors throw.
 */
export function createWriteTransaction<E extends Record<string, Entity>>(entities: E, build: (entities: E) => Commit[]) {
  const commits = () => build(entities);
  return {
    params: () => ({ TransactItems: commits().map((commit) => commit.item) }),
    go: async (options: { token?: string } = {}) => {
      const writes = commits();
      if (writes.length === 0) return { canceled: false, data: [] };
      const [first] = writes;
      try {
        const puts = writes.flatMap((commit) => (commit.item.Put ? [{ entity: commit.entity, item: (commit.item.Put as { Item: Item }).Item }] : []));
        const command = new TransactWriteCommand({ TransactItems: writes.map((commit) => commit.item), ...(options.token ? { ClientRequestToken: options.token } : {}) });
        // a token makes the call idempotent for ten minutes: a cancelled one is the caller's to send again
        await withFollowers(sendRetryingConflicts(first!.entity, command, options.token ? 1 : CONFLICT_ATTEMPTS), puts);
        return { canceled: false, data: writes.map(() => ({ rejected: false, code: "None", message: undefined, item: null })) };
      } catch (error) {
        const reasons = reasonsOf(error);
        if (!reasons) throw error;
        return {
          canceled: true,
          data: reasons.map((reason, position) => {
            const code = reason?.Code ?? "None";
            return { rejected: code !== "None", code, message: reason?.Message, item: reason?.Item ? (writes[position]?.entity.format(unmarshall(reason.Item)) ?? null) : null };
          }),
        };
      }
    },
  };
}
