// biome-ignore-all lint/suspicious/noExplicitAny: fake Stripe request bodies are loosely shaped JSON
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookedOver14DaysAhead } from "~/features/booking/booking-test-kit";
import { cancelBooking } from "~/features/booking/cancel-booking.server";
import { startBookingCheckout } from "~/features/booking/start-booking-checkout.server";
import { bookings, purchases, refunds } from "~/lib/db/schema.server";
import { addDays, weekdayOf, zonedDate, zonedInstant } from "~/lib/zoned-time";
import { startFakeStripe } from "../support/fake-stripe";
import { readOutbox } from "../support/outbox";
import { signedInUser } from "../support/shop-accounts";
import { createTestApp } from "../support/test-app";

/**
 * Booking on Stripe (issue 16), through a local fake of its API: a session is paid by Checkout and
 * confirmed by the signed `checkout.session.completed` webhook, and the policy's refunds go back
 * through Stripe's Refunds API, once, however often the cancel is clicked.
 */

const SECRET = "whsec_booking";
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  fake = await startFakeStripe({ webhookSecret: SECRET });
  t = await createTestApp(fake.env);
});
afterAll(async () => {
  await t?.cleanup();
  await fake?.close();
});

const db = () => t.services.database.db;
const MINUTE = 60_000;

function deliver(event: unknown) {
  const payload = JSON.stringify(event);
  return t.app.request("/api/webhooks/stripe", {
    method: "POST",
    body: payload,
    headers: { "content-type": "application/json", "stripe-signature": fake.sign(payload) },
  });
}

/** A fresh open day (Tuesday-Saturday) for each test, at least three days ahead. */
let ahead = 2;
function freshDay(): string {
  let date: string;
  do date = addDays(zonedDate(new Date()), ++ahead);
  while (![2, 3, 4, 5, 6].includes(weekdayOf(date)));
  return date;
}

async function book(startsAt: Date, now = new Date()) {
  const client = await signedInUser(t.services, "client");
  const request = { serviceId: "one-on-one", startsAt, place: "in_person" as const, note: "", expressRequest: true };
  const { url, bookingId } = await startBookingCheckout(t.services, client, request, now);
  return { client, bookingId, sessionId: url.split("/").pop() as string };
}

async function payByWebhook(sessionId: string) {
  const completed = fake.event("checkout.session.completed", fake.pay(sessionId));
  const res = await deliver(completed);
  expect(res.status).toBe(200);
  return completed as any;
}

const bookingRow = async (id: string) => (await db().select().from(bookings).where(eq(bookings.id, id)))[0];

describe("booking paid through Stripe", () => {
  it("is confirmed by the checkout.session.completed webhook, once however often it is delivered", async () => {
    const { client, bookingId, sessionId } = await book(zonedInstant(freshDay(), "10:00"));
    const created = fake.requests.findLast((r) => r.path === "/v1/checkout/sessions")?.body as Record<string, any>;
    expect(created.mode).toBe("payment");
    expect(created.metadata.productIds).toBe(`booking:${bookingId}`);
    expect(created.line_items.map((l: any) => l.price_data.unit_amount)).toEqual(["5000"]);
    expect((await bookingRow(bookingId))?.status).toBe("held");

    const completed = await payByWebhook(sessionId);
    expect((await deliver(completed)).status).toBe(200);
    expect((await bookingRow(bookingId))?.status).toBe("confirmed");
    const [purchase] = await db()
      .select()
      .from(purchases)
      .where(eq(purchases.id, (await bookingRow(bookingId))?.purchaseId ?? ""));
    expect(purchase).toMatchObject({ status: "paid", provider: "stripe", totalAmountCents: 5000 });
    const confirmations = readOutbox(t.dataDir).filter((m) => m.to === client.email && /is booked/.test(m.subject));
    expect(confirmations).toHaveLength(1);
  });

  it("cancelled 24 hours or more ahead: refunded in full through Stripe, once across racing clicks", async () => {
    const { client, bookingId, sessionId } = await book(zonedInstant(freshDay(), "11:00"));
    const intent = (await payByWebhook(sessionId)).data.object.payment_intent as string;
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => cancelBooking(t.services, { bookingId, by: "client", userId: client.id })),
    );
    expect(results.every((r) => r.status === "fulfilled")).toBe(true);
    const [refund] = await db().select().from(refunds).where(eq(refunds.bookingId, bookingId));
    // Clicks that came while the refund was on its way send it again under the same key (the
    // refund's id), which Stripe answers without refunding twice.
    expect(fake.refundsMade.filter((r) => r.paymentIntent === intent)).toEqual([
      { paymentIntent: intent, amount: 5000, idempotencyKey: `refund-${refund?.id}` },
    ]);
    expect(refund).toMatchObject({ status: "succeeded", amountCents: 5000, reason: "booking_cancelled" });
    expect((await bookingRow(bookingId))?.status).toBe("cancelled");
  });

  it("cancelled later than 24 hours ahead: 50 % refunded through Stripe, after the amount is confirmed", async () => {
    const startsAt = zonedInstant(freshDay(), "12:00");
    const { client, bookingId, sessionId } = await book(startsAt);
    const intent = (await payByWebhook(sessionId)).data.object.payment_intent as string;
    await bookedOver14DaysAhead(t.services, bookingId);
    const late = new Date(startsAt.getTime() - 23 * 60 * MINUTE);
    await expect(cancelBooking(t.services, { bookingId, by: "client", userId: client.id }, late)).rejects.toMatchObject(
      { code: "conflict" },
    );
    expect(fake.refundsMade.filter((r) => r.paymentIntent === intent)).toHaveLength(0);
    await Promise.all(
      Array.from({ length: 3 }, () =>
        cancelBooking(t.services, { bookingId, by: "client", userId: client.id, expectedRefundCents: 2500 }, late),
      ),
    );
    expect(fake.refundsMade.filter((r) => r.paymentIntent === intent).map((r) => r.amount)).toEqual([2500]);
  });

  it("the practitioner's cancellation refunds in full through Stripe, even on the day", async () => {
    const startsAt = zonedInstant(freshDay(), "13:00");
    const { bookingId, sessionId } = await book(startsAt);
    const intent = (await payByWebhook(sessionId)).data.object.payment_intent as string;
    await cancelBooking(t.services, { bookingId, by: "practitioner" }, new Date(startsAt.getTime() - 60 * MINUTE));
    expect(fake.refundsMade.filter((r) => r.paymentIntent === intent)).toHaveLength(1);
    const [refund] = await db().select().from(refunds).where(eq(refunds.bookingId, bookingId));
    expect(refund).toMatchObject({ status: "succeeded", amountCents: 5000, reason: "practitioner_cancelled" });
  });

  it("a payment that arrives after its hold ran out and the slot was taken is refunded through Stripe", async () => {
    const startsAt = zonedInstant(freshDay(), "14:00");
    const first = await book(startsAt);
    // Sixteen minutes on, the hold has run out: someone else books the same time and pays.
    const second = await book(startsAt, new Date(Date.now() + 16 * MINUTE));
    await payByWebhook(second.sessionId);
    const intent = (await payByWebhook(first.sessionId)).data.object.payment_intent as string;
    expect((await bookingRow(first.bookingId))?.status).toBe("refused");
    expect((await bookingRow(second.bookingId))?.status).toBe("confirmed");
    expect(fake.refundsMade.filter((r) => r.paymentIntent === intent)).toHaveLength(1);
    const apology = readOutbox(t.dataDir).filter((m) => m.to === first.client.email && /sorry/i.test(m.subject));
    expect(apology).toHaveLength(1);
  });
});
