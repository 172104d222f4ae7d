import { and, eq } from "drizzle-orm";
import { bookingPackages } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";

/** When the client's own package expires (its calendar ends there), or null when it is not theirs. */
export async function readPackageExpiry(services: AppServices, userId: string, packageId: string) {
  const [pack] = await services.database.db
    .select({ expiresAt: bookingPackages.expiresAt })
    .from(bookingPackages)
    .where(and(eq(bookingPackages.id, packageId), eq(bookingPackages.userId, userId)));
  return pack?.expiresAt ?? null;
}
