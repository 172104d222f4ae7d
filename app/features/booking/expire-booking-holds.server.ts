import { and, eq, lte } from "drizzle-orm";
import { bookings } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { advanceWaitlist } from "./booking-waitlist.server";
import { closeCheckouts } from "./start-booking-checkout.server";

/**
 * Lets go of holds whose 15 minutes ran out, and closes their checkouts. A payment already on its
 * way is still checked when it arrives (`fulfilBooking`): confirmed if the slot is still free,
 * refunded if not. The slot itself is free the moment the hold runs out: every check ignores a
 * hold past its time, so this only tidies. Then the waiting list moves on (a waiting-list hold that
 * ran out passes to the next in line).
 */
export async function expireBookingHolds(services: AppServices, now = new Date()): Promise<number> {
  const released = await services.database.db
    .update(bookings)
    .set({ status: "released", holdExpiresAt: null })
    .where(and(eq(bookings.status, "held"), lte(bookings.holdExpiresAt, now)))
    .returning({ purchaseId: bookings.purchaseId });
  await closeCheckouts(
    services,
    released.flatMap((row) => (row.purchaseId ? [row.purchaseId] : [])),
  );
  try {
    await advanceWaitlist(services, now);
  } catch (error) {
    services.logger.error({ err: error }, "the waiting list could not move on");
  }
  return released.length;
}
