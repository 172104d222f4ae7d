import { max } from "drizzle-orm";
import { slugify } from "~/features/admin/slugify";
import { onPublicContentChanged } from "~/features/site-settings/on-public-content-changed.server";
import { AppError } from "~/lib/app-error";
import { galleryTabs } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { galleryMessages, SHIPPED_GALLERIES } from "./gallery-rules";

/** A new Sacred Moments tab after the others; its id is the label's slug. */
export async function addGalleryTab(services: AppServices, label: string): Promise<string> {
  const id = slugify(label, 40);
  if (!id) throw new AppError("invalid_request", galleryMessages.tabLabel, "Validation Error");
  if ((SHIPPED_GALLERIES as readonly string[]).includes(id)) {
    throw new AppError("conflict", galleryMessages.tabExists, "Validation Error");
  }
  const { db } = services.database;
  const [last] = await db.select({ order: max(galleryTabs.sortOrder) }).from(galleryTabs);
  const inserted = await db
    .insert(galleryTabs)
    .values({ id, label, sortOrder: (last?.order ?? 0) + 1 })
    .onConflictDoNothing()
    .returning({ id: galleryTabs.id });
  if (inserted.length === 0) throw new AppError("conflict", galleryMessages.tabExists, "Validation Error");
  onPublicContentChanged(services);
  return id;
}
