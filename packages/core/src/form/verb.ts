import type * as z from "../util/zod";
import type { Actor } from "../auth/claims";
import { parseOrThrow } from "../util/fn";
import { ForbiddenError } from "../util/errors";

/**
 * A domain verb done on behalf of a caller: like `fn(schema, impl)`, it
 * validates its input and exposes `.schema` for handlers and the web app.
 */
export function verb<S extends z.ZodMiniType, R>(schema: S, impl: (actor: Actor, input: z.output<S>) => R) {
  const run = (actor: Actor, input: z.input<S>): R => impl(actor, parseOrThrow(schema, input));
  run.schema = schema;
  return run;
}

/** The company a company-scoped verb works in; routes declared `company` always carry one. */
export function companyOf(actor: Actor): string {
  if (!actor.companyId) throw new ForbiddenError("auth.company_required", "Please select a company to continue.");
  return actor.companyId;
}
