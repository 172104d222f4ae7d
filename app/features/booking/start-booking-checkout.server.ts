import { and, eq, inArray } from "drizzle-orm";
import {
  checkoutFailed,
  getPaymentProvider,
  releaseDiscount,
  releaseVoucherHold,
  reserveDiscount,
  reserveVoucher,
  settleVoucherOnlyOrder,
  writeOrderLines,
} from "~/features/shop/line-kinds.server";
import { AppError } from "~/lib/app-error";
import { bookings, purchases } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { formatSessionTime, zonedDate } from "~/lib/zoned-time";
import {
  BOOKING_LIMITS,
  bookingLineId,
  bookingMessages,
  EXPRESS_REQUEST_WORDING,
  findService,
  type Place,
  sessionShareCents,
} from "./booking-model";
import { listBusy, lockDays, readAvailability, releaseExpiredHolds } from "./booking-store.server";
import { takeUpOwnOffers } from "./booking-waitlist.server";
import { needsExpressRequest } from "./cancellation-terms";
import { sessionLine } from "./fulfil-booking.server";
import { isFreeSlot } from "./generate-slots";

export type BookingRequest = {
  serviceId: string;
  startsAt: Date;
  place: Place;
  note: string;
  expressRequest: boolean;
  /** The client's IANA time zone from their browser, already checked (`parseClientTimeZone`); null if unknown. */
  clientTimeZone?: string | null | undefined;
  /** A gift voucher's code, to pay all or part of it (decision 048). */
  voucherCode?: string | undefined;
  /** A discount code the owner limited to sessions or packages (issue 25 item 7). */
  discountCode?: string | undefined;
};

/**
 * Holds a slot for the signed-in client and opens the payment for it. The hold is taken under the
 * day's lock (`lockDays`): of any number of clients racing for one slot, exactly one holds it, and
 * the others are told it has just gone. A client holds one slot at a time (a new hold lets go of
 * their older one). The slot stays held for 15 minutes; `fulfilBooking` confirms it when the money
 * arrives, or refunds a payment that came too late for a slot someone else then took.
 */
export async function startBookingCheckout(
  services: AppServices,
  account: { id: string; email: string },
  request: BookingRequest,
  now = new Date(),
): Promise<{ url: string; bookingId: string; paidByVoucher: boolean }> {
  const service = findService(request.serviceId);
  if (!service) throw new AppError("not_found", "Service not found");
  if (!service.places.includes(request.place)) throw new AppError("invalid_request", bookingMessages.placeNotOffered);
  const express = needsExpressRequest(request.startsAt, now);
  if (express && !request.expressRequest) {
    throw new AppError("invalid_request", bookingMessages.expressRequestMissing, "Booking");
  }
  const { db } = services.database;
  const bookingId = crypto.randomUUID();
  const purchaseId = crypto.randomUUID();
  const day = zonedDate(request.startsAt);
  const endsAt = new Date(request.startsAt.getTime() + service.minutes * 60_000);

  const released = await db.transaction(async (tx) => {
    await lockDays(tx, [day]);
    await releaseExpiredHolds(tx, [day], now);
    // A time held for this client from the waiting list is theirs to take.
    await takeUpOwnOffers(tx, account.id, day, now);
    const availability = await readAvailability(tx);
    const busy = await listBusy(tx, { from: day, to: day }, now);
    if (!isFreeSlot({ availability, start: request.startsAt, minutes: service.minutes, busy, now })) {
      throw new AppError("conflict", bookingMessages.slotTaken, "Booking");
    }
    // One hold per client: an older one (another tab, a changed mind) is let go.
    const older = await tx
      .update(bookings)
      .set({ status: "released", holdExpiresAt: null })
      .where(and(eq(bookings.userId, account.id), eq(bookings.status, "held")))
      .returning({ purchaseId: bookings.purchaseId });
    await tx.insert(bookings).values({
      id: bookingId,
      userId: account.id,
      serviceId: service.id as (typeof bookings.$inferInsert)["serviceId"],
      place: request.place,
      startsAt: request.startsAt,
      endsAt,
      day,
      status: "held",
      holdExpiresAt: new Date(now.getTime() + BOOKING_LIMITS.holdMinutes * 60_000),
      note: request.note,
      clientTimeZone: request.clientTimeZone ?? null,
      expressRequest: express ? { at: now.toISOString(), wording: EXPRESS_REQUEST_WORDING } : null,
      purchaseId,
      amountCents: sessionShareCents(service),
    });
    return older.flatMap((row) => (row.purchaseId ? [row.purchaseId] : []));
  });
  await closeCheckouts(services, released);

  const letGo = () =>
    db
      .update(bookings)
      .set({ status: "released", holdExpiresAt: null })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, "held")));
  const title = `${service.title}, ${formatSessionTime(request.startsAt)}`;
  // A discount code's use is held with the slot, priced on the session's line (decision 033's rule,
  // limited to sessions or packages and perhaps to a first visit).
  let discount: { code: string; cents: number } | null = null;
  if (request.discountCode) {
    try {
      const reserved = await reserveDiscount(db, {
        code: request.discountCode,
        purchaseId,
        lines: [{ productId: bookingLineId(bookingId), title, unitAmountCents: service.priceCents }],
        scope: service.sessions > 1 ? "packages" : "sessions",
        userId: account.id,
        now,
      });
      discount = { code: reserved.code, cents: reserved.priced.discountCents };
    } catch (error) {
      await letGo();
      throw error;
    }
  }
  const dueCents = service.priceCents - (discount?.cents ?? 0);
  // A single session's refunds are of what it took after the code (a package's credits share its line).
  if (discount && service.sessions === 1) {
    await db.update(bookings).set({ amountCents: dueCents }).where(eq(bookings.id, bookingId));
  }
  // A gift voucher's part is held with the slot: it pays what it can, the card the rest (or nothing).
  let voucherCents = 0;
  if (request.voucherCode) {
    const code = request.voucherCode;
    try {
      const hold = await db.transaction((tx) =>
        reserveVoucher(tx, { code, purchaseId, dueCents, serviceId: service.id, now }),
      );
      voucherCents = hold.amountCents;
    } catch (error) {
      await letGo();
      if (discount) await releaseDiscount(db, purchaseId);
      throw error;
    }
  }
  const totalCents = dueCents - voucherCents;
  const takenOff = (discount?.cents ?? 0) + voucherCents;

  const provider = getPaymentProvider(services);
  const lines = [
    {
      productId: bookingLineId(bookingId),
      title,
      unitAmountCents: service.priceCents,
    },
  ];
  let checkout: { ref: string; url: string };
  try {
    checkout =
      totalCents === 0
        ? { ref: purchaseId, url: `/my-sessions/${bookingId}` }
        : await provider.createCheckout({
            mode: "payment",
            purchaseId,
            user: account,
            lines,
            totalCents,
            consentAt: now.toISOString(),
            returnPath: `/my-sessions/${bookingId}`,
            cancelPath: `/book/${service.id}`,
            discount:
              takenOff > 0
                ? {
                    code: [discount?.code, voucherCents > 0 ? "Gift voucher" : null].filter(Boolean).join(" + "),
                    amountCents: takenOff,
                  }
                : undefined,
          });
  } catch (error) {
    await letGo();
    if (voucherCents > 0) await db.transaction((tx) => releaseVoucherHold(tx, purchaseId));
    if (discount) await releaseDiscount(db, purchaseId);
    throw checkoutFailed(services, provider, error, "booking");
  }
  // A webhook may have beaten this insert and made the row already: then this is a no-op. The order
  // names no catalogue product: its one line is the session (or package) it pays for.
  await db.transaction(async (tx) => {
    await tx
      .insert(purchases)
      .values({
        id: purchaseId,
        userId: account.id,
        status: "pending",
        totalAmountCents: totalCents,
        voucherCents,
        discountCode: discount?.code ?? null,
        discountCents: discount?.cents ?? 0,
        productIds: [],
        provider: totalCents === 0 ? "voucher" : provider.name,
        providerRef: checkout.ref,
      })
      .onConflictDoNothing();
    await writeOrderLines(tx, purchaseId, [
      {
        ...sessionLine(service, { id: bookingId, serviceId: service.id }, dueCents),
        discountCents: discount?.cents ?? 0,
        title,
      },
    ]);
  });
  if (totalCents === 0) {
    await settleVoucherOnlyOrder(services, {
      purchaseId,
      userId: account.id,
      productIds: [bookingLineId(bookingId)],
      consentAt: now.toISOString(),
    });
  }
  // `paidByVoucher`: a voucher paid it all, so it is booked already and `url` is its page.
  return { url: checkout.url, bookingId, paidByVoucher: totalCents === 0 };
}

/** Closes the checkouts of holds that were let go, so they can no longer be paid (Stripe). */
export async function closeCheckouts(services: AppServices, purchaseIds: string[]): Promise<void> {
  if (purchaseIds.length === 0) return;
  const { db } = services.database;
  const open = await db
    .update(purchases)
    .set({ status: "expired" })
    .where(and(inArray(purchases.id, purchaseIds), eq(purchases.status, "pending")))
    .returning({ ref: purchases.providerRef });
  const provider = getPaymentProvider(services);
  for (const { ref } of open) {
    if (ref) {
      await provider
        .expireCheckout(ref)
        .catch((error: unknown) => services.logger.warn({ err: error, ref }, "could not close a booking checkout"));
    }
  }
}
