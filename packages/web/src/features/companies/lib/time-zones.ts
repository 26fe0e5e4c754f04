/** Every IANA time zone this browser knows, UTC first, with the one already chosen kept even if the browser lacks it. */
export function timeZoneOptions(current?: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const zones = new Set(["UTC", ...(current ? [current] : []), ...known]);
  return [...zones];
}

/** "America/Argentina/Buenos_Aires" → "America / Argentina / Buenos Aires", with the zone's current offset: "(GMT-03:00)". */
export function timeZoneLabel(zone: string, locale: string, at = new Date()): string {
  let offset = "";
  try {
    offset = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "longOffset" }).formatToParts(at).find((part) => part.type === "timeZoneName")?.value ?? "";
  } catch {
    offset = "";
  }
  const name = zone.replace(/_/g, " ").replace(/\//g, " / ");
  return offset ? `${name} (${offset})` : name;
}
