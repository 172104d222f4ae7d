import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookedOver14DaysAhead, openDay } from "~/features/booking/booking-test-kit";
import { startBookingCheckout } from "~/features/booking/start-booking-checkout.server";
import { payDemoCheckout } from "~/features/shop/demo/pay-demo-checkout.server";
import { bookings, refunds } from "~/lib/db/schema.server";
import { zonedInstant } from "~/lib/zoned-time";
import { signedInUser } from "../support/shop-accounts";
import { createTestApp } from "../support/test-app";

/**
 * My Sessions' cancel step (decision 061): a session booked under 14 days ago is refunded in full if
 * cancelled before it starts, however late, in one step (the browser test books at short notice and
 * sees it); one booked over 14 days before and cancelled within 24 hours of its start refunds half,
 * and only after a second step that shows what she gets back and loses.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.cleanup());

/** A paid session, moved (in the diary itself) to start in three hours. */
async function sessionSoon(label: string) {
  const client = await signedInUser(t.services, label);
  const { db } = t.services.database;
  const { bookingId } = await startBookingCheckout(t.services, client, {
    serviceId: "one-on-one",
    startsAt: zonedInstant(openDay(9), "10:00"),
    place: "in_person",
    note: "",
    expressRequest: true,
  });
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  await payDemoCheckout(t.services, client.id, row?.purchaseId ?? "");
  const startsAt = new Date(Date.now() + 3 * 3_600_000);
  const length = (row?.endsAt.getTime() ?? 0) - (row?.startsAt.getTime() ?? 0);
  await db
    .update(bookings)
    .set({ startsAt, endsAt: new Date(startsAt.getTime() + length) })
    .where(eq(bookings.id, bookingId));
  return { client, bookingId, amountCents: row?.amountCents ?? 0 };
}

/** The page's text as a person reads it (React's markers between text parts taken out). */
const page = async (cookie: string, address: string) =>
  (await (await t.app.request(`http://localhost:3000${address}`, { headers: { cookie } })).text()).replaceAll(
    "<!-- -->",
    "",
  );
const cancel = (cookie: string, bookingId: string, fields: Record<string, string>) =>
  t.app.request(`http://localhost:3000/my-sessions/${bookingId}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "cancel", ...fields }),
    headers: { cookie, origin: "http://localhost:3000", "content-type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
const refundOf = async (bookingId: string) =>
  (await t.services.database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId))).map(
    (r) => r.amountCents,
  );

describe("cancelling a session within 24 hours of its start", () => {
  it("booked under 14 days ago: refunded in full, in one step", async () => {
    const { client, bookingId, amountCents } = await sessionSoon("recent");
    const html = await page(client.cookie, `/my-sessions/${bookingId}`);
    expect(html).toContain(`Cancelling now refunds in full: £${(amountCents / 100).toFixed(2)}.`);
    expect(html).not.toContain("refunds 50%");
    const res = await cancel(client.cookie, bookingId, { expected: String(amountCents) });
    expect(res.status).toBe(302);
    expect(await refundOf(bookingId)).toEqual([amountCents]);
  });

  it("booked over 14 days before: half back, only after the second step shows what she loses", async () => {
    const { client, bookingId, amountCents } = await sessionSoon("early");
    await bookedOver14DaysAhead(t.services, bookingId);
    const half = Math.floor(amountCents / 2);
    const pounds = (cents: number) => `£${(cents / 100).toFixed(2)}`;
    const first = await page(client.cookie, `/my-sessions/${bookingId}`);
    expect(first).toContain(`cancelling now refunds 50%: ${pounds(half)} of ${pounds(amountCents)}`);
    expect(first).toContain("Cancel my session…");
    const review = await page(client.cookie, `/my-sessions/${bookingId}?cancel=review`);
    expect(review).toContain("You get back");
    expect(review).toContain(`${pounds(half)} (50%)`);
    expect(review).toContain(`Yes, cancel and refund ${pounds(half)}`);
    // A cancel posted with the full amount it no longer gets is refused, and nothing moves.
    const stale = await cancel(client.cookie, bookingId, { expected: String(amountCents), confirmed: "yes" });
    expect(stale.status).toBe(409);
    expect(await refundOf(bookingId)).toEqual([]);
    const res = await cancel(client.cookie, bookingId, { expected: String(half), confirmed: "yes" });
    expect(res.status).toBe(302);
    expect(await refundOf(bookingId)).toEqual([half]);
  });
});
