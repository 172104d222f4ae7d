import { and, eq } from "drizzle-orm";
import { purchases } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";

/** Cancel on the demo page: an open checkout of this user is closed, and nothing is charged. */
export async function cancelDemoCheckout(services: AppServices, userId: string, checkoutId: string): Promise<void> {
  await services.database.db
    .update(purchases)
    .set({ status: "cancelled" })
    .where(and(eq(purchases.id, checkoutId), eq(purchases.userId, userId), eq(purchases.status, "pending")));
}
