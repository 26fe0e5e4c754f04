/** The browser's IANA time zone ("America/Chicago"): a new company's default (issue 19); UTC when the browser will not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}
