import { and, asc, desc, eq, gt, lt } from "drizzle-orm";
import { onPublicContentChanged } from "~/features/site-settings/on-public-content-changed.server";
import { AppError } from "~/lib/app-error";
import { galleryPhotos } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { galleryMessages } from "./gallery-rules";

const notFound = () => new AppError("not_found", galleryMessages.notFound, "Not found");

export async function updateGalleryPhoto(
  services: AppServices,
  id: string,
  text: { alt: string; caption: string },
): Promise<void> {
  const updated = await services.database.db
    .update(galleryPhotos)
    .set(text)
    .where(eq(galleryPhotos.id, id))
    .returning({ id: galleryPhotos.id });
  if (updated.length === 0) throw notFound();
  onPublicContentChanged(services);
}

/** Swaps a photo with its neighbour before (`up`) or after (`down`); at either end nothing moves. */
export async function moveGalleryPhoto(services: AppServices, id: string, direction: "up" | "down"): Promise<void> {
  await services.database.db.transaction(async (tx) => {
    const [photo] = await tx.select().from(galleryPhotos).where(eq(galleryPhotos.id, id)).for("update");
    if (!photo) throw notFound();
    const [neighbour] = await tx
      .select()
      .from(galleryPhotos)
      .where(
        and(
          eq(galleryPhotos.gallery, photo.gallery),
          direction === "up" ? lt(galleryPhotos.position, photo.position) : gt(galleryPhotos.position, photo.position),
        ),
      )
      .orderBy(direction === "up" ? desc(galleryPhotos.position) : asc(galleryPhotos.position))
      .limit(1)
      .for("update");
    if (!neighbour) return;
    await tx.update(galleryPhotos).set({ position: neighbour.position }).where(eq(galleryPhotos.id, photo.id));
    await tx.update(galleryPhotos).set({ position: photo.position }).where(eq(galleryPhotos.id, neighbour.id));
  });
  onPublicContentChanged(services);
}

/**
 * Removes a photo and its upload row (`uploads.gallery_photo_id` cascades), then its two files (after
 * the row, so no page points at a missing file).
 */
export async function removeGalleryPhoto(services: AppServices, id: string): Promise<void> {
  const { db } = services.database;
  const [removed] = await db.delete(galleryPhotos).where(eq(galleryPhotos.id, id)).returning();
  if (!removed) throw notFound();
  onPublicContentChanged(services);
  for (const key of [removed.largeKey, removed.thumbKey]) {
    await services.images.delete(key).catch((error: unknown) => {
      services.logger.warn({ err: error, key }, "gallery file not deleted");
    });
  }
}
