import { randomUUID } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import { PHOTO_SIZES } from "~/features/admin/store-upload.server";
import { photoThumbKey } from "~/features/admin/upload-rules";
import { onPublicContentChanged } from "~/features/site-settings/on-public-content-changed.server";
import { AppError } from "~/lib/app-error";
import { events, uploads } from "~/lib/db/schema.server";
import { unclaimedUpload } from "~/lib/db/unclaimed-upload.server";
import type { AppServices } from "~/lib/services.server";
import { type EventInput, eventMessages } from "./event-schema";

const noImage = {
  imageKey: null,
  imageWidth: null,
  imageHeight: null,
  imageThumbKey: null,
  imageThumbWidth: null,
  imageThumbHeight: null,
};

/**
 * Creates an event, or updates the one with `id`; refused as not found when it was removed meanwhile.
 * An image is a gallery-style photo upload (sniffed, size-limited, re-encoded to two 4:3 WebPs),
 * claimed in the same transaction; the image it replaces is deleted after the commit. The upload is
 * locked first and claimed once the event's row exists, as its `event_id` must refer to that row.
 */
export async function saveEvent(services: AppServices, id: string | null, input: EventInput): Promise<string> {
  const { image, ...fields } = input;
  const eventId = id ?? randomUUID();
  const replaced = await services.database.db.transaction(async (tx) => {
    const [existing] = id ? await tx.select().from(events).where(eq(events.id, id)).for("update") : [];
    if (id && !existing) throw new AppError("not_found", eventMessages.notFound, "Not found");
    let picture: Partial<typeof events.$inferInsert> = {};
    if (image) {
      const [upload] = await tx
        .select({ key: uploads.storageKey })
        .from(uploads)
        .where(
          and(
            eq(uploads.id, image.uploadId),
            eq(uploads.kind, "photo"),
            unclaimedUpload,
            isNotNull(uploads.completedAt),
          ),
        )
        .for("update");
      if (!upload) throw new AppError("invalid_request", eventMessages.uploadGone, "Upload Error");
      picture = {
        imageKey: upload.key,
        imageWidth: PHOTO_SIZES.large.width,
        imageHeight: PHOTO_SIZES.large.height,
        imageThumbKey: photoThumbKey(upload.key),
        imageThumbWidth: PHOTO_SIZES.thumb.width,
        imageThumbHeight: PHOTO_SIZES.thumb.height,
      };
    } else if (image === null) picture = noImage;
    if (existing) {
      await tx
        .update(events)
        .set({ ...fields, ...picture })
        .where(eq(events.id, eventId));
    } else {
      await tx.insert(events).values({ id: eventId, ...fields, ...picture });
    }
    if (image) await tx.update(uploads).set({ eventId }).where(eq(uploads.id, image.uploadId));
    const old = existing?.imageKey && image !== undefined ? existing : null;
    if (old?.imageKey) await tx.delete(uploads).where(eq(uploads.storageKey, old.imageKey));
    return old;
  });
  onPublicContentChanged(services);
  if (replaced) await deleteImage(services, replaced);
  return eventId;
}

/** Removes an event; its upload row goes with it (`uploads.event_id` cascades), its files after. */
export async function deleteEvent(services: AppServices, id: string): Promise<void> {
  const { db } = services.database;
  const [deleted] = await db.delete(events).where(eq(events.id, id)).returning();
  if (!deleted) throw new AppError("not_found", eventMessages.notFound, "Not found");
  onPublicContentChanged(services);
  await deleteImage(services, deleted);
}

async function deleteImage(
  services: AppServices,
  row: { imageKey: string | null; imageThumbKey: string | null },
): Promise<void> {
  for (const key of [row.imageKey, row.imageThumbKey]) {
    if (!key) continue;
    await services.images.delete(key).catch((error: unknown) => {
      services.logger.warn({ err: error, key }, "event image not deleted");
    });
  }
}
