import { and, inArray, lt } from "drizzle-orm";
import { uploads } from "~/lib/db/schema.server";
import { unclaimedUpload } from "~/lib/db/unclaimed-upload.server";
import type { AppServices } from "~/lib/services.server";
import { isPublicUpload, photoThumbKey } from "./upload-rules";

/**
 * An upload nothing (a product, event, gallery photo or song) took within a day was abandoned (the
 * admin closed the form, say).
 */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes abandoned uploads and their files, including uploads a crash cut off part-way. Runs at
 * start-up and after each upload; a bounded batch, so it never holds up a request for long. The
 * rows go first, and only while still unclaimed: a product saved meanwhile either claimed its
 * upload before (and keeps the file) or finds it gone and asks for it again; it never points at a
 * file deleted under it.
 */
export async function sweepUploads(services: AppServices, now = new Date()): Promise<number> {
  const { db } = services.database;
  const stale = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(unclaimedUpload, lt(uploads.createdAt, new Date(now.getTime() - ABANDONED_AFTER_MS))))
    .limit(100);
  if (stale.length === 0) return 0;
  const removed = await db
    .delete(uploads)
    .where(
      and(
        inArray(
          uploads.id,
          stale.map((u) => u.id),
        ),
        unclaimedUpload,
      ),
    )
    .returning({ kind: uploads.kind, key: uploads.storageKey });
  for (const upload of removed) {
    const store = isPublicUpload(upload.kind) ? services.images : services.files;
    await store.delete(upload.key);
    if (upload.kind === "photo") await store.delete(photoThumbKey(upload.key));
  }
  if (removed.length > 0) services.logger.info({ count: removed.length }, "swept abandoned uploads");
  return removed.length;
}
