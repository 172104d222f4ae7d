import { and, eq } from "drizzle-orm";
import { bookings, purchases } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";

/** Cancel on the demo page: an open checkout of this user is closed, and nothing is charged. */
export async function cancelDemoCheckout(services: AppServices, userId: string, checkoutId: string): Promise<void> {
  const [cancelled] = await services.database.db
    .update(purchases)
    .set({ status: "cancelled" })
    .where(and(eq(purchases.id, checkoutId), eq(purchases.userId, userId), eq(purchases.status, "pending")))
    .returning({ id: purchases.id });
  // A session's slot held for this checkout is let go at once.
  if (cancelled) {
    await services.database.db
      .update(bookings)
      .set({ status: "released", holdExpiresAt: null })
      .where(and(eq(bookings.purchaseId, checkoutId), eq(bookings.status, "held")));
  }
}
