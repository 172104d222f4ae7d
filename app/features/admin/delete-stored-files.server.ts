import { inArray } from "drizzle-orm";
import { uploads } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";

/**
 * Removes files no product uses any more, with their upload records. Called after the write that
 * stopped using them has committed: a failure here leaves an orphan file, never a missing one.
 */
export async function deleteStoredFiles(
  services: AppServices,
  keys: { files: string[]; images: string[] },
): Promise<void> {
  const all = [...keys.files, ...keys.images];
  if (all.length === 0) return;
  try {
    for (const key of keys.files) await services.files.delete(key);
    for (const key of keys.images) await services.images.delete(key);
    await services.database.db.delete(uploads).where(inArray(uploads.storageKey, all));
  } catch (error) {
    services.logger.error({ err: error, keys: all }, "could not delete files no product uses");
  }
}
