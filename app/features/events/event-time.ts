/**
 * An event's time: typed in UK time, stored as the UTC instant it names, shown in UK time. Apart from
 * the form's schema (event-schema.ts), as the pages that show events load this in the browser and
 * need no zod (issue 12, item 4).
 */

const londonClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** UK wall-clock parts at an instant, two digits each ("2027", "07", "15", "19", "00"). */
function londonParts(instant: number | Date) {
  const parts = londonClock.formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour"), minute: get("minute") };
}

/** Minutes UK time is ahead of UTC at an instant (0 in winter, 60 in summer). */
function londonOffsetMinutes(instant: number): number {
  const p = londonParts(instant);
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
  return Math.round((asUtc - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

/**
 * The instant a UK wall-clock time names. In the autumn hour that happens twice the first (BST) one
 * is taken; a time in the spring gap, which never happens, is read as GMT (an hour later on the clock).
 */
export function londonToUtc(date: string, time: string): Date {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  const wall = Date.UTC(y as number, (m as number) - 1, d as number, hh as number, mm as number);
  for (const offset of [60, 0]) {
    const candidate = wall - offset * 60_000;
    if (londonOffsetMinutes(candidate) === offset) return new Date(candidate);
  }
  return new Date(wall);
}

/** The form's date and time fields for a stored instant, in UK time. */
export function utcToLondonFields(instant: Date): { date: string; time: string } {
  const p = londonParts(instant);
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** "Saturday 14 March 2027, 7pm" in UK time. */
export function formatEventTime(instant: Date | string): string {
  const when = new Date(instant);
  const day = when
    .toLocaleDateString("en-GB", {
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "Europe/London",
    })
    .replace(/^(\w+),/, "$1");
  const time = when
    .toLocaleTimeString("en-GB", { hour: "numeric", minute: "2-digit", hour12: true, timeZone: "Europe/London" })
    .replace(":00", "")
    .replace(/\s/g, "");
  return `${day}, ${time}`;
}
