import { addDays, zonedDate, zonedInstant } from "~/lib/zoned-time";
import type { Place, ReminderKind } from "./booking-model";

/**
 * The reminders a confirmed session gets, and when. `day_before` (the name is in the database) is the
 * reminder 24 hours before, for every session. `distance_evening` is the distance session's own e-mail
 * on how it works, at 18:00 London on the day before: an evening to get ready, whatever time of day the
 * session is. It is left out when that time has passed already (a late booking's confirmation said how
 * it works) or falls within two hours of the 24-hour reminder (a session starting 16:00-20:00), which
 * carries the same paragraph: two e-mails in one hour would be noise.
 */
export const REMINDER_TIMING = {
  beforeHours: 24,
  distanceEveningTime: "18:00",
  /** The evening e-mail is dropped when it would come this close to the 24-hour reminder. */
  distanceMinGapHours: 2,
} as const;

const HOUR = 3_600_000;

export function reminderSchedule(
  session: { startsAt: Date; place: Place },
  now: Date,
): { kind: ReminderKind; dueAt: Date }[] {
  const dayBefore = new Date(session.startsAt.getTime() - REMINDER_TIMING.beforeHours * HOUR);
  const schedule: { kind: ReminderKind; dueAt: Date }[] = [{ kind: "day_before", dueAt: dayBefore }];
  if (session.place !== "distance") return schedule;
  const evening = zonedInstant(addDays(zonedDate(session.startsAt), -1), REMINDER_TIMING.distanceEveningTime);
  const tooClose = Math.abs(evening.getTime() - dayBefore.getTime()) < REMINDER_TIMING.distanceMinGapHours * HOUR;
  if (evening.getTime() > now.getTime() && !tooClose) schedule.push({ kind: "distance_evening", dueAt: evening });
  return schedule;
}
