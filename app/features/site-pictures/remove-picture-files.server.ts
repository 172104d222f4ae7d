import type { AppServices } from "~/lib/services.server";
import type { PictureVariant } from "./picture-slots";

/** Deletes a replaced or removed picture's files, after the write that stopped using them committed. */
export async function removePictureFiles(
  services: AppServices,
  files: { variants: readonly PictureVariant[]; masters: readonly string[] },
): Promise<void> {
  const keys = [...files.variants.flatMap((v) => [v.avif, v.webp]), ...files.masters];
  for (const key of keys) {
    await services.images.delete(key).catch((error: unknown) => {
      services.logger.error({ err: error, key }, "could not delete a replaced picture's file");
    });
  }
}
