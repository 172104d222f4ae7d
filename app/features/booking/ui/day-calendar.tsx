import { useRef } from "react";
import { Link } from "react-router";
import { dateFormat } from "~/lib/date-format";
import { addDays, weekdayOf } from "~/lib/zoned-time";

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const noon = (date: string) => new Date(`${date}T12:00:00Z`);
const longDay = (date: string) =>
  dateFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(noon(date));
const shortMonth = (date: string) => dateFormat("en-GB", { month: "short", timeZone: "UTC" }).format(noon(date));
const shortDay = (date: string) => `${Number(date.slice(8))} ${shortMonth(date)}`;
const weekdayName = (date: string) => dateFormat("en-GB", { weekday: "long", timeZone: "UTC" }).format(noon(date));

/**
 * The days a session can be booked on, as a table of weeks: one Tab stop, the arrow keys move by a
 * day or a week (days without free times are skipped over by focus but keep their place), Home/End
 * to the week's ends, Enter opens the day. A fully booked day stays a link, to its waiting list. Each day is a link, so it also works before the page's
 * script has started.
 */
export function DayCalendar({
  days,
  selected,
  hrefFor,
}: {
  /** `full`: open that day, every time taken (a client may wait for one, decision 047). */
  days: { date: string; free: number; full?: boolean }[];
  selected: string;
  hrefFor(date: string): string;
}) {
  const grid = useRef<HTMLTableElement>(null);
  if (days.length === 0) return null;
  const first = days[0]?.date as string;
  // Weeks start on Monday: pad the first week with the days before today.
  const lead = (weekdayOf(first) + 6) % 7;
  const cells: ({ date: string; free: number; full?: boolean } | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...days,
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
  const focusable = days.some((d) => d.date === selected && (d.free > 0 || d.full))
    ? selected
    : (days.find((d) => d.free > 0)?.date ?? "");

  function onKeyDown(event: React.KeyboardEvent<HTMLTableElement>) {
    const current = (event.target as HTMLElement).closest<HTMLElement>("[data-date]")?.dataset.date;
    if (!current) return;
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    let target: string | null = null;
    if (event.key in moves) target = addDays(current, moves[event.key] as number);
    if (event.key === "Home") target = addDays(current, -((weekdayOf(current) + 6) % 7));
    if (event.key === "End") target = addDays(current, 6 - ((weekdayOf(current) + 6) % 7));
    if (!target) return;
    event.preventDefault();
    // Days without free times cannot take focus: keep going in the same direction to the next one.
    let element = grid.current?.querySelector<HTMLElement>(`a[data-date="${target}"]`);
    const step = event.key in moves ? (moves[event.key] as number) : 0;
    for (let tries = 0; !element && step !== 0 && tries < 70; tries++) {
      target = addDays(target, step);
      element = grid.current?.querySelector<HTMLElement>(`a[data-date="${target}"]`);
    }
    if (!element) return;
    for (const other of grid.current?.querySelectorAll<HTMLElement>("a[data-date]") ?? []) other.tabIndex = -1;
    element.tabIndex = 0;
    element.focus();
  }

  return (
    <table
      ref={grid}
      aria-label="Choose a day"
      className="w-full table-fixed border-separate border-spacing-1"
      onKeyDown={onKeyDown}
    >
      <thead>
        <tr>
          {WEEKDAYS.map((day) => (
            <th key={day} scope="col" className="text-xs font-semibold text-muted">
              {day}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week.find(Boolean)?.date}>
            {week.map((day, i) =>
              day ? (
                <td key={day.date}>
                  {day.free > 0 || day.full ? (
                    <Link
                      to={hrefFor(day.date)}
                      preventScrollReset
                      data-date={day.date}
                      tabIndex={day.date === focusable ? 0 : -1}
                      aria-current={day.date === selected ? "date" : undefined}
                      // WCAG 2.5.3: the name starts with the words on the button ("27 Nov"), then says more.
                      aria-label={`${shortDay(day.date)}, ${weekdayName(day.date)}, ${
                        day.free > 0 ? `${day.free} ${day.free === 1 ? "time" : "times"} free` : "fully booked"
                      }`}
                      className={`flex min-h-11 flex-col items-center justify-center rounded-lg border text-sm font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum-700 ${
                        day.date === selected
                          ? "border-plum-700 bg-plum-700 text-white"
                          : day.free > 0
                            ? "border-plum-200 bg-white text-plum-900 hover:bg-plum-100"
                            : "border-dashed border-plum-200 bg-cream text-muted line-through hover:bg-plum-100"
                      }`}
                    >
                      <span>{Number(day.date.slice(8))}</span>{" "}
                      <span className="text-[0.65rem] font-normal">{shortMonth(day.date)}</span>
                    </Link>
                  ) : (
                    <span
                      data-date={day.date}
                      className="flex min-h-11 flex-col items-center justify-center rounded-lg text-sm text-muted"
                    >
                      <span aria-hidden="true">{Number(day.date.slice(8))}</span>
                      <span aria-hidden="true" className="text-[0.65rem]">
                        {shortMonth(day.date)}
                      </span>
                      <span className="sr-only">{longDay(day.date)}, no times free</span>
                    </span>
                  )}
                </td>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: padding cells have no identity
                <td key={`pad-${i}`} aria-hidden="true" />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
