import type { Site } from "./site";

/** The home page (spec §2, Home). */
export const homeContent = (site: Site) =>
  ({
    hero: {
      eyebrow: "Holistic wellness in the UK",
      title: "Awaken Your Inner Light",
      intro:
        "Reiki energy healing, ZYTO bioenergetic scans, aromatherapy and sacred song: gentle practices for relaxation, balance and everyday wellbeing.",
      primary: { label: "Begin Your Journey", to: "/about" },
      secondary: { label: "Explore Offerings", target: "offerings" },
    },
    offerings: {
      id: "offerings",
      title: "Sacred Offerings",
      intro: "Four ways to begin, in person, at a distance or at your own pace at home.",
      cards: [
        {
          title: "Reiki Energy Healing",
          text: "Calm, restful sessions in person or at a distance, to help you relax and reconnect with yourself.",
          to: "/reiki",
          cta: "Explore Reiki",
          icon: "hands",
        },
        {
          title: "Healing Guides",
          text: "Downloadable guides and courses on meditation, chakras and self-care rituals to use at home.",
          to: "/healing-guides",
          cta: "Browse Guides",
          icon: "book",
        },
        {
          title: "ZYTO Bioenergetic Scan",
          text: "A non-invasive scan that offers wellness insights and a personal report to guide your choices.",
          to: "/zyto",
          cta: "Discover ZYTO",
          icon: "scan",
        },
        {
          title: "Sacred Stories",
          text: "Video stories and courses sharing wisdom from sacred sites and years of practice.",
          to: "/stories",
          cta: "Read the Stories",
          icon: "star",
        },
      ],
    },
    introduction: {
      title: `Meet ${site.practitioner}`,
      paragraphs: [
        `I'm ${site.practitioner}, a Reiki Master and holistic wellness practitioner based in ${site.locality}. For more than a decade I have guided people towards moments of stillness, balance and joy.`,
        "My work brings together energy healing, bioenergetic scanning, the gentle support of essential oils and the vibration of sacred song. Every session is unhurried and shaped around you.",
        "These practices support relaxation and wellbeing. They complement, and never replace, the care of your GP or other healthcare professionals.",
      ],
      link: { label: "Read My Story", to: "/about" },
    },
    /** A first session in three steps: the way in, shown as a path rather than more cards. */
    steps: {
      title: "How to Begin",
      items: [
        {
          title: "Choose",
          text: `Pick a Reiki session or a ZYTO scan, in person in ${site.locality} or at a distance from home.`,
        },
        {
          title: "Book",
          text: "Book a time that suits you, or write to me first with any questions.",
        },
        {
          title: "Rest",
          text: "Come as you are. Every session is unhurried, and you leave with simple aftercare.",
        },
      ],
    },
    callToAction: {
      title: "Ready to Begin?",
      text: "Book a session or start with a guide you can use at home today.",
      primary: { label: "Book a Session", to: "/contact" },
      secondary: { label: "Browse Healing Guides", to: "/healing-guides" },
    },
  }) as const;
