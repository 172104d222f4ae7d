/**
 * The diary's listing laid out by London day for a view: each day's sessions, holds and blocks in
 * time order, with their times already written in UK time (the browser's zone never enters). Pure.
 */
import { addDays, zonedDate, zonedTime } from "~/lib/zoned-time";
import type { Place } from "./booking-model";
import { type DiaryRange, dayTitle, shortDay } from "./diary-range";

export type DiarySessionItem = {
  kind: "session";
  id: string;
  time: string;
  serviceTitle: string;
  place: Place;
  status: "held" | "confirmed" | "cancelled" | "released" | "refused";
  attendance: "attended" | "no_show" | null;
  note: string;
  amountCents: number;
  refundCents: number | null;
  /** Of its refund, what went back to a gift voucher; and what a refund now would give back to one. */
  refundVoucherCents: number;
  voucherLeftCents: number;
  fromPackage: boolean;
  started: boolean;
  client: { id: string; name: string; email: string };
  direct: { priceCents: number; paid: boolean } | null;
};
export type DiaryHoldItem = { kind: "hold"; id: string; time: string; serviceTitle: string; until: string };
export type DiaryBlockItem = { kind: "block"; id: string; time: string; note: string };
export type DiaryItem = DiarySessionItem | DiaryHoldItem | DiaryBlockItem;

export type DiaryDayView = {
  date: string;
  label: string;
  title: string;
  isToday: boolean;
  /** In a month view, whether the day belongs to the month (the weeks around it are shown too). */
  inMonth: boolean;
  items: DiaryItem[];
};

type Listing = {
  sessions: (Omit<DiarySessionItem, "kind" | "time"> & { startsAt: string; endsAt: string })[];
  holds: { id: string; serviceTitle: string; startsAt: string; endsAt: string; until: string }[];
  blocks: { id: string; startsAt: string; endsAt: string; note: string }[];
};

const span = (start: Date, end: Date) => `${zonedTime(start)}-${zonedTime(end)}`;

export function arrangeDiary(range: DiaryRange, listing: Listing, today: string): DiaryDayView[] {
  const byDay = new Map<string, { at: number; item: DiaryItem }[]>(range.days.map((d) => [d, []]));
  const put = (date: string, at: number, item: DiaryItem) => byDay.get(date)?.push({ at, item });
  for (const s of listing.sessions) {
    const start = new Date(s.startsAt);
    const { startsAt: _s, endsAt: _e, ...rest } = s;
    put(zonedDate(start), start.getTime(), { kind: "session", ...rest, time: span(start, new Date(s.endsAt)) });
  }
  for (const h of listing.holds) {
    const start = new Date(h.startsAt);
    put(zonedDate(start), start.getTime(), {
      kind: "hold",
      id: h.id,
      serviceTitle: h.serviceTitle,
      time: span(start, new Date(h.endsAt)),
      until: zonedTime(new Date(h.until)),
    });
  }
  // A block over several days shows on each, with that day's part of it.
  for (const b of listing.blocks) {
    const start = new Date(b.startsAt);
    const end = new Date(b.endsAt);
    const last = zonedDate(new Date(end.getTime() - 1));
    for (let date = zonedDate(start); date <= last; date = addDays(date, 1)) {
      const from = date === zonedDate(start) ? zonedTime(start) : "00:00";
      const to = date === last && zonedDate(end) === date ? zonedTime(end) : "24:00";
      put(date, date === zonedDate(start) ? start.getTime() : 0, {
        kind: "block",
        id: b.id,
        note: b.note,
        time: `${from}-${to}`,
      });
    }
  }
  const month = range.date.slice(0, 7);
  return range.days.map((date) => ({
    date,
    label: shortDay(date),
    title: dayTitle(date),
    isToday: date === today,
    inMonth: range.view !== "month" || date.startsWith(month),
    items: (byDay.get(date) ?? []).sort((a, b) => a.at - b.at).map((entry) => entry.item),
  }));
}
