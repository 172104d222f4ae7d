import { siteSettings } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { forgetSiteSettings, rememberSiteSettings } from "./get-site-settings.server";
import { onPublicContentChanged } from "./on-public-content-changed.server";
import type { SiteSettings } from "./settings-schema";

/** Stores the parsed form (already validated by `siteSettingsSchema`) and drops every cached copy. */
export async function saveSiteSettings(services: AppServices, settings: SiteSettings): Promise<void> {
  const { db } = services.database;
  await db
    .insert(siteSettings)
    .values({ id: 1, values: settings })
    .onConflictDoUpdate({ target: siteSettings.id, set: { values: settings, updatedAt: new Date() } });
  forgetSiteSettings(db);
  rememberSiteSettings(settings);
  onPublicContentChanged(services);
}
