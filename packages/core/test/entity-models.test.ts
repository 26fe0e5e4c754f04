import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { lazyEntity } from "../src/db/lazy";

/*
 * Our entities (db/entity.ts) take ElectroDB's model format; ElectroDB's own check still runs here, on every
 * model, with its real validator, so a model stays one ElectroDB would accept (entity-compat.test.ts then
 * compares what the two write and read).
 */

const require = createRequire(import.meta.url);
/** ElectroDB's own question "is this a model?", answered with the real jsonschema validator */
const { testModel } = require("electrodb/src/validations.js") as { testModel: (value: unknown) => [boolean, string] };

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src");
const entityFiles = readdirSync(src, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".entity.ts"));

type Built = { model: { entity: string }; schema: unknown };
async function everyEntity() {
  const found: { file: string; name: string; entity: Built }[] = [];
  for (const file of entityFiles) {
    const module = (await import(pathToFileURL(path.join(src, file)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) if (name.endsWith("Entity")) found.push({ file, name, entity: value as Built });
  }
  return found;
}

describe("entity models", () => {
  it("every entity of every *.entity.ts builds, its model passing ElectroDB's own check", async () => {
    const entities = await everyEntity();
    expect(entities.length).toBeGreaterThanOrEqual(entityFiles.length);
    for (const { file, name, entity } of entities) {
      expect(entity.model.entity, `${file} ${name}`).toMatch(/^[a-zA-Z]+$/);
      expect(testModel(entity.schema), `${file} ${name}`).toEqual([true, ""]);
    }
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
