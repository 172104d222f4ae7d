import { sanitiseText } from "~/lib/sanitise-text";
import { z } from "~/lib/zod";
import { isDate } from "~/lib/zoned-time";
import { BOOKING_LIMITS, PLACES } from "./booking-model";
import { chosenTime } from "./chosen-time";

/**
 * The booking page's form as the server reads it (`routes/book.tsx`): a new booking, a move, a
 * package's session, and the waiting list of a full day. Nothing the browser sends is trusted beyond
 * these shapes; every rule is the booking feature's own.
 */
export const bookingIdSchema = z.uuid();

export const bookingFormSchema = z.object({
  start: chosenTime(),
  place: z.enum(PLACES).default("in_person"),
  note: z
    .string()
    .max(BOOKING_LIMITS.noteLength)
    .default("")
    .transform((note) => sanitiseText(note).trim()),
  express: z.literal("on").optional(),
  reschedule: bookingIdSchema.optional(),
  package: bookingIdSchema.optional(),
  zone: z.string().max(64).optional(),
  disclaimer: z.literal("on").optional(),
  voucher: z.string().trim().max(40).optional(),
});

export const waitFormSchema = z.object({
  intent: z.enum(["waitlist", "leave-waitlist"]),
  day: z.string().refine(isDate),
});
