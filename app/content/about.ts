import type { Site } from "./site";

/** The about page (spec §2, About): story, four training cards, philosophy. */
export const aboutContent = (site: Site) =>
  ({
    hero: {
      eyebrow: "About",
      title: `Hello, I'm ${site.practitioner}`,
      intro: "Reiki Master, ZYTO practitioner, aromatherapy guide and songwriter.",
    },
    story: {
      title: "My Story",
      paragraphs: [
        "My path into healing began during a difficult season of my own life, when a friend invited me to my first Reiki session. I left feeling lighter and calmer than I had in years, and I wanted to understand why.",
        "That curiosity became a calling. I trained in Usui Reiki to Master level, then studied bioenergetic scanning, essential oils and the use of voice and song in meditation.",
        `Today I welcome clients in ${site.locality} and online across the UK and beyond. I also travel to sacred places, from the Carpathian mountains of Romania to Stonehenge and Glastonbury, and share what I learn in guides, songs and gatherings.`,
      ],
    },
    training: {
      title: "Training and Certifications",
      cards: [
        {
          title: "Usui Reiki Master",
          text: "Trained through Reiki Levels I, II and Master/Teacher in the Usui lineage.",
        },
        {
          title: "ZYTO Practitioner",
          text: "Trained in the use of ZYTO bioenergetic scanning technology and in reading its wellness reports.",
        },
        {
          title: "Aromatherapy and Essential Oils",
          text: "Studied the safe aromatic and topical use of essential oils and their place in daily self-care rituals.",
        },
        {
          title: "Sound and Sacred Song",
          text: "Years of voice work and songwriting for meditation, relaxation and group ceremonies.",
        },
      ],
    },
    philosophy: {
      title: "My Healing Philosophy",
      paragraphs: [
        "I believe each of us carries a deep capacity for balance. My role is not to fix you but to hold a calm, caring space in which you can rest, reflect and reconnect.",
        "I work gently and without judgement, and I always encourage you to keep seeing your GP and other healthcare professionals. Energy work and the other practices I offer are complementary: they support wellbeing alongside conventional care.",
      ],
    },
    buttons: {
      primary: { label: "Get in Touch", to: "/contact" },
      secondary: { label: "Explore Energy Healing", to: "/reiki" },
    },
  }) as const;
