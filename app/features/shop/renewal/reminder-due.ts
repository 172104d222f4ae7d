/**
 * When a Digital Access member is owed a renewal reminder (DMCC Act 2024, as decision 050 reads it):
 * before the first renewal that falls six months or more after they joined, then before the first
 * renewal six months or more after the last one they were reminded of; sent in the week before it.
 * Pure: dates in, a yes or no out.
 */
import { RENEWAL_REMINDER } from "../subscription-terms";

const DAY_MS = 86_400_000;

/** `months` calendar months after `from` (UTC), clamped to the month's last day (31 Jan + 1 = 28/29 Feb). */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export function reminderDue(input: {
  renewsAt: Date;
  memberSince: Date;
  /** The renewal the member was last reminded of, if any. */
  lastReminded: Date | null;
  now: Date;
}): boolean {
  const { renewsAt, memberSince, lastReminded, now } = input;
  if (renewsAt <= now) return false;
  if (renewsAt.getTime() - now.getTime() > RENEWAL_REMINDER.daysBefore * DAY_MS) return false;
  const anchor = lastReminded ?? memberSince;
  // A day's slack: a provider's period ends at a time of day that drifts a little from month to month.
  return renewsAt.getTime() >= addMonths(anchor, RENEWAL_REMINDER.everyMonths).getTime() - DAY_MS;
}
