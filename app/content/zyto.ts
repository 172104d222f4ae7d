/** The scanning page (spec §2, Scanning). Session prices live in sessions.ts. */
export const zytoContent = {
  hero: {
    eyebrow: "ZYTO Scan",
    title: "ZYTO Bioenergetic Scan",
    intro:
      "A quick, non-invasive scan that measures your skin's response to digital signals and turns it into wellness insights you can explore with me.",
    primary: { label: "View Sessions", target: "sessions" },
    secondary: { label: "How It Works", target: "process" },
  },
  process: {
    id: "process",
    title: "How the Scan Works",
    steps: [
      {
        title: "Connect",
        text: "You rest your hand on a small hand cradle connected to the computer. Nothing is attached to your body.",
      },
      {
        title: "Scan",
        text: "The device presents a series of digital signals and measures small changes in your skin's conductance.",
      },
      {
        title: "Report",
        text: "The software turns those readings into a clear PDF report for you to keep.",
      },
      {
        title: "Reflect",
        text: "We go through the report together and talk about the wellness choices that feel right for you.",
      },
    ],
  },
  video: {
    title: "Watch: What Is a ZYTO Scan?",
    description: "A short introduction to the scan and what a session looks like.",
  },
  benefits: {
    title: "Why People Enjoy a Scan",
    items: [
      { title: "Non-Invasive", text: "Just rest your hand on the cradle: no needles, no discomfort." },
      { title: "Quick", text: "The scan itself takes only a few minutes." },
      { title: "Personal Insights", text: "See a picture of your wellness responses on the day." },
      { title: "Take-Home Report", text: "Keep a PDF report to look back on and compare later." },
      { title: "Informed Choices", text: "Use the insights to guide your self-care and wellbeing routine." },
      { title: "Works with Other Practices", text: "Pairs naturally with Reiki and aromatherapy." },
    ],
  },
  sessions: {
    id: "sessions",
    title: "Scan Sessions",
    intro: "Choose the session that suits you. Every scan includes a PDF report.",
    scheduleLabel: "Schedule This Session",
  },
  importantNotes: {
    title: "Important Notes",
    items: [
      "The ZYTO device is cleared only for measuring skin conductance (galvanic skin response).",
      "A scan gives wellness insights, not medical advice. It does not diagnose, treat, cure or prevent any disease or medical condition.",
      "The scan is non-invasive and is described as safe for all ages, including pregnant people and pacemaker users.",
      "Always speak to your GP or another qualified healthcare professional about any health concern, and never stop or change prescribed treatment because of a scan.",
    ],
  },
  synergy: {
    title: "Sacred Synergy",
    intro: "A scan is a starting point. Many clients pair it with another practice.",
    cards: [
      {
        title: "ZYTO + Reiki",
        text: "Follow your scan with a Reiki session, shaped by what you noticed in your report, for a deeply relaxing experience.",
        link: { label: "Explore Energy Healing", to: "/reiki" },
      },
      {
        title: "ZYTO + Aromatherapy",
        text: "Explore which essential oils you are drawn to after your scan and build a simple daily ritual with them.",
        link: { label: "Explore Aromatherapy", to: "/aromatherapy" },
      },
    ],
  },
  closing: {
    title: "Ready for Your Scan?",
    text: "Book a scan on its own, or combine it with energy healing for the full experience.",
    primary: { label: "Book Your Scan", to: "/book/standard-scan" },
    secondary: { label: "Combine with Energy Healing", to: "/reiki" },
  },
} as const;
