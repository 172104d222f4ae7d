/** Testimonials: what they are about, their life, and the words the pages use (decision 050). Pure. */
export const TESTIMONIAL_TOPICS = ["reiki", "zyto", "shop"] as const;
export type TestimonialTopic = (typeof TESTIMONIAL_TOPICS)[number];
/** `withdrawn`: approved, then taken off the site by her (a mistake, or the client asked). */
export const TESTIMONIAL_STATUSES = ["pending", "approved", "rejected", "withdrawn"] as const;
export type TestimonialStatus = (typeof TESTIMONIAL_STATUSES)[number];
export const TESTIMONIAL_ACTIONS = ["submitted", "approved", "rejected", "withdrawn"] as const;

export const topicLabel: Record<TestimonialTopic, string> = {
  reiki: "Reiki",
  zyto: "ZYTO scan",
  shop: "Digital guides and Digital Access",
};

export const TESTIMONIAL_LIMITS = { bodyMin: 20, bodyMax: 1500 } as const;

/** The label shown beside a testimonial whose writer was given something for it. */
export const INCENTIVE_LABEL = "The writer was given something in return for this review.";

export const testimonialMessages = {
  notEligible:
    "Only clients who have bought from the shop or attended a session can leave a testimonial. Thank you for your interest.",
  ownerCannotWrite: "Testimonials come from clients: the practitioner cannot write one.",
  alreadyPending: "Your last testimonial is still waiting to be read. You can write another once it has been.",
  thanks: "Thank you. Your testimonial will appear once it has been read.",
} as const;

/** A published testimonial as pages show it: the first name and the date, never more of the person. */
export type PublishedTestimonial = {
  id: string;
  firstName: string;
  body: string;
  topic: TestimonialTopic;
  writtenAt: string;
  incentivised: boolean;
};
