import type { AppServices } from "~/lib/services.server";
import { expireBookingHolds } from "./booking/expire-booking-holds.server";
import { sendDueReminders } from "./booking/send-due-reminders.server";
import { expireStaleCheckouts } from "./expire-stale-checkouts.server";
import { retryPendingRefunds } from "./retry-pending-refunds.server";

/** How often the server tidies the shop (and once at start); booking reminders go out on this beat. */
export const SHOP_UPKEEP_INTERVAL_MS = 5 * 60_000;

/** The shop's periodic work: stale checkouts closed, refunds that did not go through sent again. */
export async function runShopUpkeep(
  services: AppServices,
): Promise<{ expired: number; refundsRetried: number; holdsReleased: number; reminders: number }> {
  const expired = await expireStaleCheckouts(services);
  const refundsRetried = await retryPendingRefunds(services);
  const holdsReleased = await expireBookingHolds(services);
  const reminders = await sendDueReminders(services);
  return { expired, refundsRetried, holdsReleased, reminders };
}
