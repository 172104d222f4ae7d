import { and, eq, inArray, ne } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import type { Transaction } from "~/lib/db/client.server";
import { bookingPackages, bookings } from "~/lib/db/schema.server";
import { daysBetween, zonedDate } from "~/lib/zoned-time";
import { bookingMessages, findService } from "./booking-model";

/** Sessions that count against a package: booked, held or done, not cancelled or refused. */
export const LIVE_PACKAGE_STATUSES = ["held", "confirmed"] as const;

/**
 * A package session's time must keep the package's rules: before the package expires (a month, or
 * six weeks, from the first session) and, for the Transformation Journey, at least a week from each
 * of its other sessions.
 */
export async function checkPackageRule(
  tx: Transaction,
  packageId: string,
  startsAt: Date,
  exceptBookingId?: string,
): Promise<void> {
  const [pack] = await tx.select().from(bookingPackages).where(eq(bookingPackages.id, packageId));
  if (!pack) throw new AppError("not_found", bookingMessages.notFound);
  if (startsAt.getTime() >= pack.expiresAt.getTime()) {
    throw new AppError("conflict", bookingMessages.packageRule, "Booking");
  }
  const gap = findService(pack.serviceId)?.minGapDays ?? 0;
  if (gap === 0) return;
  const others = await tx
    .select({ startsAt: bookings.startsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.packageId, packageId),
        inArray(bookings.status, [...LIVE_PACKAGE_STATUSES]),
        exceptBookingId ? ne(bookings.id, exceptBookingId) : undefined,
      ),
    );
  const day = zonedDate(startsAt);
  if (others.some((o) => Math.abs(daysBetween(zonedDate(o.startsAt), day)) < gap)) {
    throw new AppError("conflict", bookingMessages.packageRule, "Booking");
  }
}
