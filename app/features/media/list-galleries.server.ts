import { asc } from "drizzle-orm";
import type { Photo } from "~/content/photos";
import type { Database } from "~/lib/db/client.server";
import { galleryPhotos, galleryTabs } from "~/lib/db/schema.server";

export type UploadedPhoto = Photo & {
  src: { thumb: string; large: string };
  width: number;
  height: number;
  position: number;
};

/**
 * The owner's uploaded photos by gallery, and the tabs she added. Pages merge them with the shipped
 * art: a gallery shows its uploaded photos once it has any, its placeholders until then.
 */
export async function listGalleries(db: Database) {
  const [rows, tabs] = await Promise.all([
    db.select().from(galleryPhotos).orderBy(asc(galleryPhotos.gallery), asc(galleryPhotos.position)),
    db.select().from(galleryTabs).orderBy(asc(galleryTabs.sortOrder), asc(galleryTabs.createdAt)),
  ]);
  const uploaded: Record<string, UploadedPhoto[]> = {};
  for (const row of rows) {
    const list = uploaded[row.gallery] ?? [];
    uploaded[row.gallery] = list;
    list.push({
      id: row.id,
      gallery: row.gallery,
      alt: row.alt,
      caption: row.caption,
      position: row.position,
      width: row.thumbWidth,
      height: row.thumbHeight,
      src: { thumb: `/media/${row.thumbKey}`, large: `/media/${row.largeKey}` },
    });
  }
  return { uploaded, addedTabs: tabs.map((t) => ({ id: t.id, label: t.label })) };
}

export type Galleries = Awaited<ReturnType<typeof listGalleries>>;
