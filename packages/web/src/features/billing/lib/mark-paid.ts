/** docs/api-billing.md mark-paid: a note of 1–500 characters says how the month was paid. */
export const NOTE_MAX = 500;
export const NOTE_REQUIRED_MESSAGE = "Enter a note about the payment";

/** The translation key of what is wrong with a note, or undefined when it may be sent. */
export function noteProblem(note: string): string | undefined {
  const trimmed = note.trim();
  if (!trimmed) return "billing.admin.markPaid.noteRequired";
  if (trimmed.length > NOTE_MAX) return "billing.admin.markPaid.noteTooLong";
  return undefined;
}
