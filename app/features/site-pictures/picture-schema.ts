import { z } from "~/lib/zod";
import { pictureMessages, pictureSlotIds } from "./picture-slots";

/** A place's form: which place, her upload (none when only the description changes) and its alt text. */
export const pictureFormSchema = z.object({
  slot: z.enum(pictureSlotIds as [string, ...string[]], { message: pictureMessages.unknownSlot }),
  upload: z.union([z.literal("").transform(() => null), z.uuid({ message: pictureMessages.uploadGone })]),
  alt: z
    .string()
    .trim()
    .min(1, { message: pictureMessages.altRequired })
    .max(200, { message: pictureMessages.altTooLong }),
});

export const pictureSlotSchema = z.object({
  slot: z.enum(pictureSlotIds as [string, ...string[]], { message: pictureMessages.unknownSlot }),
});
