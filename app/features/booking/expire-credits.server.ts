import { and, eq, inArray, lte } from "drizzle-orm";
import { bookingPackages, packageCredits } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";

/** Credits left unbooked when their package ran out are expired (the Refund Policy: not refunded). */
export async function expireCredits(services: AppServices, now = new Date()): Promise<number> {
  const { db } = services.database;
  const ended = db.select({ id: bookingPackages.id }).from(bookingPackages).where(lte(bookingPackages.expiresAt, now));
  const rows = await db
    .update(packageCredits)
    .set({ state: "expired" })
    .where(and(eq(packageCredits.state, "available"), inArray(packageCredits.packageId, ended)))
    .returning({ id: packageCredits.id });
  return rows.length;
}
