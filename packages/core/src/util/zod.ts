/**
 * zod, as every schema of the product imports it: the functional `zod/mini` API, whose bundles carry only
 * the schemas and checks a module uses (the classic API's methods pull all of zod into every function, ~95 KB
 * of each bundle, and attach every method to every schema built at a cold start; docs/decisions.md), with
 * English messages for the rules that carry none of their own, as classic zod gives by default (the form
 * builder translates "Unrecognized keys" and the like; the SPEC's own messages are written in the schemas).
 */
import * as z from "zod/mini";
import en from "zod/v4/locales/en.js";
import { builtOnFirstUse } from "./lazy";

z.config(en());

export * from "zod/mini";

/**
 * Reports a problem from inside a `z.transform` or `z.superRefine`, as classic zod's `ctx.addIssue` did: the
 * issue is about the value being parsed unless it says otherwise.
 */
export function addIssue(ctx: z.core.ParsePayload, issue: { message: string; path?: PropertyKey[]; code?: "custom" }) {
  ctx.issues.push({ code: "custom", input: ctx.value, ...issue });
}

/**
 * A module's schema, built the first time something reads it instead of when the module is imported. A
 * function's bundle imports the schemas of every module it reaches, and zod builds each one at import, ~40 µs
 * per schema and check (`GET /company/{id}` built ~290 of them, ~12 ms of its cold start, to use none); a
 * deferred one costs nothing until it is used. As with entities (`db/lazy.ts`), the stand-in forwards everything to the
 * one real schema, so its type, its methods and zod's own handling of it are unchanged.
 */
export const lazySchema: <S extends object>(build: () => S) => S = builtOnFirstUse;
