import { EXCLUSIVE_WORK } from "~/lib/db/client.server";
import type { AppServices } from "~/lib/services.server";
import { expireStaleCheckouts } from "./expire-stale-checkouts.server";
import { registeredLineKinds } from "./line-kinds.server";
import { sendRenewalReminders } from "./renewal/send-renewal-reminders.server";
import { retryPendingRefunds } from "./retry-pending-refunds.server";

/** How often the server tidies the shop (and once at start); booking reminders go out on this beat. */
export const SHOP_UPKEEP_INTERVAL_MS = 5 * 60_000;

/**
 * The shop's periodic work: stale checkouts closed, refunds that did not go through sent again,
 * Digital Access renewal reminders sent, then each line kind's own (booking: holds let go, reminders sent, package credits expired).
 */
export async function runShopUpkeep(services: AppServices, now = new Date()): Promise<Record<string, number> | null> {
  // Once across instances on one PostgreSQL: another running it now answers null here.
  return services.database.runExclusive(EXCLUSIVE_WORK.shopUpkeep, () => upkeep(services, now));
}

async function upkeep(services: AppServices, now: Date): Promise<Record<string, number>> {
  const expired = await expireStaleCheckouts(services);
  const refundsRetried = await retryPendingRefunds(services);
  const renewalReminders = await sendRenewalReminders(services, now);
  let counts: Record<string, number> = { expired, refundsRetried, renewalReminders };
  for (const kind of registeredLineKinds()) counts = { ...counts, ...(await kind.upkeep(services, now)) };
  return counts;
}
