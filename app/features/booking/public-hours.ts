/**
 * The practice's public opening hours, from the weekly hours clients can book (decision 047): the
 * footer, /contact and the JSON-LD say what the booking calendar offers, never a second copy. Pure:
 * shared by the server and the tests.
 */
import { DAY_CODES, describeOpeningPeriods, type OpeningPeriod } from "~/features/site-settings/site-details";
import { isTime } from "~/lib/zoned-time";
import type { WeeklyHours } from "./generate-slots";

export type PublicHours = { hours: string; openingHours: OpeningPeriod[] };

/**
 * Days with the same hours grouped (in week order, Monday first), one period per range. Dated
 * exceptions (a holiday, a late evening) are left out: the line says how a usual week runs.
 */
export function publicHoursOf(weekly: WeeklyHours, at: Date): PublicHours {
  const groups = new Map<string, OpeningPeriod[]>();
  for (const [i, code] of DAY_CODES.entries()) {
    // WeeklyHours is keyed by JavaScript's weekday number (0 is Sunday); DAY_CODES start on Monday.
    const ranges = (weekly[(i + 1) % 7] ?? [])
      .filter((r) => isTime(r.start) && isTime(r.end) && r.start < r.end)
      .toSorted((a, b) => a.start.localeCompare(b.start));
    if (ranges.length === 0) continue;
    const key = ranges.map((r) => `${r.start}-${r.end}`).join(",");
    const periods = groups.get(key) ?? ranges.map((r) => ({ days: [], opens: r.start, closes: r.end }));
    for (const period of periods) period.days.push(code);
    groups.set(key, periods);
  }
  const openingHours = [...groups.values()].flat();
  return { hours: describeOpeningPeriods(openingHours, at), openingHours };
}
