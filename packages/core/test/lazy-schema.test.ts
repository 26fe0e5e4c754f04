import { describe, expect, it } from "vitest";
import * as z from "../src/util/zod";
import { fieldErrorsOf } from "../src/util/fn";

describe("a schema built on first use", () => {
  it("is not built until something reads it, and then only once", () => {
    let builds = 0;
    const Name = z.lazySchema(() => {
      builds++;
      return z.string().check(z.trim(), z.minLength(1, "A name is required"));
    });
    const Person = z.lazySchema(() => z.object({ name: Name, nickname: z.optional(Name) }));
    expect(builds).toBe(0);
    expect(Person.parse({ name: "  Ana " })).toEqual({ name: "Ana" });
    expect(Person.safeParse({ name: " ", nickname: "x" }).success).toBe(false);
    expect(builds).toBe(1);
  });

  it("works wherever zod takes a schema: extended, picked, wrapped, piped, and with its messages and paths", () => {
    const Base = z.lazySchema(() => z.strictObject({ a: z.number().check(z.int("whole"), z.gte(1, "one or more")), b: z.string() }));
    const Extended = z.extend(z.pick(Base, { a: true }), { c: z._default(z.boolean(), false) });
    expect(Extended.parse({ a: 2 })).toEqual({ a: 2, c: false });
    const failed = z.safeParse(z.optional(Base), { a: 0.5, b: "x", d: 1 });
    expect(failed.success).toBe(false);
    expect(fieldErrorsOf(failed.error!)).toEqual({ a: ["whole"], _: ['Unrecognized key: "d"'] });
    const Piped = z.pipe(Base, z.transform((value) => value.a + value.b.length));
    expect(Piped.parse({ a: 1, b: "xy" })).toBe(3);
    expect(Base instanceof z.ZodMiniObject).toBe(true);
    expect(Object.keys(Base.shape)).toEqual(["a", "b"]);
  });
});
