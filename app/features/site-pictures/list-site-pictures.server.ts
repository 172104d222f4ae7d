import { type CacheSpec, cacheUntilChanged } from "~/lib/db/cache-until-changed.server";
import type { Database } from "~/lib/db/client.server";
import { sitePictures } from "~/lib/db/schema.server";
import { type PictureSlotId, pictureSlot, type ShownPictures, toShownPicture } from "./picture-slots";

/**
 * Her pictures by place, for every page (the root loader). A handful of rows; with the database
 * away, none: every page has a design that stands without them.
 */
const PICTURES: CacheSpec = { name: "site-pictures", tables: ["site_pictures"], ttlMs: 5 * 60_000, maxEntries: 1 };

export async function listSitePictures(db: Database): Promise<ShownPictures> {
  try {
    // Every page's root loader asks: read once per change of her pictures (decision 052).
    const rows = await cacheUntilChanged(db, PICTURES, "", () =>
      db.select({ slot: sitePictures.slot, alt: sitePictures.alt, variants: sitePictures.variants }).from(sitePictures),
    );
    const shown: ShownPictures = {};
    for (const row of rows) {
      const picture = pictureSlot(row.slot) ? toShownPicture(row) : undefined;
      if (picture) shown[row.slot as PictureSlotId] = picture;
    }
    return shown;
  } catch {
    return {};
  }
}
