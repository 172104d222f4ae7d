import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyPaymentEvent } from "~/features/shop/apply-payment-event.server";
import { createCheckout } from "~/features/shop/create-checkout.server";
import { refundPurchase } from "~/features/shop/refund-purchase.server";
import { runShopUpkeep } from "~/features/shop/run-shop-upkeep.server";
import { issueVoucher } from "~/features/shop/voucher/issue-voucher.server";
import { startVoucherCheckout } from "~/features/shop/voucher/start-voucher-checkout.server";
import { voidVoucher } from "~/features/shop/voucher/void-voucher.server";
import { voucherLineId } from "~/features/shop/voucher/voucher-model";
import { AppError } from "~/lib/app-error";
import { bookings, products, purchases, vouchers } from "~/lib/db/schema.server";
import { addDays, zonedDate, zonedInstant } from "~/lib/zoned-time";
import { printTally, propertyRuns } from "../../../tests/support/property-runs";
import { bookWithCredit } from "./book-with-credit.server";
import { bookingLineId } from "./booking-model";
import { bookingTestKit, openDay, request } from "./booking-test-kit";
import { cancelBooking } from "./cancel-booking.server";
import { cancellationTerms } from "./cancellation-terms";
import { endPackage } from "./end-package.server";
import { rescheduleBooking } from "./reschedule-booking.server";
import { startBookingCheckout } from "./start-booking-checkout.server";

/**
 * The ledger's invariants (decision 040) over random sequences of what clients, the practitioner,
 * the owner and the payment provider do, each possibly twice at once, checked after every step:
 * no line and no order gives back more than it took; a package's credits are always all there,
 * each in one state; no session is both refunded and its credit returned; what gift vouchers pay
 * never exceeds what was paid for them plus what the owner issued (decision 048). LEDGER_RUNS raises the
 * number of sequences (CI runs a few; before a change to money code, run thousands).
 */
const kit = bookingTestKit();
const RUNS = propertyRuns(12);
const HOUR = 3_600_000;

type World = {
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
const step = fc.record({ op, twice: fc.boolean() });

/** Refusals are expected outcomes (a slot taken, nothing left to refund); anything else is a bug. */
const tally = new Map<string, number>();
async function tolerate(work: () => Promise<unknown>, label = "") {
  try {
    await work();
    tally.set(`${label} ok`, (tally.get(`${label} ok`) ?? 0) + 1);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    tally.set(`${label} ${error.message}`, (tally.get(`${label} ${error.message}`) ?? 0) + 1);
  }
}

async function run(world: World, o: Op) {
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
      const event = {
        kind: "checkout.paid" as const,
        checkout: {
          provider: "demo" as const,
          ref: row?.purchaseId ?? "",
          userId: world.account.id,
          productIds: [bookingLineId(bookingId)],
          totalCents: service.cents,
          paymentRef: `demo_pi_${row?.purchaseId}`,
          consentAt: null,
          mode: "payment" as const,
        },
      };
      await applyPaymentEvent(services, { event });
      world.orders.push({ purchaseId: row?.purchaseId ?? "", checkout: event });
      world.sessions.push(bookingId);
      const [done] = await db
        .select({ packageId: bookings.packageId })
        .from(bookings)
        .where(eq(bookings.id, bookingId));
      if (done?.packageId) world.packages.push(done.packageId);
      return;
    }
    case "buyProduct": {
      const { url } = await createCheckout(services, world.account, { productIds: [world.productId] });
      const ref = url.split("/").pop() as string;
      const event = {
        kind: "checkout.paid" as const,
        checkout: {
          provider: "demo" as const,
          ref,
          userId: world.account.id,
          productIds: [world.productId],
          totalCents: 1999,
          paymentRef: `demo_pi_${ref}`,
          consentAt: null,
          mode: "payment" as const,
        },
      };
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
      const terms = cancellationTerms(row, now, o.by);
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
      const event = {
        kind: "checkout.paid" as const,
        checkout: {
          provider: "demo" as const,
          ref,
          userId: world.account.id,
          productIds: [voucherLineId(voucherId)],
          totalCents: o.pounds * 100,
          paymentRef: `demo_pi_${ref}`,
          consentAt: null,
          mode: "payment" as const,
        },
      };
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
      const event = {
        kind: "checkout.paid" as const,
        checkout: {
          provider: "demo" as const,
          ref,
          userId: buyer.id,
          productIds: [world.productId],
          totalCents: opened.totalCents,
          paymentRef: `demo_pi_${ref}`,
          consentAt: null,
          mode: "payment" as const,
        },
      };
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
        const event = {
          kind: "checkout.paid" as const,
          checkout: {
            provider: "demo" as const,
            ref: row.purchaseId,
            userId: world.account.id,
            productIds: [bookingLineId(bookingId)],
            totalCents: order.totalAmountCents,
            paymentRef: `demo_pi_${row.purchaseId}`,
            consentAt: null,
            mode: "payment" as const,
          },
        };
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
          checkout: {
            kind: "checkout.paid",
            checkout: {
              provider: "voucher",
              ref: order.id,
              userId: world.account.id,
              productIds: [bookingLineId(bookingId)],
              totalCents: 0,
              paymentRef: null,
              consentAt: null,
              mode: "payment",
            },
          },
        });
      const [done] = await db
        .select({ packageId: bookings.packageId })
        .from(bookings)
        .where(eq(bookings.id, bookingId));
      if (done?.packageId) world.packages.push(done.packageId);
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

/** Every invariant, over one client's orders (a sequence's own, so a failure shrinks), or the whole database. */
async function checkInvariants(userId?: string) {
  const { db } = kit.t.services.database;
  const own = (column: string) => (userId ? sql.raw(` and ${column} = '${userId.replace(/'/g, "")}'`) : sql.raw(""));
  const q = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  // No line gives back more than it took, and its running total is its allocations of live refunds.
  expect(
    await q(sql`select l.id from order_lines l
      left join (select rl.line_id, sum(rl.amount_cents) as cents from refund_lines rl
        join refunds r on r.id = rl.refund_id and r.status <> 'failed' group by rl.line_id) a on a.line_id = l.id
      where (l.refunded_cents > l.amount_cents or l.refunded_cents <> coalesce(a.cents, 0))
        ${own("(select user_id from purchases where id = l.purchase_id)")}`),
  ).toEqual([]);
  // No order gives back to a card more than was charged, nor to a voucher more than it paid, nor do
  // its lines take more than the card and the voucher did.
  expect(
    await q(sql`select p.id from purchases p
      where (select coalesce(sum(amount_cents - voucher_cents), 0) from refunds r where r.purchase_id = p.id and r.status <> 'failed') > p.total_amount_cents
        or (select coalesce(sum(voucher_cents), 0) from refunds r where r.purchase_id = p.id and r.status <> 'failed') > p.voucher_cents
        or (select coalesce(sum(amount_cents), 0) from order_lines l where l.purchase_id = p.id) > p.total_amount_cents + p.voucher_cents
        ${own("p.user_id")}`),
  ).toEqual([]);
  // Vouchers (decision 048): each balance is its entries' sum and never below zero; what vouchers paid
  // for orders, less what came back, never exceeds what was paid for them plus what the owner gave;
  // a paid order's voucher part is held by a live redemption of that amount (a released hold taken again).
  expect(
    await q(sql`select v.id from vouchers v
      where v.balance_cents < 0 or v.balance_cents <> (select coalesce(sum(amount_cents), 0) from voucher_entries e where e.voucher_id = v.id)`),
  ).toEqual([]);
  const [money] = await q(sql`select
      coalesce((select -sum(amount_cents) from voucher_entries where kind in ('redeem', 'retake')), 0)
        - coalesce((select sum(amount_cents) from voucher_entries where kind in ('release', 'restore')), 0) as paid_out,
      coalesce((select sum(amount_cents) from voucher_entries where kind in ('issue', 'topup', 'reissue')), 0)
        + coalesce((select sum(amount_cents) from voucher_entries where kind = 'cancel'), 0) as put_in`);
  expect(Number(money?.paid_out)).toBeLessThanOrEqual(Number(money?.put_in));
  expect(
    await q(sql`select p.id from purchases p where p.voucher_cents > 0 and p.status in ('paid', 'refunded')
      and p.voucher_cents <> coalesce((select -sum(e.amount_cents) from voucher_entries e
        where e.purchase_id = p.id and e.kind in ('redeem', 'release', 'retake')), 0)
      ${own("p.user_id")}`),
  ).toEqual([]);
  // Credits: all there (available + booked + used + refunded + expired = bought), worth what the package took.
  expect(
    await q(sql`select k.id from booking_packages k
      left join order_lines l on l.package_id = k.id
      where ((select count(*) from package_credits c where c.package_id = k.id) <> k.sessions
        or (select coalesce(sum(value_cents), 0) from package_credits c where c.package_id = k.id) <> coalesce(l.amount_cents, 0))
        ${own("k.user_id")}`),
  ).toEqual([]);
  // No session both refunded and its credit returned; a booked credit has exactly its one live session.
  expect(
    await q(sql`select b.id from bookings b join refunds r on r.booking_id = b.id and r.status <> 'failed' and r.amount_cents > 0
      join package_credits c on c.id = b.credit_id where c.state <> 'refunded' ${own("b.user_id")}`),
  ).toEqual([]);
  expect(
    await q(sql`select c.id from package_credits c
      where (c.state = 'booked') <> exists (select 1 from bookings b where b.credit_id = c.id and b.status in ('held', 'confirmed'))
        ${own("(select user_id from booking_packages where id = c.package_id)")}`),
  ).toEqual([]);
}

describe("the ledger", () => {
  it("keeps its invariants through any sequence of sales, bookings, cancellations, refunds and provider events", async () => {
    const { db } = kit.t.services.database;
    const productId = `guide-${crypto.randomUUID().slice(0, 8)}`;
    await db
      .insert(products)
      .values({ id: productId, title: "A Guide", priceCents: 1999, downloadUrl: "pdfs/guide.pdf" });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 20 }), async (steps) => {
        const world: World = {
          account: await kit.client("ledger"),
          orders: [],
          abandoned: [],
          sessions: [],
          packages: [],
          productId,
          vouchers: [],
        };
        try {
          for (const { op: o, twice } of steps) {
            if (twice)
              await Promise.all([tolerate(() => run(world, o), o.kind), tolerate(() => run(world, o), o.kind)]);
            else await tolerate(() => run(world, o), o.kind);
            await checkInvariants(world.account.id);
          }
        } finally {
          // Free the slots for the next sequence: the practitioner cancels what is left.
          const live = await db
            .select({ id: bookings.id, status: bookings.status })
            .from(bookings)
            .where(eq(bookings.userId, world.account.id));
          for (const b of live.filter((b) => b.status === "confirmed")) {
            await tolerate(() => cancelBooking(kit.t.services, { bookingId: b.id, by: "practitioner" }));
          }
          await db
            .update(bookings)
            .set({ status: "released" })
            .where(sql`${bookings.userId} = ${world.account.id} and ${bookings.status} = 'held'`);
        }
        await checkInvariants(world.account.id);
      }),
      RUNS,
    );
    await checkInvariants();
    if (printTally())
      console.log(
        [...tally]
          .sort()
          .map(([k, n]) => `${n}\t${k}`)
          .join("\n"),
      );
    const [paid] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(purchases);
    expect(paid?.n ?? 0).toBeGreaterThan(0);
  }, 1_200_000);
});
