import { announcePublicChange } from "~/lib/announce-public-change.server";
import type { AppServices } from "~/lib/services.server";

/**
 * Called after every write of the owner's public content (settings, events, galleries, songs). The
 * settings' own in-memory copy is dropped by the writer; the cache of whole public pages is emptied
 * here, so a change shows on the next request (issue 15, item 5), on every instance (issue 23).
 */
export function onPublicContentChanged(services: AppServices): void {
  announcePublicChange(services);
}
