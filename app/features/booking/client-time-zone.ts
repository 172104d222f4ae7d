/**
 * The client's time zone as their browser reports it, kept only when it is one the platform knows
 * (`Intl.supportedValuesOf('timeZone')`, plus "UTC", which some engines leave out of that list).
 * Anything else is dropped rather than refused: the zone only adds the client's own time to their
 * e-mails, and a booking must not fail over a browser's odd answer.
 */
let known: Set<string> | null = null;

export function parseClientTimeZone(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 64) return null;
  known ??= new Set([...Intl.supportedValuesOf("timeZone"), "UTC"]);
  return known.has(value) ? value : null;
}
