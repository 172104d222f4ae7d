import type { Site } from "../site";
import type { LegalDocument } from "./legal-document";

/**
 * How testimonials are gathered and shown (DMCC Act 2024, Schedule 20, paragraphs 13 and 14: fake
 * reviews, and the steps a trader publishing reviews must take). Decision 050.
 */
export const reviewPolicy = (site: Site): LegalDocument => ({
  title: "Review Policy",
  description: `How ${site.brand} gathers, checks and publishes client testimonials.`,
  lastUpdated: "2026-11-25",
  sections: [
    {
      heading: "Who Can Leave a Testimonial",
      paragraphs: [
        "Only clients can: someone who has attended a Reiki session or ZYTO scan, or who has bought a digital guide or Digital Access. The website checks this before a testimonial is accepted, and a testimonial about Reiki or ZYTO needs a session of that kind to have taken place.",
        `${site.seller.legalName} never writes testimonials, and never asks anyone to write one for the practice.`,
      ],
    },
    {
      heading: "How Testimonials Are Checked",
      items: [
        "Every testimonial is read before it is published, and either approved or rejected. Each decision is recorded with who made it and when.",
        "Testimonials are published exactly as written: they are never edited, shortened or combined.",
        "Positive and negative testimonials are treated alike. One is rejected only if it is not about the service, is offensive or unlawful, names another person, includes someone's health details, or makes a medical claim that could mislead others (for example, that Reiki cured an illness).",
      ],
    },
    {
      heading: "What Is Shown",
      paragraphs: [
        "Each testimonial shows the client's first name and the date it was written. The newest approved testimonials are shown on the Reiki, ZYTO and home pages.",
      ],
    },
    {
      heading: "Incentives",
      paragraphs: [
        "We do not offer discounts, gifts or free sessions in return for testimonials. If a client was ever given something for writing one, it is shown beside their testimonial with a clear label.",
      ],
    },
    {
      heading: "Your Testimonial and Your Data",
      paragraphs: [
        `You can ask for your testimonial to be removed at any time by writing to ${site.email}. It is also removed if you close your account. See our Privacy Policy.`,
      ],
    },
  ],
});
