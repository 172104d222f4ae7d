import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { type CacheSpec, cacheUntilChanged } from "~/lib/db/cache-until-changed.server";
import type { Database } from "~/lib/db/client.server";
import { type Booking, bookingPackages, bookings, packageCredits, purchases, refunds } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { findService } from "./booking-model";
import { cancellationTerms, canReschedule, contractOf } from "./cancellation-terms";

export type SessionView = {
  id: string;
  serviceId: string;
  serviceTitle: string;
  place: Booking["place"];
  startsAt: string;
  endsAt: string;
  status: Booking["status"];
  attendance: Booking["attendance"];
  note: string;
  amountCents: number;
  refundCents: number | null;
  /** Of its refund, what went back to a gift voucher (decision 048). */
  refundVoucherCents: number;
  /**
   * What a refund now would give back to the gift voucher that paid part of its order, before any
   * goes to the card (vouchers first, decision 048): the voucher's part less what went back already.
   */
  voucherLeftCents: number;
  /** What cancelling now would refund (null: cannot be cancelled). */
  cancelRefundCents: number | null;
  cancelPercent: number | null;
  /** A package's session cancelled now returns its credit instead of money (decision 041). */
  cancelReturnsCredit: boolean;
  canReschedule: boolean;
  fromPackage: boolean;
  /** Booked by the practitioner for the client (decision 045): nothing was paid through the site. */
  arrangedDirectly: boolean;
};

/**
 * What every reading of sessions selects: the booking, its refund, how much of its order's gift
 * voucher part is left to give back, and when its package was bought (its contract; null for a
 * session alone). Each query joins refunds (on the booking), booking_packages and purchases to it.
 */
export const sessionColumns = {
  booking: bookings,
  refundCents: refunds.amountCents,
  refundVoucherCents: refunds.voucherCents,
  voucherLeftCents: sql<number>`coalesce(${purchases.voucherCents} - (select coalesce(sum(r.voucher_cents), 0)
    from refunds r where r.purchase_id = ${purchases.id} and r.status <> 'failed'), 0)`.mapWith(Number),
  packageBoughtAt: bookingPackages.createdAt,
};

export type SessionRow = {
  booking: Booking;
  refundCents: number | null;
  refundVoucherCents: number | null;
  voucherLeftCents: number;
  packageBoughtAt: Date | null;
};

export function toView(row: SessionRow, now: Date): SessionView {
  const { booking, refundCents, packageBoughtAt } = row;
  const terms =
    booking.status === "confirmed"
      ? cancellationTerms({ ...booking, contractAt: contractOf(booking, packageBoughtAt) }, now)
      : { allowed: false as const };
  const returnsCredit = terms.allowed && terms.percent === 100 && Boolean(booking.creditId);
  return {
    id: booking.id,
    serviceId: booking.serviceId,
    serviceTitle: findService(booking.serviceId)?.title ?? booking.serviceId,
    place: booking.place,
    startsAt: booking.startsAt.toISOString(),
    endsAt: booking.endsAt.toISOString(),
    status: booking.status,
    attendance: booking.attendance,
    note: booking.note,
    amountCents: booking.amountCents,
    refundCents,
    refundVoucherCents: row.refundVoucherCents ?? 0,
    voucherLeftCents: row.voucherLeftCents,
    cancelRefundCents: terms.allowed ? (returnsCredit ? 0 : terms.refundCents) : null,
    cancelPercent: terms.allowed ? (returnsCredit ? 0 : terms.percent) : null,
    cancelReturnsCredit: returnsCredit,
    canReschedule: booking.status === "confirmed" && canReschedule(booking.startsAt, now),
    fromPackage: Boolean(booking.packageId),
    arrangedDirectly: booking.purchaseId === null,
  };
}

/** My Sessions: the client's booked and cancelled sessions (not holds or refused payments), and package credits. */
export async function listMySessions(services: AppServices, userId: string, now = new Date()) {
  const { db } = services.database;
  const { rows, packs } = await cacheUntilChanged(db, MY_SESSIONS, userId, () => readMySessions(db, userId));
  const sessions = rows.map((row) => toView(row, now));
  return {
    upcoming: sessions.filter((s) => s.status === "confirmed" && new Date(s.endsAt) > now),
    past: sessions.filter((s) => !(s.status === "confirmed" && new Date(s.endsAt) > now)).reverse(),
    packages: packs.map(({ pack, available, refunded, unbookedCents }) => ({
      id: pack.id,
      serviceId: pack.serviceId,
      title: findService(pack.serviceId)?.title ?? pack.serviceId,
      sessions: pack.sessions,
      // Credits left to book (decision 041); `expired` says whether they still can be.
      remaining: available,
      refunded,
      /** What ending the package now would refund: its unbooked sessions' shares. */
      unbookedCents,
      expiresAt: pack.expiresAt.toISOString(),
      expired: pack.expiresAt <= now,
    })),
  };
}

/**
 * A client's sessions and packages as stored, read once per change of them (decision 052); what
 * depends on the time (upcoming or past, what cancelling returns) is worked out at each request.
 * The order's gift voucher part (`voucherLeftCents`) is read from purchases too, but is set with the
 * checkout, before the booking's own last change (its payment); what goes back of it is in refunds.
 * So purchases is left out: every checkout anywhere would otherwise drop every client's entry.
 */
const MY_SESSIONS: CacheSpec = {
  name: "my-sessions",
  tables: ["bookings", "refunds", "booking_packages", "package_credits"],
  ttlMs: 5 * 60_000,
  maxEntries: 2_000,
};

async function readMySessions(db: Database, userId: string) {
  const rows = await db
    .select(sessionColumns)
    .from(bookings)
    .leftJoin(refunds, eq(refunds.bookingId, bookings.id))
    .leftJoin(bookingPackages, eq(bookingPackages.id, bookings.packageId))
    .leftJoin(purchases, eq(purchases.id, bookings.purchaseId))
    .where(and(eq(bookings.userId, userId), inArray(bookings.status, ["confirmed", "cancelled"])))
    .orderBy(asc(bookings.startsAt));
  const packs = await db
    .select({
      pack: bookingPackages,
      available: sql<number>`count(*) filter (where ${packageCredits.state} = 'available')`.mapWith(Number),
      refunded: sql<number>`count(*) filter (where ${packageCredits.state} = 'refunded')`.mapWith(Number),
      unbookedCents:
        sql<number>`coalesce(sum(${packageCredits.valueCents}) filter (where ${packageCredits.state} = 'available'), 0)`.mapWith(
          Number,
        ),
    })
    .from(bookingPackages)
    .leftJoin(packageCredits, eq(packageCredits.packageId, bookingPackages.id))
    .where(eq(bookingPackages.userId, userId))
    .groupBy(bookingPackages.id)
    .orderBy(desc(bookingPackages.createdAt));
  return { rows, packs };
}

/** One of the client's own sessions; null for anyone else's (they cannot tell it exists). */
export async function getMySession(services: AppServices, userId: string, bookingId: string, now = new Date()) {
  const [row] = await services.database.db
    .select(sessionColumns)
    .from(bookings)
    .leftJoin(refunds, eq(refunds.bookingId, bookings.id))
    .leftJoin(bookingPackages, eq(bookingPackages.id, bookings.packageId))
    .leftJoin(purchases, eq(purchases.id, bookings.purchaseId))
    .where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)));
  // The order that paid for it, for the page to tell a return from paying for it (not sent to the browser).
  return row ? { ...toView(row, now), purchaseId: row.booking.purchaseId } : null;
}
