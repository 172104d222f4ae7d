import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { formatAmount } from "~/lib/format-price";
import { refundRoute } from "~/lib/refund-split";
import type { DiaryDayView, DiaryItem, DiarySessionItem } from "../arrange-diary";
import { placeLabel } from "../booking-model";
import type { DiaryRange, DiaryView } from "../diary-range";

const VIEW_NAMES: Record<DiaryView, string> = { day: "Day", week: "Week", month: "Month" };
const href = (view: DiaryView, date: string) => `/admin/bookings?view=${view}&date=${date}`;

/** Day, week or month; earlier, today, later; and booking for a client. */
export function DiaryNavigation({ range, today }: { range: DiaryRange; today: string }) {
  return (
    <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
      <nav aria-label="Diary view" className="flex rounded-full border border-plum-200 bg-white p-1">
        {(["day", "week", "month"] as const).map((view) => (
          <Link
            key={view}
            to={href(view, range.date)}
            aria-current={range.view === view ? "page" : undefined}
            className={`min-h-11 rounded-full px-4 py-2.5 text-sm font-semibold ${
              range.view === view ? "bg-plum-700 text-white" : "text-plum-700 hover:bg-plum-50"
            }`}
          >
            {VIEW_NAMES[view]}
          </Link>
        ))}
      </nav>
      <div className="flex flex-wrap items-center gap-2">
        <Link to={href(range.view, range.previous)} className={buttonClass("secondary")}>
          <span aria-hidden="true">←</span>
          <span className="sr-only">Previous {range.view}</span>
        </Link>
        <Link to={href(range.view, today)} className={buttonClass("secondary")}>
          Today
        </Link>
        <Link to={href(range.view, range.next)} className={buttonClass("secondary")}>
          <span aria-hidden="true">→</span>
          <span className="sr-only">Next {range.view}</span>
        </Link>
        <Link
          to={`/admin/bookings/new?date=${range.view === "day" ? range.date : today}`}
          className={buttonClass("primary")}
        >
          Book for a client
        </Link>
      </div>
    </div>
  );
}

/** One line for an item in the week and month overviews; a session links to its day, where she acts on it. */
function ItemChip({ item, date, compact = false }: { item: DiaryItem; date: string; compact?: boolean }) {
  if (item.kind === "block") {
    return (
      // A long unbroken note (a link) wraps within its day rather than widening the whole diary.
      <li className="rounded-lg bg-sand px-2 py-1 text-xs text-ink [overflow-wrap:anywhere]">
        <span className="font-semibold">{item.time}</span> Blocked{item.note && !compact ? `: ${item.note}` : ""}
      </li>
    );
  }
  if (item.kind === "hold") {
    return (
      <li className="rounded-lg border border-dashed border-plum-200 px-2 py-1 text-xs text-muted">
        <span className="font-semibold">{item.time}</span> Held while a client pays
      </li>
    );
  }
  const cancelled = item.status === "cancelled";
  return (
    <li>
      <Link
        to={`${href("day", date)}#session-${item.id}`}
        className={`block rounded-lg px-2 py-1 text-xs ${
          cancelled ? "bg-white text-muted line-through" : "bg-plum-100 text-plum-900 hover:bg-plum-200"
        }`}
      >
        <span className="font-semibold">{item.time}</span> {item.client.name}
        {compact ? null : <span className="block">{item.serviceTitle}</span>}
        {cancelled ? <span className="sr-only"> (cancelled)</span> : null}
        {item.attendance ? <span className="no-underline"> · {attendanceLabel(item.attendance)}</span> : null}
      </Link>
    </li>
  );
}

const attendanceLabel = (a: "attended" | "no_show") => (a === "attended" ? "Attended" : "No-show");

/** Seven days side by side on a wide screen, one under another on a phone. */
export function WeekView({ days }: { days: DiaryDayView[] }) {
  return (
    <ol className="mt-6 grid gap-3 lg:grid-cols-7">
      {days.map((day) => (
        <li key={day.date} className={cardClass(`p-3 ${day.isToday ? "border-plum-500" : ""}`)}>
          <h2 className="font-sans text-sm font-semibold text-plum-900">
            <Link to={href("day", day.date)} className="hover:underline">
              {day.label}
              {day.isToday ? " (today)" : ""}
            </Link>
          </h2>
          {day.items.length === 0 ? (
            <p className="mt-1 text-xs text-muted">Nothing booked</p>
          ) : (
            <ul className="mt-2 space-y-1">
              {day.items.map((item) => (
                <ItemChip key={`${item.kind}-${item.id}`} item={item} date={day.date} />
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** A wall calendar: on a phone each day shows how many sessions it has; wider, their times and clients. */
export function MonthView({ days }: { days: DiaryDayView[] }) {
  return (
    <div className="mt-6">
      <div className="grid grid-cols-7 gap-1 text-center text-xs font-semibold text-muted" aria-hidden="true">
        {WEEKDAYS.map((d) => (
          <span key={d}>{d}</span>
        ))}
      </div>
      <ol className="mt-1 grid grid-cols-7 gap-1">
        {days.map((day) => {
          const sessions = day.items.filter((i) => i.kind === "session" && i.status === "confirmed").length;
          return (
            <li
              key={day.date}
              className={`min-h-16 rounded-lg border p-1 sm:min-h-28 ${day.inMonth ? "bg-white" : "bg-cream"} ${
                day.isToday ? "border-plum-500" : "border-plum-100"
              }`}
            >
              {/* The visible text starts the link's name (WCAG 2.5.3): "8", then what only a screen reader hears. */}
              <Link to={href("day", day.date)} className="block text-xs font-semibold text-plum-900 hover:underline">
                {Number(day.date.slice(8))}
                <span className="sr-only"> {day.title.replace(/^\S+ \d+ /, "")}, </span>
                {sessions > 0 ? (
                  <span className="ml-1 rounded-full bg-plum-700 px-1.5 text-white sm:hidden">{sessions}</span>
                ) : (
                  <span className="sr-only">no</span>
                )}
                <span className="sr-only">{sessions === 1 ? " session" : " sessions"}</span>
              </Link>
              <ul className="mt-1 hidden space-y-1 sm:block">
                {day.items.map((item) => (
                  <ItemChip key={`${item.kind}-${item.id}`} item={item} date={day.date} compact />
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** One day in full: every session with what she can do about it, holds and blocks between them. */
export function DayView({ day, busy }: { day: DiaryDayView; busy: boolean }) {
  return (
    <section className="mt-6" aria-labelledby="day-heading">
      <h2 id="day-heading" className="text-2xl">
        {day.title}
        {day.isToday ? " (today)" : ""}
      </h2>
      {day.items.length === 0 ? (
        <p className={cardClass("mt-4 p-8 text-center text-muted")}>Nothing booked on this day.</p>
      ) : (
        <ol className="mt-4 space-y-3">
          {day.items.map((item) =>
            item.kind === "session" ? (
              <SessionCard key={item.id} session={item} busy={busy} />
            ) : (
              <li
                key={`${item.kind}-${item.id}`}
                className={cardClass("flex flex-wrap items-center justify-between gap-2 p-4")}
              >
                <p className="min-w-0 text-sm [overflow-wrap:anywhere]">
                  <span className="font-semibold text-plum-900">{item.time}</span>{" "}
                  {item.kind === "hold"
                    ? `${item.serviceTitle}: held while a client pays, until ${item.until}`
                    : `Blocked${item.note ? `: ${item.note}` : ""}`}
                </p>
                {item.kind === "block" ? (
                  <Form method="post">
                    <input type="hidden" name="id" value={item.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="unblock"
                      className={buttonClass("quiet")}
                      disabled={busy}
                    >
                      Remove<span className="sr-only">: the block at {item.time}</span>
                    </button>
                  </Form>
                ) : null}
              </li>
            ),
          )}
        </ol>
      )}
    </section>
  );
}

function paymentLine(s: DiarySessionItem): string {
  if (s.direct) {
    return s.direct.paid
      ? `${formatAmount(s.direct.priceCents)} paid to you`
      : `${formatAmount(s.direct.priceCents)} to pay`;
  }
  return s.fromPackage ? `package session (${formatAmount(s.amountCents)})` : `paid ${formatAmount(s.amountCents)}`;
}

/** What cancelling gives back, said on the button's confirmation (decision 041; 045 for her own bookings). */
function cancelOutcome(s: DiarySessionItem): string {
  if (s.direct) return "Nothing was paid through the website; return anything paid to you directly.";
  if (s.fromPackage) return "The session goes back on the client's package; no money moves.";
  return `${formatAmount(s.amountCents)} is refunded in full${refundRoute(s.amountCents, s.voucherLeftCents)}.`;
}

function SessionCard({ session: s, busy }: { session: DiarySessionItem; busy: boolean }) {
  const who = `${s.client.name}, ${s.time}`;
  const live = s.status === "confirmed";
  return (
    <li id={`session-${s.id}`} className={cardClass("scroll-mt-24 p-4")}>
      <p className="font-semibold text-plum-900">
        {s.time} · {s.serviceTitle}
      </p>
      <p className="text-sm break-all">
        {s.client.name} · {s.client.email}
      </p>
      <p className="text-sm text-muted">
        {placeLabel(s.place)} · {paymentLine(s)}
        {s.status === "cancelled"
          ? ` · Cancelled${s.refundCents !== null ? `, ${formatAmount(s.refundCents)} refunded${refundRoute(s.refundCents, s.refundVoucherCents)}` : ""}`
          : ""}
        {s.attendance ? ` · ${attendanceLabel(s.attendance)}` : ""}
      </p>
      {s.note ? <p className="mt-1 text-sm whitespace-pre-line [overflow-wrap:anywhere]">Note: {s.note}</p> : null}
      {live ? (
        <div className="mt-3 flex flex-wrap items-start gap-2">
          {s.started ? (
            <>
              <SessionButton
                id={s.id}
                intent="attended"
                label="Attended"
                who={who}
                busy={busy}
                pressed={s.attendance === "attended"}
              />
              <SessionButton
                id={s.id}
                intent="no_show"
                label="No-show"
                who={who}
                busy={busy}
                pressed={s.attendance === "no_show"}
              />
            </>
          ) : (
            <Link to={`/admin/bookings/${s.id}/move`} className={buttonClass("secondary")}>
              Move<span className="sr-only">: {who}</span>
            </Link>
          )}
          {s.direct && !s.direct.paid ? (
            <SessionButton id={s.id} intent="paid" label="Mark paid" who={who} busy={busy} />
          ) : null}
          {s.attendance ? null : (
            <details className="w-full">
              <summary className={buttonClass("quiet", "cursor-pointer")}>
                Cancel…<span className="sr-only"> {who}</span>
              </summary>
              <Form method="post" className="mt-2 rounded-lg border border-plum-100 bg-plum-50 p-3">
                <input type="hidden" name="id" value={s.id} />
                <p className="text-sm">{cancelOutcome(s)}</p>
                <label className="mt-2 block text-sm font-semibold" htmlFor={`reason-${s.id}`}>
                  Message to {s.client.name} (optional, goes into the cancellation e-mail)
                </label>
                <textarea
                  id={`reason-${s.id}`}
                  name="reason"
                  maxLength={500}
                  rows={2}
                  className="mt-1 block w-full rounded-lg border border-plum-200 bg-white px-3 py-2"
                />
                <button
                  type="submit"
                  name="intent"
                  value="cancel"
                  className={buttonClass("primary", "mt-2")}
                  disabled={busy}
                >
                  Cancel the session<span className="sr-only">: {who}</span>
                </button>
              </Form>
            </details>
          )}
        </div>
      ) : null}
    </li>
  );
}

function SessionButton(props: {
  id: string;
  intent: "attended" | "no_show" | "paid";
  label: string;
  who: string;
  busy: boolean;
  /** Attendance already marked this way (she can still change her mind). */
  pressed?: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="id" value={props.id} />
      <button
        type="submit"
        name="intent"
        value={props.intent}
        aria-pressed={props.pressed ?? undefined}
        className={buttonClass(props.pressed ? "primary" : "secondary")}
        disabled={props.busy}
      >
        {props.label}
        <span className="sr-only">: {props.who}</span>
      </button>
    </Form>
  );
}
