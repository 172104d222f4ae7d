import { randomUUID } from "node:crypto";
import { and, eq, isNotNull, max } from "drizzle-orm";
import { PHOTO_SIZES } from "~/features/admin/store-upload.server";
import { photoThumbKey } from "~/features/admin/upload-rules";
import { onPublicContentChanged } from "~/features/site-settings/on-public-content-changed.server";
import { AppError } from "~/lib/app-error";
import type { Transaction } from "~/lib/db/client.server";
import { galleryPhotos, galleryTabs, uploads } from "~/lib/db/schema.server";
import { unclaimedUpload } from "~/lib/db/unclaimed-upload.server";
import type { AppServices } from "~/lib/services.server";
import { galleryMessages, SHIPPED_GALLERIES } from "./gallery-rules";

/**
 * Puts an uploaded photo (already sniffed, size-limited and re-encoded by the upload endpoint) at
 * the end of a gallery. The upload is claimed in the same transaction, so it joins one gallery
 * once and is never swept from under it.
 */
export async function addGalleryPhoto(
  services: AppServices,
  input: { gallery: string; uploadId: string; alt: string; caption: string },
): Promise<string> {
  const id = randomUUID();
  await services.database.db.transaction(async (tx) => {
    await requireGallery(tx, input.gallery);
    // Locked now, claimed once the photo's row exists (`gallery_photo_id` refers to it).
    const [upload] = await tx
      .select({ key: uploads.storageKey })
      .from(uploads)
      .where(
        and(eq(uploads.id, input.uploadId), eq(uploads.kind, "photo"), unclaimedUpload, isNotNull(uploads.completedAt)),
      )
      .for("update");
    if (!upload) throw new AppError("invalid_request", galleryMessages.uploadGone, "Upload Error");
    const [last] = await tx
      .select({ position: max(galleryPhotos.position) })
      .from(galleryPhotos)
      .where(eq(galleryPhotos.gallery, input.gallery));
    await tx.insert(galleryPhotos).values({
      id,
      gallery: input.gallery,
      alt: input.alt,
      caption: input.caption,
      position: (last?.position ?? 0) + 1,
      largeKey: upload.key,
      largeWidth: PHOTO_SIZES.large.width,
      largeHeight: PHOTO_SIZES.large.height,
      thumbKey: photoThumbKey(upload.key),
      thumbWidth: PHOTO_SIZES.thumb.width,
      thumbHeight: PHOTO_SIZES.thumb.height,
    });
    await tx.update(uploads).set({ galleryPhotoId: id }).where(eq(uploads.id, input.uploadId));
  });
  onPublicContentChanged(services);
  return id;
}

async function requireGallery(tx: Transaction, gallery: string): Promise<void> {
  if ((SHIPPED_GALLERIES as readonly string[]).includes(gallery)) return;
  const [tab] = await tx.select({ id: galleryTabs.id }).from(galleryTabs).where(eq(galleryTabs.id, gallery));
  if (!tab) throw new AppError("not_found", galleryMessages.unknownGallery, "Not found");
}
