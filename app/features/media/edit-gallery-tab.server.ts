import { count, eq } from "drizzle-orm";
import { onPublicContentChanged } from "~/features/site-settings/on-public-content-changed.server";
import { AppError } from "~/lib/app-error";
import { galleryPhotos, galleryTabs } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { galleryMessages } from "./gallery-rules";

const notFound = () => new AppError("not_found", galleryMessages.tabNotFound, "Not found");

/** Renames a tab the owner added; its id (the address visitors may have kept) stays. */
export async function renameGalleryTab(services: AppServices, id: string, label: string): Promise<void> {
  const updated = await services.database.db
    .update(galleryTabs)
    .set({ label })
    .where(eq(galleryTabs.id, id))
    .returning({ id: galleryTabs.id });
  if (updated.length === 0) throw notFound();
  onPublicContentChanged(services);
}

/**
 * Removes a tab the owner added. A tab with photos goes only when she has confirmed that its photos
 * go with it (the server insists, not just the page); the rows go in one transaction, the files after.
 */
export async function removeGalleryTab(services: AppServices, id: string, photosConfirmed: boolean): Promise<number> {
  const removed = await services.database.db.transaction(async (tx) => {
    const [tab] = await tx.select().from(galleryTabs).where(eq(galleryTabs.id, id)).for("update");
    if (!tab) throw notFound();
    const [photos] = await tx.select({ n: count() }).from(galleryPhotos).where(eq(galleryPhotos.gallery, id));
    if ((photos?.n ?? 0) > 0 && !photosConfirmed) {
      throw new AppError("conflict", galleryMessages.tabHasPhotos(photos?.n ?? 0), "Validation Error");
    }
    // Their upload rows go with them (`uploads.gallery_photo_id` cascades).
    const rows = await tx.delete(galleryPhotos).where(eq(galleryPhotos.gallery, id)).returning();
    await tx.delete(galleryTabs).where(eq(galleryTabs.id, id));
    return rows;
  });
  onPublicContentChanged(services);
  for (const key of removed.flatMap((row) => [row.largeKey, row.thumbKey])) {
    await services.images.delete(key).catch((error: unknown) => {
      services.logger.warn({ err: error, key }, "gallery file not deleted");
    });
  }
  return removed.length;
}
