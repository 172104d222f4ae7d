import { and, inArray, isNull, lt } from "drizzle-orm";
import { uploads } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";

/** An upload no product took within a day was abandoned (the admin closed the form, say). */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes abandoned uploads and their files, including uploads a crash cut off part-way. Runs at
 * start-up and after each upload; a bounded batch, so it never holds up a request for long.
 */
export async function sweepUploads(services: AppServices, now = new Date()): Promise<number> {
  const { db } = services.database;
  const stale = await db
    .select({ id: uploads.id, kind: uploads.kind, key: uploads.storageKey })
    .from(uploads)
    .where(and(isNull(uploads.productId), lt(uploads.createdAt, new Date(now.getTime() - ABANDONED_AFTER_MS))))
    .limit(100);
  if (stale.length === 0) return 0;
  for (const upload of stale) {
    await (upload.kind === "image" ? services.images : services.files).delete(upload.key);
  }
  await db.delete(uploads).where(
    and(
      inArray(
        uploads.id,
        stale.map((u) => u.id),
      ),
      isNull(uploads.productId),
    ),
  );
  services.logger.info({ count: stale.length }, "swept abandoned uploads");
  return stale.length;
}
