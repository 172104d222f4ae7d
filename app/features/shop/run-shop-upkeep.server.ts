import type { AppServices } from "~/lib/services.server";
import { expireStaleCheckouts } from "./expire-stale-checkouts.server";
import { retryPendingRefunds } from "./retry-pending-refunds.server";

/** How often the server tidies the shop (and once at start). */
export const SHOP_UPKEEP_INTERVAL_MS = 5 * 60_000;

/** The shop's periodic work: stale checkouts closed, refunds that did not go through sent again. */
export async function runShopUpkeep(services: AppServices): Promise<{ expired: number; refundsRetried: number }> {
  const expired = await expireStaleCheckouts(services);
  const refundsRetried = await retryPendingRefunds(services);
  return { expired, refundsRetried };
}
