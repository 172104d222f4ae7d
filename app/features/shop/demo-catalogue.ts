/**
 * The demo catalogue the seed adds to an empty shop. Only type imports, so a build script can read it
 * with Node's type stripping (scripts/make-seed-covers.ts).
 */
import type { NewProduct } from "~/lib/db/schema.server";

export type DemoProduct = Omit<NewProduct, "downloadUrl" | "pdfAttachments" | "imageUrl"> & {
  id: string;
  hue: number;
  /** The main file the seed makes: a PDF or a WAV tone; none for a product without a file. */
  file?: "pdf" | "audio";
  attachments?: number;
};

/**
 * The demo catalogue covers every case the shop's screens branch on: the Digital Access plan,
 * free and paid guides, free and paid courses, audio, a featured product and one without a file.
 */
export const demoCatalogue: DemoProduct[] = [
  {
    id: "subscription",
    title: "Digital Access",
    shortDescription: "Monthly membership: every digital guide, free to download while you are a member.",
    description:
      "Digital Access is a monthly membership that opens the whole library of digital guides. Download any guide at no extra cost for as long as your membership lasts, and cancel whenever you like.",
    category: "Membership",
    productType: "subscription",
    priceCents: 999,
    features: ["Every digital guide included", "New guides as they are released", "Cancel any time"],
    isFeatured: false,
    sortOrder: 0,
    hue: 265,
  },
  {
    id: "grounding-basics",
    title: "Grounding Basics",
    shortDescription: "A gentle free guide to feeling calm, centred and present.",
    description:
      "Simple daily grounding practices for relaxation and wellbeing: breath, posture, nature walks and a short evening ritual.",
    category: "Wellbeing, Beginners",
    productType: "digital_guide",
    priceCents: 0,
    durationMinutes: 15,
    features: ["Five daily practices", "Printable checklist", "Suitable for beginners"],
    isFeatured: false,
    sortOrder: 1,
    hue: 140,
    file: "pdf",
  },
  {
    id: "chakra-balance-guide",
    title: "Chakra Balance Guide",
    shortDescription: "Explore the seven energy centres with reflections and journaling prompts.",
    description:
      "A beautifully illustrated guide to the seven chakras, with colour, sound and breath practices for each, plus journaling prompts to support your personal reflection.",
    category: "Energy, Chakras",
    productType: "digital_guide",
    priceCents: 1299,
    durationMinutes: 45,
    features: ["Seven chakra practices", "Journaling prompts", "Colour and sound pairings"],
    isFeatured: true,
    sortOrder: 2,
    hue: 300,
    file: "pdf",
    attachments: 2,
  },
  {
    id: "moon-ritual-journal",
    title: "Moon Ritual Journal",
    shortDescription: "Set intentions with the lunar cycle through twelve guided rituals.",
    description:
      "A guided journal for new and full moon rituals, with intention-setting pages and gentle practices for rest and renewal.",
    category: "Rituals, Journaling",
    productType: "digital_guide",
    priceCents: 799,
    durationMinutes: 30,
    features: ["Twelve lunar rituals", "Intention pages", "Printable layout"],
    isFeatured: false,
    sortOrder: 3,
    hue: 220,
    file: "pdf",
  },
  {
    id: "sacred-sleep-guide",
    title: "Sacred Sleep Guide",
    shortDescription: "Evening rituals for restful sleep and a quieter mind.",
    description:
      "Wind-down rituals, calming breath practices and an aromatherapy pairing chart to help you create a restful evening routine.",
    category: "Wellbeing, Sleep",
    productType: "digital_guide",
    priceCents: 899,
    durationMinutes: 25,
    features: ["Evening wind-down ritual", "Breath practices", "Oil pairing chart"],
    isFeatured: false,
    sortOrder: 4,
    hue: 250,
    file: "pdf",
  },
  {
    id: "reiki-self-healing-course",
    title: "Reiki Self-Healing Course",
    shortDescription: "A video course with workbook to bring Reiki into your daily self-care.",
    description:
      "Follow along with guided video lessons on Reiki self-treatment for relaxation and wellbeing, supported by a printable workbook and hand-position charts.",
    category: "Reiki, Courses",
    productType: "video_course",
    priceCents: 4999,
    durationMinutes: 90,
    videoUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    features: ["Six video lessons", "Printable workbook", "Hand-position charts"],
    isFeatured: true,
    sortOrder: 5,
    hue: 30,
    file: "pdf",
    attachments: 1,
  },
  {
    id: "energy-awareness-intro",
    title: "Energy Awareness Introduction",
    shortDescription: "A free short course on noticing and tending your own energy.",
    description: "A gentle introduction to energy awareness through short guided exercises you can do anywhere.",
    category: "Energy, Beginners",
    productType: "video_course",
    priceCents: 0,
    durationMinutes: 30,
    videoUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    features: ["Three short lessons", "Exercise sheet"],
    isFeatured: false,
    sortOrder: 6,
    hue: 180,
    file: "pdf",
  },
  {
    id: "healing-frequencies-meditation",
    title: "Healing Frequencies Meditation",
    shortDescription: "A calming sound meditation to relax into, at home or on the go.",
    description: "A soft tonal meditation for relaxation and stillness. Listen in the browser or download it.",
    category: "Sound, Meditation",
    productType: "audio",
    priceCents: 599,
    durationMinutes: 20,
    features: ["Listen in the browser", "Download for offline use"],
    isFeatured: false,
    sortOrder: 7,
    hue: 200,
    file: "audio",
  },
  {
    id: "aromatherapy-rituals-guide",
    title: "Aromatherapy Rituals Guide",
    shortDescription: "Blends and rituals for the seasons (file coming soon).",
    description:
      "Seasonal blends and simple rituals using essential oils for relaxation and wellbeing. The downloadable file is being finished and will be available soon.",
    category: "Aromatherapy, Rituals",
    productType: "digital_guide",
    priceCents: 1099,
    durationMinutes: null,
    features: ["Seasonal blends", "Diffuser recipes"],
    isFeatured: false,
    sortOrder: 8,
    hue: 90,
  },
];
