import type { SoldLineKind } from "~/features/shop/line-kinds.server";
import { BOOKING_LINE_PREFIX, bookingLineId } from "./booking-model";
import { describeBookingLines } from "./describe-lines.server";
import { expireBookingHolds } from "./expire-booking-holds.server";
import { expireCredits } from "./expire-credits.server";
import { bookingOfCheckout, fulfilBooking } from "./fulfil-booking.server";
import { trySendBookingMail } from "./send-booking-mail.server";
import { sendDueReminders } from "./send-due-reminders.server";

/**
 * Sessions and packages as the shop sells them (its line-kind contract, decision 040): a payment
 * names the booking it is for; it confirms the held slot (and opens a package's credits) or, if
 * the slot went to someone else, is refunded with an apology.
 */
export const bookingLineKind: SoldLineKind = {
  prefix: BOOKING_LINE_PREFIX,
  // A package ended early is told by the shop's refund notice (its own wording for package_ended, and
  // the owner's notice): ending one sends no e-mail of its own.
  refundReasons: ["booking_cancelled", "practitioner_cancelled", "slot_taken"],
  async fulfil(tx, checkout, existing) {
    const bookingId = bookingOfCheckout(checkout);
    if (!bookingId) return null;
    const done = await fulfilBooking(tx, checkout, existing, bookingId);
    if (!done) return null;
    return {
      purchaseId: done.purchaseId,
      outcome: done.outcome === "confirmed" ? "paid" : "refused",
      refundIds: done.refundIds,
      subject: done.bookingId,
    };
  },
  async afterPaid(services, fulfilment, checkout) {
    if (fulfilment.outcome !== "paid") return;
    await trySendBookingMail(services, fulfilment.subject, { kind: "confirmed", paidCents: checkout.totalCents });
  },
  async afterRefund(services, refund) {
    // A payment for a taken slot gets the apology; a cancellation's e-mail already said what it
    // refunds. (A package ended early is not claimed here: the shop's refund e-mail tells it, with
    // the package's line and a link to My Sessions.)
    if (refund.reason === "slot_taken" && refund.bookingId) {
      await trySendBookingMail(services, refund.bookingId, {
        kind: "slot_taken",
        refundCents: refund.amountCents,
        voucherCents: refund.voucherCents,
      });
    }
    return true;
  },
  describeLines: describeBookingLines,
  checkoutIdOf: (line) => (line.bookingId ? bookingLineId(line.bookingId) : null),
  async upkeep(services, now) {
    const holdsReleased = await expireBookingHolds(services, now);
    const reminders = await sendDueReminders(services, now);
    const creditsExpired = await expireCredits(services, now);
    return { holdsReleased, reminders, creditsExpired };
  },
};
