import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";

/*
 * Issue 10: a cold start pays for everything a function's modules do when imported. Schemas and entities are
 * built on first use (util/lazy.ts), but a module that reads one at import builds it there after all:
 * `z.omit(SaveTemplateInput, ...)` at the top of a handler built the whole form schema, ~15 ms of
 * `POST /form/template/{id}`'s cold start. The lint rule `bundles/lazy-schema` catches the usual shapes; this
 * catches any: every handler is imported, and nothing deferred may have been built by then.
 */
const built: string[] = [];
vi.mock("@fleetforms/core/util/lazy", async (original) => {
  const real = await original<typeof import("@fleetforms/core/util/lazy")>();
  return {
    builtOnFirstUse: <T extends object>(build: () => T) =>
      real.builtOnFirstUse(() => {
        built.push(new Error().stack?.split("\n").slice(2, 8).join("\n") ?? "");
        return build();
      }),
  };
});

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src");
/** every module of the functions but the middleware and the tables: the handlers and their helpers */
const handlers = readdirSync(src, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith(".ts") && !file.startsWith(`lib${path.sep}`) && !["routes.ts", "jobs.ts"].includes(file))
  .sort();

describe("importing a function", () => {
  it("builds no schema or entity: each is built when a request first uses it", { timeout: 120_000 }, async () => {
    const offenders: string[] = [];
    let functions = 0;
    for (const file of handlers) {
      const before = built.length;
      const module = (await import(path.join(src, file))) as { handler?: unknown };
      if (typeof module.handler === "function") functions++;
      if (built.length > before) offenders.push(`${file}:\n${built.slice(before).join("\n--\n")}`);
    }
    expect(functions).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });
});
