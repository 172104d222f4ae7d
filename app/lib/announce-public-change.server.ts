import { invalidatePublicPages } from "./public-page-cache.server";
import type { AppServices } from "./services.server";

/**
 * After any write that changes what visitors see (a product, a price, the owner's settings, events,
 * galleries, songs): this process's cached pages go at once, and every other instance on the same
 * PostgreSQL is told through the database, so it drops its pages and its copy of the settings within
 * milliseconds (createServices listens), rather than showing the old ones until they expire.
 */
export function announcePublicChange(services: AppServices): void {
  invalidatePublicPages(services);
  services.database
    .announce("public-content")
    .catch((error: unknown) => services.logger.warn({ err: error }, "could not tell the other instances of a change"));
}
