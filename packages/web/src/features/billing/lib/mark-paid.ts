import { MarkPaidInput } from "@fleetforms/core/billing/schemas";

/** The longest note the API takes (docs/api-billing.md mark-paid), read from its schema for the text area. */
export const NOTE_MAX = MarkPaidInput.shape.note.maxLength ?? undefined;

/**
 * The mark-paid note checked with the API's own schema (STYLE rule 2): the note to send, trimmed, or the
 * schema's message of what is wrong (translated with the billing messages' field keys).
 */
export function checkNote(note: string): { note: string; problem?: undefined } | { problem: string } {
  const parsed = MarkPaidInput.safeParse({ note });
  return parsed.success ? { note: parsed.data.note } : { problem: parsed.error.issues[0]!.message };
}
