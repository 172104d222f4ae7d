import { z } from "~/lib/zod";
import { isDiaryInstant } from "~/lib/zoned-time";

/**
 * A time chosen from those offered, as the booking forms send it: an ISO instant on a date the diary
 * can hold (anything else is refused with `message`, never reaching the date arithmetic), as a Date.
 */
export const chosenTime = (message = "Choose a time.") =>
  z.iso
    .datetime({ error: message })
    .refine(isDiaryInstant, message)
    .transform((value) => new Date(value));
