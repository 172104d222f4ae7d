import { dateFormat } from "~/lib/date-format";

/**
 * How an event's time reads on the site: "Saturday 14 March 2027, 7pm", UK time. Apart from the form's
 * schema and its conversions (event-schema.ts), as the pages that show events load this in the browser
 * and need neither zod nor the booking's clock (issue 12, item 4).
 */

/** "Saturday 14 March 2027, 7pm" in UK time. */
export function formatEventTime(instant: Date | string): string {
  const when = new Date(instant);
  const day = dateFormat("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/London",
  })
    .format(when)
    .replace(/^(\w+),/, "$1");
  const time = dateFormat("en-GB", { hour: "numeric", minute: "2-digit", hour12: true, timeZone: "Europe/London" })
    .format(when)
    .replace(":00", "")
    .replace(/\s/g, "");
  return `${day}, ${time}`;
}
