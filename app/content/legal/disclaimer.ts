import { wellnessDisclaimer } from "../policies";
import type { Site } from "../site";
import type { LegalDocument } from "./legal-document";

export const disclaimer = (site: Site): LegalDocument => ({
  title: "Disclaimer",
  description: "Important information about the nature of our wellness services.",
  lastUpdated: "2026-11-22",
  sections: [
    {
      heading: "Medical Disclaimer",
      paragraphs: [
        wellnessDisclaimer,
        "Nothing on this website, in a session, in a report or in a digital product is medical advice. Always consult your GP or another qualified healthcare professional about any health concern, and never stop, delay or change prescribed treatment because of anything you read or experience here.",
      ],
    },
    {
      heading: "Nature of Our Services",
      paragraphs: [
        "Reiki, bioenergetic scanning, aromatherapy and sacred song are complementary practices. They are offered to support relaxation and general wellbeing. Experiences differ from person to person and no particular outcome is promised.",
      ],
    },
    {
      heading: "ZYTO Scanning",
      paragraphs: [
        "The ZYTO device is cleared only for measuring skin conductance (galvanic skin response). Scan results are wellness insights, not a diagnosis, and are not intended to diagnose, treat, cure or prevent any disease or condition.",
        "The scan is non-invasive and is described as safe for all ages, including pregnant people and pacemaker users.",
      ],
    },
    {
      heading: "Essential Oils",
      paragraphs: [
        "Essential oils are sold by a third-party brand, not by us, and should be used as the label directs. Dilute before applying to skin, patch test first, keep away from eyes, children and pets, and seek professional advice before use if you are pregnant, breastfeeding, have a medical condition or take medication. We may earn a commission when you buy through our referral link.",
      ],
    },
    {
      heading: "Emergencies",
      paragraphs: [
        "Our services are not for emergencies. If you are unwell and need help, call NHS 111 or your GP. In an emergency, call 999.",
      ],
    },
    {
      heading: "External Links",
      paragraphs: [
        "We link to other websites, such as the oil shop, YouTube and social media. We are not responsible for their content or their privacy practices.",
      ],
    },
    {
      heading: "Governing Law",
      paragraphs: [
        `This disclaimer is governed by the law of England and Wales, and the courts of England and Wales have jurisdiction. Questions: ${site.email}.`,
      ],
    },
  ],
});
