import { eq } from "drizzle-orm";
import fc from "fast-check";
import { applyPaymentEvent } from "~/features/shop/apply-payment-event.server";
import { createCheckout } from "~/features/shop/create-checkout.server";
import { refundPurchase } from "~/features/shop/refund-purchase.server";
import { runShopUpkeep } from "~/features/shop/run-shop-upkeep.server";
import { issueVoucher } from "~/features/shop/voucher/issue-voucher.server";
import { startVoucherCheckout } from "~/features/shop/voucher/start-voucher-checkout.server";
import { voidVoucher } from "~/features/shop/voucher/void-voucher.server";
import { voucherLineId } from "~/features/shop/voucher/voucher-model";
import { AppError } from "~/lib/app-error";
import type { Database } from "~/lib/db/client.server";
import { bookings, purchases, vouchers } from "~/lib/db/schema.server";
import { addDays, zonedDate, zonedInstant } from "~/lib/zoned-time";
import { bookWithCredit } from "./book-with-credit.server";
import { bookingLineId } from "./booking-model";
import { type bookingTestKit, openDay, request } from "./booking-test-kit";
import { cancelBooking, cancellationTermsOf } from "./cancel-booking.server";
import { endPackage } from "./end-package.server";
import { rescheduleBooking } from "./reschedule-booking.server";
import { startBookingCheckout } from "./start-booking-checkout.server";

/**
 * What the ledger's property test (`ledger-invariants.db.test.ts`) does at random: the operations of
 * clients, the practitioner, the owner and the payment provider, each a fast-check record, and `run`,
 * which carries one out against the test kit's database (decisions 040, 041, 048).
 */
type BookingTestKit = ReturnType<typeof bookingTestKit>;
const HOUR = 3_600_000;

export type World = {
  account: { id: string; email: string };
  orders: { purchaseId: string; checkout: Parameters<typeof applyPaymentEvent>[1]["event"] }[];
  /** Checkouts left unpaid, with the payment that may still come and the voucher code they used. */
  abandoned: (World["orders"][number] & { voucherCode: string })[];
  sessions: string[];
  packages: string[];
  productId: string;
  /** Gift vouchers bought or issued in this sequence (decision 048). */
  vouchers: { id: string; code: string }[];
};

const SERVICES = [
  { id: "one-on-one", cents: 5000 },
  { id: "healing-journey", cents: 8000 },
  { id: "transformation-journey", cents: 14000 },
] as const;

/** Slots the sequences book into: four days a week apart (the package rules' gap), eight times each. */
const days = () => {
  const first = openDay(3);
  return [0, 7, 14, 21].map((d) => addDays(first, d));
};
const TIMES = ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"];
const slot = (i: number) => {
  const all = days();
  return zonedInstant(all[i % all.length] as string, TIMES[Math.floor(i / all.length) % TIMES.length] as string);
};

/** Which of the sequence's sessions or orders: most often the latest, as a person acting on what she just did. */
const recent = fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 2, arbitrary: fc.nat(7) });
const pick = <T>(list: readonly T[], back: number): T | undefined =>
  list[list.length - 1 - (back % Math.max(1, list.length))];

/** Money moves most where sessions are bought, booked from credits and cancelled: those come most often. */
const op = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("buy" as const), service: fc.nat(2), slot: fc.nat(31) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("buyProduct" as const) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("credit" as const), pack: recent, slot: fc.nat(31) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("cancel" as const),
      session: recent,
      by: fc.constantFrom("client" as const, "practitioner" as const),
      late: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("reschedule" as const), session: recent, slot: fc.nat(31) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("adminRefund" as const), order: recent }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("replay" as const), order: recent }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("reversal" as const), order: recent }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("endPackage" as const), pack: recent }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("expire" as const) }) },
  // Gift vouchers: bought (sent now or on a later day), issued by the owner, spent in part on a
  // product and on a booking, voided, past their date; refunds of what they paid go back to them.
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("buyVoucher" as const),
      pounds: fc.constantFrom(10, 25, 60),
      later: fc.boolean(),
      issued: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("spendOnProduct" as const), voucher: recent, paid: fc.boolean() }),
  },
  // A checkout left unpaid, closed (its voucher hold released once the voucher is used again), then
  // paid after all: a card payment that was on its way.
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("latePay" as const), order: recent, spentMeanwhile: fc.boolean() }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("spendOnBooking" as const),
      voucher: recent,
      service: fc.nat(2),
      slot: fc.nat(31),
      paid: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("endVoucher" as const),
      voucher: recent,
      how: fc.constantFrom("void" as const, "expire" as const),
    }),
  },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;
export const step = fc.record({ op, twice: fc.boolean() });

/** The provider's word that a checkout was paid, as the demo page (or a voucher paying it all) sends it. */
function paidEvent(
  ref: string,
  userId: string,
  productIds: string[],
  totalCents: number,
  provider: "demo" | "voucher" = "demo",
) {
  return {
    kind: "checkout.paid" as const,
    checkout: {
      provider,
      ref,
      userId,
      productIds,
      totalCents,
      paymentRef: provider === "demo" ? `demo_pi_${ref}` : null,
      consentAt: null,
      mode: "payment" as const,
    },
  };
}

/** A booking that bought a package: the package joins the sequence's own, for later steps to use. */
async function notePackage(db: Database, world: World, bookingId: string) {
  const [done] = await db.select({ packageId: bookings.packageId }).from(bookings).where(eq(bookings.id, bookingId));
  if (done?.packageId) world.packages.push(done.packageId);
}

/** Refusals are expected outcomes (a slot taken, nothing left to refund); anything else is a bug. */
export const tally = new Map<string, number>();
export async function tolerate(work: () => Promise<unknown>, label = "") {
  try {
    await work();
    tally.set(`${label} ok`, (tally.get(`${label} ok`) ?? 0) + 1);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    tally.set(`${label} ${error.message}`, (tally.get(`${label} ${error.message}`) ?? 0) + 1);
  }
}

export async function run(kit: BookingTestKit, world: World, o: Op) {
  const { services } = kit.t;
  const { db } = services.database;
  switch (o.kind) {
    case "buy": {
      const service = SERVICES[o.service] as (typeof SERVICES)[number];
      const { bookingId } = await startBookingCheckout(
        services,
        world.account,
        request(slot(o.slot), service.id, "distance"),
      );
      const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
      const event = paidEvent(row?.purchaseId ?? "", world.account.id, [bookingLineId(bookingId)], service.cents);
      await applyPaymentEvent(services, { event });
      world.orders.push({ purchaseId: row?.purchaseId ?? "", checkout: event });
      world.sessions.push(bookingId);
      await notePackage(db, world, bookingId);
      return;
    }
    case "buyProduct": {
      const { url } = await createCheckout(services, world.account, { productIds: [world.productId] });
      const ref = url.split("/").pop() as string;
      const event = paidEvent(ref, world.account.id, [world.productId], 1999);
      await applyPaymentEvent(services, { event });
      world.orders.push({ purchaseId: ref, checkout: event });
      return;
    }
    case "credit": {
      const packageId = pick(world.packages, o.pack);
      if (!packageId) return;
      const { bookingId } = await bookWithCredit(services, world.account, {
        packageId,
        startsAt: slot(o.slot),
        place: "distance",
        note: "",
        expressRequest: true,
      });
      world.sessions.push(bookingId);
      return;
    }
    case "cancel": {
      const bookingId = pick(world.sessions, o.session);
      if (!bookingId) return;
      const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
      if (!row) return;
      const now = o.late ? new Date(row.startsAt.getTime() - 2 * HOUR) : new Date();
      const terms = await cancellationTermsOf(db, row, now, o.by);
      await cancelBooking(
        services,
        {
          bookingId,
          by: o.by,
          userId: o.by === "client" ? world.account.id : undefined,
          expectedRefundCents: terms.allowed ? terms.refundCents : undefined,
        },
        now,
      );
      return;
    }
    case "reschedule": {
      const bookingId = pick(world.sessions, o.session);
      if (!bookingId) return;
      await rescheduleBooking(services, { bookingId, userId: world.account.id, startsAt: slot(o.slot) });
      return;
    }
    case "adminRefund": {
      const order = pick(world.orders, o.order);
      if (order) await refundPurchase(services, order.purchaseId);
      return;
    }
    case "replay": {
      const order = pick(world.orders, o.order);
      if (order) await applyPaymentEvent(services, { event: order.checkout });
      return;
    }
    case "reversal": {
      const order = pick(world.orders, o.order);
      if (!order) return;
      await applyPaymentEvent(services, {
        event: {
          kind: "payment.reversed",
          provider: "demo",
          paymentRef: `demo_pi_${order.purchaseId}`,
          reason: "dispute",
        },
      });
      return;
    }
    case "endPackage": {
      const packageId = pick(world.packages, o.pack);
      if (packageId) await endPackage(services, { packageId, userId: world.account.id });
      return;
    }
    case "expire":
      await runShopUpkeep(services, new Date(Date.now() + 90 * 24 * HOUR));
      return;
    case "buyVoucher": {
      if (o.issued) {
        const issued = await issueVoucher(services, {
          valueCents: o.pounds * 100,
          recipientName: "Friend",
          recipientEmail: "friend@example.com",
          message: "",
          note: "a prize",
        });
        world.vouchers.push(issued);
        return;
      }
      const { voucherId } = await startVoucherCheckout(services, world.account, {
        kind: "amount",
        pounds: o.pounds,
        serviceId: "",
        buyerName: "Buyer",
        recipientName: "Friend",
        recipientEmail: "friend@example.com",
        message: "",
        sendOn: o.later ? addDays(zonedDate(new Date()), 2) : "",
      });
      const [voucher] = await db.select().from(vouchers).where(eq(vouchers.id, voucherId));
      const ref = voucher?.purchaseId ?? "";
      const event = paidEvent(ref, world.account.id, [voucherLineId(voucherId)], o.pounds * 100);
      await applyPaymentEvent(services, { event });
      world.orders.push({ purchaseId: ref, checkout: event });
      world.vouchers.push({ id: voucherId, code: voucher?.code ?? "" });
      return;
    }
    case "spendOnProduct": {
      const voucher = pick(world.vouchers, o.voucher);
      if (!voucher) return;
      // Each spend is a new buyer (one account owns a product once): the voucher is what is shared.
      const buyer = await kit.client("spender");
      const opened = await createCheckout(services, buyer, {
        productIds: [world.productId],
        voucherCode: voucher.code,
      });
      const ref = opened.url.startsWith("/demo-checkout/") ? (opened.url.split("/").pop() as string) : null;
      if (!ref) return;
      const event = paidEvent(ref, buyer.id, [world.productId], opened.totalCents);
      if (!o.paid) {
        // Left open too long: closed here, its hold given back when the voucher is next used.
        await db.update(purchases).set({ status: "expired" }).where(eq(purchases.id, ref));
        world.abandoned.push({ purchaseId: ref, checkout: event, voucherCode: voucher.code });
        return;
      }
      await applyPaymentEvent(services, { event });
      world.orders.push({ purchaseId: ref, checkout: event });
      return;
    }
    case "latePay": {
      const order = pick(world.abandoned, o.order);
      if (!order) return;
      if (o.spentMeanwhile) {
        // The voucher used again before the payment arrives: the closed checkout's hold is given back.
        const buyer = await kit.client("spender");
        await createCheckout(services, buyer, { productIds: [world.productId], voucherCode: order.voucherCode });
      }
      await applyPaymentEvent(services, { event: order.checkout });
      world.orders.push(order);
      return;
    }
    case "spendOnBooking": {
      const voucher = pick(world.vouchers, o.voucher);
      if (!voucher) return;
      const service = SERVICES[o.service] as (typeof SERVICES)[number];
      const { bookingId } = await startBookingCheckout(services, world.account, {
        ...request(slot(o.slot), service.id, "distance"),
        voucherCode: voucher.code,
      });
      const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
      const [order] = await db
        .select()
        .from(purchases)
        .where(eq(purchases.id, row?.purchaseId ?? ""));
      if (!row?.purchaseId || !order) return;
      world.sessions.push(bookingId);
      if (order.status === "pending") {
        const event = paidEvent(row.purchaseId, world.account.id, [bookingLineId(bookingId)], order.totalAmountCents);
        if (o.paid) {
          await applyPaymentEvent(services, { event });
          world.orders.push({ purchaseId: row.purchaseId, checkout: event });
        } else {
          // Walked away: the checkout closes unpaid and the voucher's hold comes back.
          await db.update(purchases).set({ status: "expired" }).where(eq(purchases.id, order.id));
          await db.update(bookings).set({ status: "released" }).where(eq(bookings.id, bookingId));
          world.abandoned.push({ purchaseId: row.purchaseId, checkout: event, voucherCode: voucher.code });
        }
      } else
        world.orders.push({
          purchaseId: order.id,
          checkout: paidEvent(order.id, world.account.id, [bookingLineId(bookingId)], 0, "voucher"),
        });
      await notePackage(db, world, bookingId);
      return;
    }
    case "endVoucher": {
      const voucher = pick(world.vouchers, o.voucher);
      if (!voucher) return;
      if (o.how === "void") await voidVoucher(services, voucher.id, "");
      else
        await db
          .update(vouchers)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(vouchers.id, voucher.id));
      return;
    }
  }
}
