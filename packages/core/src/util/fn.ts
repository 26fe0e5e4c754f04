import * as z from "./zod";
import { ValidationError, type FieldErrors } from "./errors";

/**
 * Flattens zod issues into `{ "a.b": ["message"] }`, the shape every 400 carries.
 * The map has no prototype: a path named `toString` or `__proto__` is just a key.
 */
export function fieldErrorsOf(error: z.core.$ZodError): FieldErrors {
  const out: FieldErrors = Object.create(null);
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

export function parseOrThrow<S extends z.ZodMiniType>(schema: S, input: unknown, code = "request.invalid"): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors = fieldErrorsOf(result.error);
  const first = result.error.issues[0]?.message ?? "Invalid input";
  throw new ValidationError(code, first, fieldErrors);
}

/**
 * A domain verb: validates its input with `schema` and exposes the schema so
 * handlers and the web app reuse the same rule (STYLE rule 2).
 */
export function fn<S extends z.ZodMiniType, R>(schema: S, impl: (input: z.output<S>) => R) {
  const verb = (input: z.input<S>): R => impl(parseOrThrow(schema, input));
  verb.schema = schema;
  return verb;
}
