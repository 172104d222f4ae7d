import { and, asc, eq, gt, gte, inArray, lt } from "drizzle-orm";
import {
  bookingBlocks,
  bookingPackages,
  bookings,
  diaryBookings,
  purchases,
  refunds,
  user,
} from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { zonedInstant } from "~/lib/zoned-time";
import { findService } from "./booking-model";
import { sessionColumns, toView } from "./list-sessions.server";

/** A month view is at most six weeks: a longer range is refused rather than read whole. */
const MAX_DAYS = 42;

/**
 * The practitioner's diary between two London dates (`to` exclusive), any dates at all: sessions
 * booked and cancelled with their client and how they were paid, holds still running (a client
 * paying now), and her blocked times. Queried by the range, so last year and next year read alike.
 */
export async function listDiary(services: AppServices, range: { from: string; to: string }, now = new Date()) {
  const start = zonedInstant(range.from, "00:00");
  const end = zonedInstant(range.to, "00:00");
  if (end.getTime() - start.getTime() > (MAX_DAYS + 1) * 86_400_000 || end <= start) {
    throw new RangeError("The diary reads at most six weeks at a time.");
  }
  const { db } = services.database;
  const rows = await db
    .select({ ...sessionColumns, name: user.name, email: user.email, diary: diaryBookings })
    .from(bookings)
    .innerJoin(user, eq(user.id, bookings.userId))
    .leftJoin(refunds, eq(refunds.bookingId, bookings.id))
    .leftJoin(bookingPackages, eq(bookingPackages.id, bookings.packageId))
    .leftJoin(purchases, eq(purchases.id, bookings.purchaseId))
    .leftJoin(diaryBookings, eq(diaryBookings.bookingId, bookings.id))
    .where(
      and(
        // By London day (the day index): a session never runs past midnight.
        gte(bookings.day, range.from),
        lt(bookings.day, range.to),
        inArray(bookings.status, ["confirmed", "cancelled", "held"]),
      ),
    )
    .orderBy(asc(bookings.startsAt));
  const blocks = await db
    .select()
    .from(bookingBlocks)
    .where(and(lt(bookingBlocks.startsAt, end), gt(bookingBlocks.endsAt, start)))
    .orderBy(asc(bookingBlocks.startsAt));
  const live = rows.filter(
    (row) => row.booking.status !== "held" || (row.booking.holdExpiresAt && row.booking.holdExpiresAt > now),
  );
  return {
    sessions: live
      .filter((row) => row.booking.status !== "held")
      .map((row) => ({
        ...toView(row, now),
        client: { id: row.booking.userId, name: row.name, email: row.email },
        started: row.booking.startsAt <= now,
        /** Booked by her for the client (decision 045): the price, and whether it was paid to her. */
        direct: row.diary ? { priceCents: row.diary.priceCents, paid: row.diary.payment === "paid_outside" } : null,
      })),
    holds: live
      .filter((row) => row.booking.status === "held")
      .map((row) => ({
        id: row.booking.id,
        serviceTitle: findService(row.booking.serviceId)?.title ?? row.booking.serviceId,
        startsAt: row.booking.startsAt.toISOString(),
        endsAt: row.booking.endsAt.toISOString(),
        until: (row.booking.holdExpiresAt as Date).toISOString(),
      })),
    blocks: blocks.map((b) => ({
      id: b.id,
      startsAt: b.startsAt.toISOString(),
      endsAt: b.endsAt.toISOString(),
      note: b.note,
    })),
  };
}

export type DiaryListing = Awaited<ReturnType<typeof listDiary>>;

/** One session as the practitioner's move page shows it; null for an id that names none. */
export async function getDiarySession(services: AppServices, bookingId: string) {
  // Ids are UUIDs; anything else names nothing (and never reaches the query).
  if (!/^[0-9a-f-]{36}$/i.test(bookingId)) return null;
  const [row] = await services.database.db
    .select({ booking: bookings, name: user.name })
    .from(bookings)
    .innerJoin(user, eq(user.id, bookings.userId))
    .where(eq(bookings.id, bookingId));
  if (!row) return null;
  return {
    id: row.booking.id,
    serviceId: row.booking.serviceId,
    serviceTitle: findService(row.booking.serviceId)?.title ?? row.booking.serviceId,
    status: row.booking.status,
    startsAt: row.booking.startsAt,
    clientName: row.name,
  };
}
