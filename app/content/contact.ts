import { policyTerms } from "./policies";
import type { Site } from "./site";

/** The contact page (spec §2, Contact). FAQs live in faqs.ts. */
export const contactContent = (site: Site) =>
  ({
    hero: {
      eyebrow: "Contact",
      title: "Get in Touch",
      intro: "Book a session, ask a question or simply say hello.",
    },
    cards: {
      email: { title: "Email", text: site.email },
      messaging: { title: "WhatsApp", text: site.messagingDisplay },
      hours: { title: "Opening Hours", text: site.hours },
      // Her street address once she has saved one; the town until then.
      location: { title: "Location", text: site.postalAddress || site.city },
    },
    message: {
      title: "Send a Message",
      text: "Tell me a little about what you are looking for and when you are free. Your e-mail app will open with a new message.",
      button: "Send Message",
      subject: `Enquiry from the ${site.brand} website`,
      promise: policyTerms.replyPromise,
    },
    social: { title: "Follow Along", text: "Photos, songs and event news." },
    faqs: { title: "Frequently Asked Questions" },
  }) as const;
