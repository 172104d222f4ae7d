import { readFile } from "node:fs/promises";
import path from "node:path";
import { count } from "drizzle-orm";
import { type NewProduct, products } from "~/lib/db/schema.server";
import { loadSharp } from "~/lib/load-sharp.server";
import { invalidatePublicPages } from "~/lib/public-page-cache.server";
import type { AppServices } from "~/lib/services.server";
import { demoCatalogue } from "./demo-catalogue";
import { makeCoverWebp, makeDemoPdf, makeDemoTone, seedCoverFileName } from "./demo-files.server";

export { demoCatalogue } from "./demo-catalogue";

export type SeedOptions = {
  /**
   * The covers made at build time (scripts/make-seed-covers.ts, build/server/seed-covers/). Without
   * them, or for a cover missing there, the seed draws it with sharp, which then stays loaded: about
   * 45 MB of resident memory in a server that may never make another image (decision 037).
   */
  coversDir?: string | undefined;
};

/** Fills an empty catalogue with the demo products and their files. Does nothing otherwise. */
export async function seedCatalogue(services: AppServices, options: SeedOptions = {}): Promise<number> {
  const { db } = services.database;
  const [row] = await db.select({ n: count() }).from(products);
  if ((row?.n ?? 0) > 0) return 0;

  const rows: NewProduct[] = [];
  for (const { hue, file, attachments = 0, ...product } of demoCatalogue) {
    const cover =
      (await readBuiltCover(options.coversDir, product.id)) ??
      (await makeCoverWebp(await loadSharp(), product.title, hue));
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

async function readBuiltCover(coversDir: string | undefined, id: string): Promise<Buffer | null> {
  if (!coversDir) return null;
  try {
    return await readFile(path.join(coversDir, seedCoverFileName(id)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
