/**
 * zod, as every schema of the product imports it: the functional `zod/mini` API, whose bundles carry only
 * the schemas and checks a module uses (the classic API's methods pull all of zod into every function, ~95 KB
 * of each bundle, and attach every method to every schema built at a cold start; docs/decisions.md), with
 * English messages for the rules that carry none of their own, as classic zod gives by default (the form
 * builder translates "Unrecognized keys" and the like; the SPEC's own messages are written in the schemas).
 */
import * as z from "zod/mini";
import en from "zod/v4/locales/en.js";

z.config(en());

export * from "zod/mini";

/**
 * Reports a problem from inside a `z.transform` or `z.superRefine`, as classic zod's `ctx.addIssue` did: the
 * issue is about the value being parsed unless it says otherwise.
 */
export function addIssue(ctx: z.core.ParsePayload, issue: { message: string; path?: PropertyKey[]; code?: "custom" }) {
  ctx.issues.push({ code: "custom", input: ctx.value, ...issue });
}
