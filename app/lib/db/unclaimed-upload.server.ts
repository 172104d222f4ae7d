import { and, isNull, type SQL } from "drizzle-orm";
import { uploads } from "./schema.server";

/**
 * An upload nothing has taken yet: no product, event, gallery photo, song (migration 0012) or site picture (decision 051). The
 * sweeper removes such an upload a day after it was made; the partial index
 * `uploads_unclaimed_idx` answers exactly this condition.
 */
export const unclaimedUpload: SQL = and(
  isNull(uploads.productId),
  isNull(uploads.eventId),
  isNull(uploads.galleryPhotoId),
  isNull(uploads.songId),
  isNull(uploads.sitePictureSlot),
) as SQL;
