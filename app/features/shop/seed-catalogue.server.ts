import { count } from "drizzle-orm";
import { type NewProduct, products } from "~/lib/db/schema.server";
import { loadSharp } from "~/lib/load-sharp.server";
import { invalidatePublicPages } from "~/lib/public-page-cache.server";
import type { AppServices } from "~/lib/services.server";
import { makeCoverSvg, makeDemoPdf, makeDemoTone } from "./demo-files.server";

type DemoProduct = Omit<NewProduct, "downloadUrl" | "pdfAttachments" | "imageUrl"> & {
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

/** Fills an empty catalogue with the demo products and their files. Does nothing otherwise. */
export async function seedCatalogue(services: AppServices): Promise<number> {
  const { db } = services.database;
  const [row] = await db.select({ n: count() }).from(products);
  if ((row?.n ?? 0) > 0) return 0;

  const sharp = await loadSharp();
  const rows: NewProduct[] = [];
  for (const { hue, file, attachments = 0, ...product } of demoCatalogue) {
    const cover = await sharp(Buffer.from(makeCoverSvg(product.title, hue)))
      .webp({ quality: 70 })
      .toBuffer();
    const imageKey = `covers/${product.id}.webp`;
    await services.images.put(imageKey, cover, "image/webp");

    let downloadUrl: string | null = null;
    if (file === "pdf") {
      downloadUrl = `pdfs/seed-${product.id}.pdf`;
      const pdf = makeDemoPdf(product.title, [
        product.shortDescription ?? "",
        "",
        "Thank you for your purchase. This is a demo file made by the seed.",
      ]);
      await services.files.put(downloadUrl, pdf, "application/pdf");
    } else if (file === "audio") {
      downloadUrl = `audios/seed-${product.id}.wav`;
      await services.files.put(downloadUrl, makeDemoTone(3, 432), "audio/wav");
    }

    const pdfAttachments: string[] = [];
    for (let n = 1; n <= attachments; n++) {
      const key = `pdfs/seed-${product.id}-attachment-${n}.pdf`;
      await services.files.put(key, makeDemoPdf(`${product.title}: attachment ${n}`, ["Worksheet"]), "application/pdf");
      pdfAttachments.push(key);
    }

    rows.push({ ...product, imageUrl: `/media/${imageKey}`, downloadUrl, pdfAttachments });
  }
  // The insert is one statement: a crash part-way leaves files but never half a catalogue.
  await db.insert(products).values(rows).onConflictDoNothing();
  invalidatePublicPages(services);
  services.logger.info({ products: rows.length }, "seeded the demo catalogue");
  return rows.length;
}
