import { z } from "~/lib/zod";
import { TESTIMONIAL_LIMITS, TESTIMONIAL_TOPICS } from "./model";

export const testimonialFormMessages = {
  topic: "Choose what your testimonial is about.",
  body: `Write between ${TESTIMONIAL_LIMITS.bodyMin} and ${TESTIMONIAL_LIMITS.bodyMax} characters.`,
  consent: "Please confirm that it is your own honest experience and may be published.",
} as const;

/** What a client sends: what it is about, their words, whether they were given anything, their consent. */
export const testimonialFormSchema = z.object({
  topic: z.enum(TESTIMONIAL_TOPICS, { error: testimonialFormMessages.topic }),
  body: z
    .string({ error: testimonialFormMessages.body })
    .trim()
    .min(TESTIMONIAL_LIMITS.bodyMin, testimonialFormMessages.body)
    .max(TESTIMONIAL_LIMITS.bodyMax, testimonialFormMessages.body),
  incentivised: z
    .literal("on")
    .optional()
    .transform((v) => v === "on"),
  consent: z.literal("on", { error: testimonialFormMessages.consent }),
});
export type TestimonialForm = z.output<typeof testimonialFormSchema>;

/** The first name a testimonial is published under: the first word of the account's name. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0]?.slice(0, 40) || "A client";
}
