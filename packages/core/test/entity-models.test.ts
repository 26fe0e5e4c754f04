import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { Validator as ShimValidator } from "../src/db/jsonschema-shim";
import { lazyEntity } from "../src/db/lazy";

/*
 * The Lambda build leaves ElectroDB's model check out (db/jsonschema-shim.ts) and builds entities on first
 * use (db/lazy.ts). The check still runs here, on every model, with the real validator; and the stand-in
 * answers what the real one answers for our models.
 */

const require = createRequire(import.meta.url);
/** ElectroDB's own question "is this a model?", answered with the real jsonschema validator */
const { testModel } = require("electrodb/src/validations.js") as { testModel: (value: unknown) => [boolean, string] };
/** the same question as ElectroDB asks it of the bundle's stand-in */
const shimSaysModel = (value: unknown) => new ShimValidator().validate(value).errors.length === 0;

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src");
const entityFiles = readdirSync(src, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".entity.ts"));

type Built = { model: { entity: string; original: unknown } };
async function everyEntity() {
  const found: { file: string; name: string; entity: Built }[] = [];
  for (const file of entityFiles) {
    const module = (await import(pathToFileURL(path.join(src, file)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      // reading the model builds the entity, and ElectroDB checks the model with the real validator
      if (name.endsWith("Entity")) found.push({ file, name, entity: value as Built });
    }
  }
  return found;
}

describe("entity models", () => {
  it("every entity of every *.entity.ts builds, its model passing ElectroDB's own check", async () => {
    const entities = await everyEntity();
    expect(entities.length).toBeGreaterThanOrEqual(entityFiles.length);
    for (const { file, name, entity } of entities) {
      expect(entity.model.entity, `${file} ${name}`).toMatch(/^[a-zA-Z]+$/);
      expect(testModel(entity.model.original), `${file} ${name}`).toEqual([true, ""]);
    }
  });

  it("the bundle's stand-in validator answers ElectroDB's 'is this a model?' as the real one does", async () => {
    const entities = await everyEntity();
    const values: unknown[] = [
      ...entities.map(({ entity }) => entity.model.original),
      // not models: the entities themselves, parsed models, nothing, and models missing a part
      ...entities.slice(0, 3).flatMap(({ entity }) => [entity, entity.model]),
      {},
      null,
      { model: { entity: "" }, attributes: {}, indexes: {} },
      { model: { entity: "thing" }, indexes: {} },
      { model: { entity: "thing" }, attributes: {} },
    ];
    for (const value of values) expect(shimSaysModel(value), JSON.stringify(value)?.slice(0, 120)).toBe(testModel(value)[0]);
  });
});

describe("lazyEntity", () => {
  class Counter {
    count = 0;
    add(by: number) {
      this.count += by;
      return this;
    }
  }

  it("builds nothing until a property is read, then builds once and forwards every access", () => {
    let builds = 0;
    const counter = lazyEntity(() => (builds++, new Counter()));
    expect(builds).toBe(0);
    expect(counter.add(2).count).toBe(2);
    counter.count = 5;
    expect(counter.add(1).count).toBe(6);
    expect(builds).toBe(1);
    expect(counter instanceof Counter).toBe(true);
    expect(Object.keys(counter)).toEqual(["count"]);
    expect("add" in counter).toBe(true);
  });

  it("reports a failing build at first use, not at import", () => {
    const broken = lazyEntity<Counter>(() => {
      throw new Error("The DynamoDB table is not configured");
    });
    expect(() => broken.count).toThrow("The DynamoDB table is not configured");
  });
});
