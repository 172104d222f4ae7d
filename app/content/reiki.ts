import { policyTerms } from "./policies";

/** The energy healing page (spec §2, Energy healing). Packages live in sessions.ts. */
export const reikiContent = {
  hero: {
    eyebrow: "Energy Healing",
    title: "Reiki Energy Healing",
    intro:
      "Reiki is a gentle Japanese relaxation practice. In a calm, quiet space, light touch or distance work invites deep rest and a sense of balance.",
    primary: { label: "View Packages", target: "packages" },
    // To the booking calendar of a single session (issue 24, item 7), not to /contact.
    secondary: { label: "Book a Session", to: "/book/one-on-one" },
  },
  about: {
    title: "What to Expect",
    paragraphs: [
      "You stay fully clothed, lying or sitting comfortably. I place my hands lightly on or just above the body, or work at a distance if you are at home. Many people simply feel warm, calm and deeply relaxed.",
      "Sessions in person take place in a peaceful room; distance sessions happen at an agreed time while you rest wherever you feel comfortable.",
    ],
  },
  packages: {
    id: "packages",
    title: "Session Packages",
    intro: "Choose a single session or a journey of regular support.",
    bookLabel: "Book This Package",
    terms: [
      policyTerms.cancellationFullRefund,
      policyTerms.lateCancellationFee,
      policyTerms.cancellationPeriod,
      policyTerms.refundProcessing,
    ],
  },
  aftercare: {
    title: "After Your Session",
    intro: "A few simple things help you make the most of the calm you feel:",
    items: [
      "Drink plenty of water through the rest of the day.",
      "Rest if you can, and keep the evening gentle.",
      "Spend a little time outdoors or in quiet reflection.",
      "Notice how you feel and jot down anything that comes up.",
      "Eat light, nourishing meals and go easy on caffeine and alcohol.",
    ],
  },
  support: {
    title: "Support Between Sessions",
    text: "You are never on your own between sessions. Send me a message by e-mail or WhatsApp and I will reply within 24 hours.",
  },
  nextStep: {
    title: "Ready When You Are",
    text: "Book a session, or write to me first with any questions.",
  },
} as const;
