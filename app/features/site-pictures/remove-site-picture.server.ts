import { eq } from "drizzle-orm";
import { announcePublicChange } from "~/lib/announce-public-change.server";
import { sitePictures, uploads } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import type { PictureSlotId } from "./picture-slots";
import { removePictureFiles } from "./remove-picture-files.server";

/** Takes her picture out of a place; the page shows its own design there again. Removing twice is fine. */
export async function removeSitePicture(services: AppServices, slot: PictureSlotId): Promise<void> {
  const removed = await services.database.db.transaction(async (tx) => {
    const masters = await tx
      .delete(uploads)
      .where(eq(uploads.sitePictureSlot, slot))
      .returning({ key: uploads.storageKey });
    const [row] = await tx.delete(sitePictures).where(eq(sitePictures.slot, slot)).returning();
    return { variants: row?.variants ?? [], masters: masters.map((m) => m.key) };
  });
  await removePictureFiles(services, removed);
  announcePublicChange(services);
}
