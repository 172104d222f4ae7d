import { and, eq, isNotNull } from "drizzle-orm";
import { announcePublicChange } from "~/lib/announce-public-change.server";
import { AppError } from "~/lib/app-error";
import { sitePictures, uploads } from "~/lib/db/schema.server";
import { unclaimedUpload } from "~/lib/db/unclaimed-upload.server";
import type { AppServices } from "~/lib/services.server";
import { makePictureSizes } from "./make-picture-sizes.server";
import { type PictureSlotId, type PictureVariant, pictureMessages, pictureSlot } from "./picture-slots";
import { removePictureFiles } from "./remove-picture-files.server";

/**
 * Places her uploaded picture (already sniffed, size-limited and kept as a WebP master by the upload
 * endpoint) in one slot of the site, or replaces the one there. The sizes are made before the
 * transaction (sharp is slow; a row lock is not held for it); the transaction then claims the upload
 * once and swaps the row, so two saves of one slot at once end with one picture and no stray files:
 * whichever commits second finds the first one's upload as the old one and removes its files.
 */
export async function saveSitePicture(
  services: AppServices,
  input: { slot: PictureSlotId; uploadId: string; alt: string },
): Promise<void> {
  const slot = pictureSlot(input.slot);
  if (!slot) throw new AppError("invalid_request", pictureMessages.unknownSlot, "Picture Error");
  const { db } = services.database;
  const [upload] = await db
    .select({ key: uploads.storageKey })
    .from(uploads)
    .where(
      and(eq(uploads.id, input.uploadId), eq(uploads.kind, "picture"), unclaimedUpload, isNotNull(uploads.completedAt)),
    );
  if (!upload) throw new AppError("invalid_request", pictureMessages.uploadGone, "Picture Error");

  const master = await readAll(await services.images.read(upload.key));
  const sizes = await makePictureSizes(master, slot);
  const stamp = Date.now();
  const variants: PictureVariant[] = [];
  const written: string[] = [];
  try {
    for (const size of sizes) {
      const base = `pictures/${stamp}-${slot.id}-${size.width}`;
      await services.images.put(`${base}.avif`, size.avif, "image/avif");
      written.push(`${base}.avif`);
      await services.images.put(`${base}.webp`, size.webp, "image/webp");
      written.push(`${base}.webp`);
      variants.push({ width: size.width, height: size.height, avif: `${base}.avif`, webp: `${base}.webp` });
    }
    const replaced = await db.transaction(async (tx) => {
      const [claimable] = await tx
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.id, input.uploadId), unclaimedUpload))
        .for("update");
      if (!claimable) throw new AppError("invalid_request", pictureMessages.uploadGone, "Picture Error");
      const [old] = await tx.select().from(sitePictures).where(eq(sitePictures.slot, slot.id)).for("update");
      const oldUploads = old
        ? await tx.delete(uploads).where(eq(uploads.sitePictureSlot, slot.id)).returning({ key: uploads.storageKey })
        : [];
      await tx
        .insert(sitePictures)
        .values({ slot: slot.id, alt: input.alt, variants })
        .onConflictDoUpdate({ target: sitePictures.slot, set: { alt: input.alt, variants, updatedAt: new Date() } });
      await tx.update(uploads).set({ sitePictureSlot: slot.id }).where(eq(uploads.id, input.uploadId));
      return { variants: old?.variants ?? [], masters: oldUploads.map((u) => u.key) };
    });
    services.logger.info({ slot: slot.id, sizes: variants.length }, "site picture saved");
    // After the commit: a failure here leaves an orphan file, never a page pointing at a missing one.
    await removePictureFiles(services, replaced);
  } catch (error) {
    for (const key of written) await services.images.delete(key).catch(() => {});
    throw error;
  }
  announcePublicChange(services);
}

/** Changes only the description of a picture already placed. */
export async function describeSitePicture(services: AppServices, input: { slot: PictureSlotId; alt: string }) {
  const changed = await services.database.db
    .update(sitePictures)
    .set({ alt: input.alt, updatedAt: new Date() })
    .where(eq(sitePictures.slot, input.slot))
    .returning({ slot: sitePictures.slot });
  if (changed.length === 0) throw new AppError("not_found", pictureMessages.chooseFile, "Picture Error");
  announcePublicChange(services);
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
