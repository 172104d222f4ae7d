/**
 * Which London dates a diary view covers: a day, a week (Monday to Sunday) or a month (the whole
 * weeks around it, as a wall calendar shows). Any date, past or future: the diary has no horizon.
 * Pure, shared by the loader and the page.
 */

import { dateFormat } from "~/lib/date-format";
import { addDays, isDate, weekdayOf } from "~/lib/zoned-time";

export const DIARY_VIEWS = ["day", "week", "month"] as const;
export type DiaryView = (typeof DIARY_VIEWS)[number];

export type DiaryRange = {
  view: DiaryView;
  /** The date the view is about (kept when switching views). */
  date: string;
  /** First London date shown, and the day after the last. */
  from: string;
  to: string;
  days: string[];
  previous: string;
  next: string;
  title: string;
};

const format = (date: string, options: Intl.DateTimeFormatOptions) =>
  dateFormat("en-GB", { timeZone: "UTC", ...options }).format(new Date(`${date}T12:00:00Z`));

export const dayTitle = (date: string) =>
  format(date, { weekday: "long", day: "numeric", month: "long", year: "numeric" });
export const shortDay = (date: string) => format(date, { weekday: "short", day: "numeric", month: "short" });

/** The Monday of a date's week. */
export const mondayOf = (date: string) => addDays(date, -((weekdayOf(date) + 6) % 7));

const addMonths = (date: string, months: number) => {
  const [y, m] = date.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 10);
};

/** Years the diary opens on: far enough for any practice's history and plans, a guard on silly input. */
const EARLIEST = "2000-01-01";
const LATEST = "2100-12-31";

export function diaryRange(view: DiaryView, date: string): DiaryRange {
  if (view === "day") {
    return {
      view,
      date,
      from: date,
      to: addDays(date, 1),
      days: [date],
      previous: addDays(date, -1),
      next: addDays(date, 1),
      title: dayTitle(date),
    };
  }
  if (view === "week") {
    const from = mondayOf(date);
    const days = Array.from({ length: 7 }, (_, i) => addDays(from, i));
    const last = days[6] as string;
    return {
      view,
      date,
      from,
      to: addDays(from, 7),
      days,
      previous: addDays(date, -7),
      next: addDays(date, 7),
      title: `${format(from, { day: "numeric", month: "short" })} to ${format(last, { day: "numeric", month: "short", year: "numeric" })}`,
    };
  }
  const first = `${date.slice(0, 7)}-01`;
  const nextMonth = addMonths(first, 1);
  const from = mondayOf(first);
  const to = addDays(mondayOf(addDays(nextMonth, -1)), 7);
  const days: string[] = [];
  for (let d = from; d < to; d = addDays(d, 1)) days.push(d);
  return {
    view,
    date,
    from,
    to,
    days,
    previous: addMonths(first, -1),
    next: nextMonth,
    title: format(first, { month: "long", year: "numeric" }),
  };
}

/** A view and date from the address, or today's week: anything unreadable falls back, never fails. */
export function readDiaryQuery(params: URLSearchParams, today: string): DiaryRange {
  const view = DIARY_VIEWS.find((v) => v === params.get("view")) ?? "week";
  const asked = params.get("date") ?? "";
  const date = isDate(asked) && asked >= EARLIEST && asked <= LATEST ? asked : today;
  return diaryRange(view, date);
}
