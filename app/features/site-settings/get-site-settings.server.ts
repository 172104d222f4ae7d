import { type Site, siteFacts } from "~/content/site";
import type { Database } from "~/lib/db/client.server";
import { siteSettings } from "~/lib/db/schema.server";
import { withDefaults } from "./settings-schema";
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "./site-details";

/**
 * Settings are read on every page (header, footer, JSON-LD), so they are kept in memory per
 * database and read again only after a save (`forgetSiteSettings`). One process serves the site
 * (decision 001), so there is no other copy to go stale.
 */
type SettingsCache = { byDatabase: WeakMap<Database, Promise<SiteSettings>>; lastKnown: SiteSettings };
// Kept on globalThis, not in this module: the test suite loads the app through Vite's module runner
// beside its own imports, and two copies of this module must not hold two copies of the settings.
const CACHE_KEY = Symbol.for("sacred-healing.site-settings");
const store = globalThis as unknown as Record<symbol, SettingsCache | undefined>;
const shared: SettingsCache = store[CACHE_KEY] ?? { byDatabase: new WeakMap(), lastKnown: DEFAULT_SITE_SETTINGS };
store[CACHE_KEY] = shared;
const cache = shared.byDatabase;

/**
 * The settings as this process last knew them, without waiting: for synchronous code (booking's
 * practice defaults and calendar files). The server reads them at start and after every save, and
 * one process serves one database, so this is current; before the first read it is the defaults.
 */
export function knownSiteSettings(): SiteSettings {
  return shared.lastKnown;
}

/** A save's values, known at once to synchronous readers. */
export function rememberSiteSettings(settings: SiteSettings): void {
  shared.lastKnown = settings;
}

/** The practitioner's details: what the owner saved, or the shipped defaults. Callable from any server code. */
export function getSiteSettings(db: Database): Promise<SiteSettings> {
  let cached = cache.get(db);
  if (!cached) {
    cached = readSiteSettings(db);
    cache.set(db, cached);
    // A failed read (database restarting) is not remembered.
    cached.catch(() => cache.delete(db));
  }
  return cached;
}

/**
 * The practice's details as pages show them. With the database away, the last known (or the shipped
 * defaults): the frame and the practice's JSON-LD survive an outage (decision 034).
 */
export async function getShownSite(db: Database): Promise<Site> {
  return siteFacts(await getSiteSettings(db).catch(() => knownSiteSettings()));
}

/** Whether the owner has saved the form yet (the admin checklist shows until then). */
export async function hasSavedSiteSettings(db: Database): Promise<boolean> {
  const rows = await db.select({ id: siteSettings.id }).from(siteSettings).limit(1);
  return rows.length > 0;
}

async function readSiteSettings(db: Database): Promise<SiteSettings> {
  const [row] = await db.select({ values: siteSettings.values }).from(siteSettings).limit(1);
  shared.lastKnown = withDefaults(row?.values);
  return shared.lastKnown;
}

export function forgetSiteSettings(db: Database): void {
  cache.delete(db);
}
