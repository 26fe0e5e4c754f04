import type * as z from "@fleetforms/core/util/zod";

/** The first message of each field of a failed parse, keyed by the field's top-level name. */
export function issuesByField(error: z.core.$ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[issue.path.length - 1]) : "_";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
