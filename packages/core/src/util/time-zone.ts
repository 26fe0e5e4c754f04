/** An IANA time zone this runtime knows, in its canonical spelling ("america/chicago" → "America/Chicago"); undefined otherwise. Pure. */
export function canonicalTimeZone(value: string): string | undefined {
  if (!value || value.length > 64) return undefined;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export const isTimeZone = (name: string): boolean => canonicalTimeZone(name) !== undefined;
