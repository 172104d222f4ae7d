import { sanitiseText } from "~/lib/sanitise-text";
import { z } from "~/lib/zod";
import { zonedDate, zonedInstant, zonedTime } from "~/lib/zoned-time";

/**
 * An event the owner announces (issue 15, item 2), as the admin form posts it. The date and time are
 * typed in UK time and stored as the UTC instant they name (`londonToUtc`); the page shows them in UK
 * time again, whatever the visitor's or the server's zone.
 */
export const eventMessages = {
  title: "Title is required (at most 200 characters).",
  date: "Date must be a date such as 2027-03-14.",
  time: "Time must be a time such as 19:00.",
  place: "Place is required unless the event is online (at most 200 characters).",
  description: "Description must be at most 2000 characters.",
  bookingUrl: "Booking link must be a full https:// address.",
  uploadGone: "The uploaded image was not found. Please upload it again.",
  saved: "Event saved.",
  deleted: "Event removed.",
  notFound: "That event no longer exists.",
  invalid: "Please correct the highlighted fields.",
} as const;

const plain = (max: number, message: string) =>
  z
    .string()
    .transform((value) => sanitiseText(value).trim())
    .pipe(z.string().max(max, message));

export const eventFormSchema = z
  .object({
    title: plain(200, eventMessages.title).pipe(z.string().min(1, eventMessages.title)),
    date: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, eventMessages.date)
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), eventMessages.date),
    time: z
      .string()
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, eventMessages.time),
    online: z.boolean(),
    place: plain(200, eventMessages.place),
    description: plain(2000, eventMessages.description),
    bookingUrl: z
      .string()
      .trim()
      .max(500, eventMessages.bookingUrl)
      .refine((value) => {
        if (value === "") return true;
        try {
          const url = new URL(value);
          return url.protocol === "https:" && url.hostname.includes(".") && !/[<>"'\s]/.test(value);
        } catch {
          return false;
        }
      }, eventMessages.bookingUrl),
    /** A photo upload to attach (its id), or "" to keep the image the event has. */
    upload: z.union([z.literal(""), z.uuid(eventMessages.uploadGone)]).default(""),
    removeImage: z.boolean().default(false),
  })
  .refine((e) => e.online || e.place.length > 0, { message: eventMessages.place, path: ["place"] });

export type EventForm = z.output<typeof eventFormSchema>;
export type EventField = keyof EventForm;

export type EventInput = {
  title: string;
  startsAt: Date;
  place: string | null;
  description: string;
  bookingUrl: string | null;
  /** A new image (a completed `photo` upload), `null` to drop the image, undefined to keep it. */
  image?: { uploadId: string } | null;
};

export function toEventInput(form: EventForm): EventInput {
  return {
    title: form.title,
    startsAt: londonToUtc(form.date, form.time),
    place: form.online ? null : form.place,
    description: form.description,
    bookingUrl: form.bookingUrl || null,
    ...(form.upload ? { image: { uploadId: form.upload } } : form.removeImage ? { image: null } : {}),
  };
}

export function eventFormFrom(data: FormData): Record<string, unknown> {
  const text = (name: string) => String(data.get(name) ?? "");
  return {
    title: text("title"),
    date: text("date"),
    time: text("time"),
    online: data.get("online") === "on",
    place: text("place"),
    description: text("description"),
    bookingUrl: text("bookingUrl"),
    upload: text("upload"),
    removeImage: data.get("removeImage") === "on",
  };
}

/**
 * The instant a UK wall-clock time names. In the autumn hour that happens twice the first (BST) one
 * is taken; a time in the spring gap, which never happens, is read as GMT (an hour later on the clock).
 */
export function londonToUtc(date: string, time: string): Date {
  const instant = zonedInstant(date, time);
  const hourBefore = new Date(instant.getTime() - 3_600_000);
  return zonedDate(hourBefore) === date && zonedTime(hourBefore) === time ? hourBefore : instant;
}

/** The form's date and time fields for a stored instant, in UK time. */
export function utcToLondonFields(instant: Date): { date: string; time: string } {
  return { date: zonedDate(instant), time: zonedTime(instant) };
}
