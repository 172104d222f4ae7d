import { dateFormat } from "./date-format";

/** Spec §2: day, long month, year, British format, read in the UK whoever opens the page. */
export function formatLongDate(value: Date | string): string {
  return dateFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/London",
  }).format(new Date(value));
}

/**
 * The last UK day of something that ends at the midnight after it (a package's sessions, a
 * voucher): that day, not the next one on which the end instant falls.
 */
export function formatLastDay(endsAt: Date | string): string {
  return formatLongDate(new Date(new Date(endsAt).getTime() - 1));
}

/** Midnight in the UK on the first of this month (GMT or BST), as an instant. */
export function startOfUkMonth(now = new Date()): Date {
  const [year, month] = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/London",
    year: "numeric",
    month: "2-digit",
  })
    .format(now)
    .split("-")
    .map(Number);
  const utcMidnight = Date.UTC(year as number, (month as number) - 1, 1);
  const ukHour = Number(
    new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", hourCycle: "h23" }).format(
      utcMidnight,
    ),
  );
  return new Date(utcMidnight - ukHour * 3_600_000);
}
