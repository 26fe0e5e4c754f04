import { MarkPaidInput } from "@fleetforms/core/billing/schemas";

/** The longest note the API takes (docs/api-billing.md mark-paid), read from its schema for the text area. */
export const NOTE_MAX = MarkPaidInput.shape.note._zod.def.checks
  ?.map((check) => check._zod.def as { check: string; maximum?: number })
  .find((def) => def.check === "max_length")?.maximum;

/**
 * The mark-paid note checked with the API's own schema (STYLE rule 2): the note to send, trimmed, or the
 * schema's message of what is wrong (translated with the billing messages' field keys).
 */
export function checkNote(note: string): { note: string; problem?: undefined } | { problem: string } {
  const parsed = MarkPaidInput.safeParse({ note });
  return parsed.success ? { note: parsed.data.note } : { problem: parsed.error.issues[0]!.message };
}
