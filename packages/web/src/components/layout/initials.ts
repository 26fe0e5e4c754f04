/**
 * The letters an avatar shows: the first letters of the first and last names ("Alicia Moreno" → "AM"), or of
 * the username's parts when the person has no name ("acme_admin" → "AA"); "?" with neither. Issue 40: every
 * avatar showed "A", the first letter of acme_admin, admin, acme_driver…
 */
export function initialsOf(person: { firstName?: string | null; lastName?: string | null; username?: string | null }): string {
  const first = (text: string | null | undefined) => Array.from(text?.trim() ?? "")[0] ?? "";
  const named = `${first(person.firstName)}${first(person.lastName)}`;
  if (named) return named.toLocaleUpperCase();
  const parts = (person.username ?? "").split(/[\s._@-]+/).filter(Boolean);
  return `${first(parts[0])}${first(parts[1])}`.toLocaleUpperCase() || "?";
}
