import { Fragment } from "react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { WEEKDAY_NAMES } from "../availability-form";
import type { TimeRange, WeeklyHours } from "../generate-slots";

/** The availability form's values, as the diary loads them. */
export type AvailabilityValues = {
  weekly: WeeklyHours;
  exceptionsText: string;
  bufferMinutes: number;
  noticeHours: number;
  horizonDays: number;
};

const input = "mt-1 w-full rounded-lg border border-plum-200 p-2";

/** The two ends of a day's hours: field name prefix, the words a screen reader hears, and the default. */
const HOURS_ENDS = [
  { part: "start", word: "from", fallback: "09:00" },
  { part: "end", word: "to", fallback: "18:00" },
] as const;

/** The three numbers under the hours: field name, label and bounds (availability-form.ts checks them again). */
const SETTINGS = [
  { name: "buffer", label: "Buffer between sessions (minutes)", min: 0, max: 240, value: "bufferMinutes" },
  { name: "notice", label: "Minimum notice (hours)", min: 0, max: 720, value: "noticeHours" },
  { name: "horizon", label: "Book how far ahead (days)", min: 1, max: 365, value: "horizonDays" },
] as const;

/** The practitioner's weekly hours, exceptions and booking rules, saved together. */
export function AvailabilityEditor({ availability, busy }: { availability: AvailabilityValues; busy: boolean }) {
  return (
    <section id="availability" className={cardClass("mt-8 scroll-mt-24 p-5")} aria-labelledby="availability-heading">
      <h2 id="availability-heading" className="text-2xl">
        Availability
      </h2>
      <p className="mt-1 text-sm text-muted">All times are UK time (Europe/London).</p>
      <Form method="post" className="mt-4 space-y-4">
        <fieldset>
          <legend className="font-semibold">Weekly hours</legend>
          <div className="mt-2 space-y-2">
            {WEEKDAY_NAMES.map((name, day) => (
              <WeeklyHoursRow key={name} name={name} day={day} range={availability.weekly[day]?.[0]} />
            ))}
          </div>
        </fieldset>
        <label className="block text-sm font-semibold">
          Exceptions (one a line: "2026-12-24 closed" or "2026-12-27 10:00-14:00")
          <textarea name="exceptions" rows={4} defaultValue={availability.exceptionsText} className={input} />
        </label>
        <div className="grid gap-3 sm:grid-cols-3">
          {SETTINGS.map((setting) => (
            <label key={setting.name} className="text-sm font-semibold">
              {setting.label}
              <input
                type="number"
                name={setting.name}
                min={setting.min}
                max={setting.max}
                defaultValue={availability[setting.value]}
                className={input}
              />
            </label>
          ))}
        </div>
        <button type="submit" name="intent" value="availability" className={buttonClass("primary")} disabled={busy}>
          Save availability
        </button>
      </Form>
    </section>
  );
}

/** One weekday: open or closed, and its hours (the first range; the form edits one range a day). */
function WeeklyHoursRow({ name, day, range }: { name: string; day: number; range: TimeRange | undefined }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <label className="flex w-full items-center gap-2 sm:w-32">
        <input type="checkbox" name={`open-${day}`} defaultChecked={Boolean(range)} className="size-5" />
        {name}
      </label>
      {HOURS_ENDS.map((end, index) => (
        <Fragment key={end.part}>
          {index > 0 ? <span aria-hidden="true">to</span> : null}
          <label className="text-sm">
            <span className="sr-only">
              {name} {end.word}
            </span>
            <input
              type="time"
              name={`${end.part}-${day}`}
              defaultValue={range?.[end.part] ?? end.fallback}
              className="rounded-lg border border-plum-200 p-1.5"
            />
          </label>
        </Fragment>
      ))}
    </div>
  );
}
