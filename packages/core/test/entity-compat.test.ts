import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Entity as ElectroEntity } from "electrodb";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Entity } from "../src/db/entity";

/*
 * Our entities (db/entity.ts) against ElectroDB itself, on every model of every *.entity.ts: the items a
 * put, a create and an upsert write, the keys, the key conditions of every access pattern and range, what
 * each patch sets and removes (index keys included) and how an item reads back. Expressions are compared
 * with their names and values put in, so `#pk = :pk` and `#pk = :pk0` are the same request.
 */

type Item = Record<string, any>;
type Model = { model: { entity: string; version: string; service: string }; attributes: Record<string, any>; indexes: Record<string, any> };

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src");
const entityFiles = readdirSync(src, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".entity.ts"));

async function everyModel() {
  const found: { label: string; schema: Model }[] = [];
  for (const file of entityFiles) {
    const module = (await import(pathToFileURL(path.join(src, file)).href)) as Record<string, { schema?: Model }>;
    for (const [name, value] of Object.entries(module)) if (name.endsWith("Entity") && value.schema) found.push({ label: `${file} ${name}`, schema: value.schema });
  }
  return found;
}

/** A value of each attribute's type, in mixed case so that key casing shows. */
function sample(model: any, name: string): unknown {
  const type = model.type;
  if (Array.isArray(type)) return type[type.length - 1];
  switch (type) {
    case "string":
      return `${name}-Val`;
    case "number":
      return 42;
    case "boolean":
      return true;
    case "set":
      return model.items === "number" ? [1, 2] : ["a", "b"];
    case "list": {
      const items = typeof model.items === "string" ? { type: model.items } : model.items;
      return [sample(items, `${name}Item`)];
    }
    case "map":
      return model.properties ? Object.fromEntries(Object.entries(model.properties).map(([key, property]) => [key, sample(property, key)])) : { free: "Form" };
    default:
      return { any: 1 };
  }
}

const full = (schema: Model): Item => Object.fromEntries(Object.entries(schema.attributes).map(([name, model]) => [name, sample(model, name)]));
const tableIndex = (schema: Model) => Object.values(schema.indexes).find((index: any) => !index.index);
const keyOf = (schema: Model, item: Item): Item => {
  const index = tableIndex(schema);
  return Object.fromEntries([...index.pk.composite, ...(index.sk?.composite ?? [])].map((name: string) => [name, item[name]]));
};

/** An expression with its names and values put in. */
function rendered(expression: string | undefined, params: Item): string | undefined {
  if (expression === undefined) return undefined;
  return expression
    .replace(/#[\w]+/g, (name) => params.ExpressionAttributeNames?.[name] ?? name)
    .replace(/:[\w]+/g, (value) => JSON.stringify(normal(params.ExpressionAttributeValues?.[value])));
}
const normal = (value: unknown): unknown => (value instanceof Set ? { set: [...value].sort() } : value);

/** Splits on commas outside parentheses. */
function topLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of text) {
    if (char === "(") depth++;
    if (char === ")") depth--;
    if (char === "," && depth === 0) {
      parts.push(current.trim());
      current = "";
    } else current += char;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

/** An update as clauses: SET field → value, REMOVE fields, ADD field → value. */
function updateOf(params: Item) {
  const text = rendered(params.UpdateExpression, params) ?? "";
  const clauses: Record<string, string[]> = {};
  for (const match of text.matchAll(/(SET|REMOVE|ADD|DELETE) (.*?)(?= (?:SET|REMOVE|ADD|DELETE) |$)/g)) clauses[match[1]!] = topLevel(match[2]!);
  return {
    set: Object.fromEntries((clauses.SET ?? []).map((clause) => clause.split(/ = (.*)/s).slice(0, 2) as [string, string])),
    remove: [...(clauses.REMOVE ?? [])].sort(),
    add: [...(clauses.ADD ?? [])].sort(),
    condition: rendered(params.ConditionExpression, params),
  };
}

/** Never called: params are built, nothing is sent (ElectroDB needs a v3 client to write sets as sets). */
const client = { send: async () => ({}) } as never;
const both = (schema: Model) => ({ ours: new Entity(schema as never, { client, table: "T" }) as any, theirs: new ElectroEntity(schema as never, { client, table: "T" }) as any });

const outcome = (build: () => unknown) => {
  try {
    return { value: build() };
  } catch (error) {
    return { refused: (error as Error).message.slice(0, 60) };
  }
};

let mismatches: string[] = [];

/** Both build the same thing, or both refuse; a difference is noted under its label. */
function same(build: (entity: any) => unknown, { ours, theirs }: { ours: any; theirs: any }, compare: (value: any) => unknown = (value) => value, label = "") {
  const expected = outcome(() => compare(build(theirs)));
  const actual = outcome(() => compare(build(ours)));
  if ("refused" in expected || "refused" in actual) {
    if ("refused" in expected !== "refused" in actual) mismatches.push(`${label}: ElectroDB ${JSON.stringify(expected)}, ours ${JSON.stringify(actual)}`);
    return;
  }
  try {
    expect(actual.value).toEqual(expected.value);
  } catch {
    mismatches.push(`${label}: ElectroDB ${JSON.stringify(expected.value, (_k, v) => normal(v))}\n     ours ${JSON.stringify(actual.value, (_k, v) => normal(v))}`);
  }
}

describe("our entities write and read what ElectroDB writes and reads", () => {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-27T10:00:00.000Z"));
  });
  afterAll(() => {
    vi.useRealTimers();
  });
  beforeEach(() => {
    mismatches = [];
  });
  afterEach(() => {
    expect(mismatches).toEqual([]);
  });

  it("finds every model", async () => {
    expect((await everyModel()).length).toBeGreaterThanOrEqual(entityFiles.length);
  });

  it("puts, creates and upserts the same items, defaults, setters and index keys included", async () => {
    for (const { label, schema } of await everyModel()) {
      const pair = both(schema);
      const item = full(schema);
      const required = Object.fromEntries(Object.entries(item).filter(([name]) => schema.attributes[name].required && schema.attributes[name].default === undefined));
      for (const input of [item, required, { ...item, ...Object.fromEntries(Object.entries(schema.attributes).filter(([, model]) => Array.isArray(model.type)).map(([name, model]) => [name, model.type[0]])) }]) {
        same((entity) => entity.put(input).params(), pair, undefined, label);
        same((entity) => entity.create(input).params(), pair, (params) => ({ ...params, ConditionExpression: rendered(params.ConditionExpression, params), ExpressionAttributeNames: undefined }), label);
        same((entity) => entity.upsert(input).params(), pair, (params) => ({ key: params.Key, ...updateOf(params) }), label);
      }
    }
  });

  it("builds the same keys for a get, and the same key conditions for every access pattern and range", async () => {
    for (const { label, schema } of await everyModel()) {
      const pair = both(schema);
      const item = full(schema);
      same((entity) => entity.get(keyOf(schema, item)).params(), pair);
      same((entity) => entity.get([keyOf(schema, item)]).params(), pair);
      const condition = (params: Item) => ({ key: rendered(params.KeyConditionExpression, params), index: params.IndexName, order: params.ScanIndexForward, limit: params.Limit });
      for (const [accessPattern, index] of Object.entries(schema.indexes)) {
        const pkFacets = Object.fromEntries(index.pk.composite.map((name: string) => [name, item[name]]));
        const skNames: string[] = index.sk?.composite ?? [];
        const skFacets = Object.fromEntries(skNames.map((name) => [name, item[name]]));
        const at = `${label} ${accessPattern}`;
        same((entity) => entity.query[accessPattern](pkFacets).params(), pair, condition, at);
        same((entity) => entity.query[accessPattern]({ ...pkFacets, ...skFacets }).params({ order: "desc", limit: 5 }), pair, condition, at);
        if (skNames.length) {
          const first = skNames[0]!;
          const low = { [first]: sample(schema.attributes[first], "a") };
          const high = { [first]: typeof low[first] === "number" ? 99 : "zz" };
          for (const range of ["gte", "lte", "gt", "lt", "begins"]) same((entity) => entity.query[accessPattern](pkFacets)[range](low).params(), pair, condition, `${at} ${range}`);
          same((entity) => entity.query[accessPattern](pkFacets).between(low, high).params(), pair, condition, `${at} between`);
        }
      }
    }
  });

  it("reads an item back the same, and another entity's item as nothing", async () => {
    for (const { label, schema } of await everyModel()) {
      const pair = both(schema);
      const stored = pair.theirs.put(full(schema)).params().Item;
      expect.soft(pair.ours.parse({ Item: { ...stored, extra: "x" } }), label).toEqual(pair.theirs.parse({ Item: { ...stored, extra: "x" } }));
      expect.soft(pair.ours.parse({ Item: { ...stored, __edb_e__: "other" } }), label).toEqual({ data: null });
      // a page read keeps only this entity's items (ElectroDB's parse of a page keeps every item; its queries do not)
      expect.soft(pair.ours.parse({ Items: [stored, { ...stored, __edb_v__: "9" }] }), label).toEqual({ data: [pair.theirs.parse({ Item: stored }).data] });
    }
  });

  it("sets, removes and adds the same attributes and index keys in a patch, with the same conditions", async () => {
    for (const { label, schema } of await everyModel()) {
      const pair = both(schema);
      const item = full(schema);
      const key = keyOf(schema, item);
      // ours also writes a conditional index's fixed partition key ("$ff") whenever the condition holds, so that
      // an item that left the index and comes back is in it again; ElectroDB writes only the sort key
      const compare = (params: Item) => {
        const update = updateOf(params);
        return { key: params.Key, ...update, set: Object.fromEntries(Object.entries(update.set).filter(([, value]) => value !== '"$ff"')) };
      };
      const composites = new Set(Object.values(schema.indexes).flatMap((index: any) => [...index.pk.composite, ...(index.sk?.composite ?? [])]));
      for (const [name, model] of Object.entries(schema.attributes)) {
        if (name in key || model.readOnly) continue;
        const at = `${label} ${name}`;
        same((entity) => entity.patch(key).set({ [name]: item[name] }).params(), pair, compare, `${at} set`);
        same((entity) => entity.update(key).set({ [name]: item[name] }).params(), pair, compare, `${at} update`);
        // (ElectroDB both sets and removes a watcher that is removed, which DynamoDB refuses)
        if (!model.required && !model.watch) same((entity) => entity.patch(key).remove([name]).params(), pair, compare, `${at} remove`);
        // (ElectroDB builds an index key from the amount added to a composite: not a thing the product does)
        if (model.type === "number" && !composites.has(name)) same((entity) => entity.patch(key).add({ [name]: 1 }).params(), pair, compare, `${at} add`);
      }
      const anyNumber = Object.keys(schema.attributes).find((name) => schema.attributes[name].type === "number" && !(name in key));
      if (anyNumber) {
        const guarded = (entity: any) => entity.patch(key).set({ [anyNumber]: 2 }).where((attr: any, { eq }: any) => eq(attr[anyNumber], 1)).params();
        same(guarded, pair, compare, `${label} where`);
        same((entity) => entity.remove(key).params(), pair, (params) => ({ key: params.Key, condition: rendered(params.ConditionExpression, params) }), `${label} remove`);
      }
      same((entity) => entity.delete(key).params(), pair);
    }
  });
});
