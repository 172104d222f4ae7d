import { inArray } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { bookings, type OrderLine, packageCredits } from "~/lib/db/schema.server";
import { formatSessionTime } from "~/lib/zoned-time";
import { findService } from "./booking-model";

/**
 * Sessions and packages as the owner's books name them: a session by its service and its UK time
 * now (a reschedule moves it), a package by its name and how many of its sessions are used.
 */
export async function describeBookingLines(db: Database, lines: readonly OrderLine[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const sessions = lines.filter((line) => line.kind === "session" && line.bookingId);
  const packs = lines.filter((line) => line.kind === "package" && line.packageId);
  const named = [...sessions, ...packs];
  const booked = named.length
    ? await db
        .select({ id: bookings.id, serviceId: bookings.serviceId, startsAt: bookings.startsAt })
        .from(bookings)
        .where(
          inArray(
            bookings.id,
            named.map((line) => line.bookingId as string),
          ),
        )
    : [];
  for (const line of sessions) {
    const booking = booked.find((b) => b.id === line.bookingId);
    if (booking) {
      names.set(
        line.id,
        `${findService(booking.serviceId)?.title ?? line.title}, ${formatSessionTime(booking.startsAt)}`,
      );
    }
  }
  const credits = packs.length
    ? await db
        .select({ packageId: packageCredits.packageId, state: packageCredits.state })
        .from(packageCredits)
        .where(
          inArray(
            packageCredits.packageId,
            packs.map((line) => line.packageId as string),
          ),
        )
    : [];
  for (const line of packs) {
    const own = credits.filter((c) => c.packageId === line.packageId);
    const used = own.filter((c) => c.state === "attended" || c.state === "missed" || c.state === "booked").length;
    const first = booked.find((b) => b.id === line.bookingId);
    const name = (first && findService(first.serviceId)?.title) ?? line.title;
    names.set(line.id, `${name}: ${used} of ${own.length} sessions used`);
  }
  return names;
}
