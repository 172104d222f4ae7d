import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCheckout } from "~/features/shop/create-checkout.server";
import { bookings, discountCodes, products, purchases } from "~/lib/db/schema.server";
import { zonedInstant } from "~/lib/zoned-time";
import { bookingTestKit, request } from "./booking-test-kit";
import { cancelBooking } from "./cancel-booking.server";
import { startBookingCheckout } from "./start-booking-checkout.server";

/**
 * A discount code limited to sessions and to first visits (issue 22, item 7): it prices a single
 * session, not a package nor a product, once per client, and a cancellation gives back what it took.
 */
const kit = bookingTestKit();

describe("a discount code for sessions", () => {
  it("a code limited to sessions and first visits takes £10 off a first One-on-One, and nothing else", async () => {
    const { db } = kit.t.services.database;
    const code = `FIRST${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
    await db.insert(discountCodes).values({
      id: crypto.randomUUID(),
      code,
      kind: "amount",
      amount: 1000,
      appliesTo: ["sessions"],
      firstTimeOnly: true,
    });
    const client = await kit.client("newcomer");
    const day = kit.freshDay();
    await expect(
      startBookingCheckout(kit.t.services, client, {
        ...request(zonedInstant(day, "10:00"), "healing-journey"),
        discountCode: code,
      }),
    ).rejects.toThrow(/not valid for these items/);
    const { bookingId } = await startBookingCheckout(kit.t.services, client, {
      ...request(zonedInstant(day, "12:00")),
      discountCode: code,
    });
    const [held] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    const [order] = await db
      .select()
      .from(purchases)
      .where(eq(purchases.id, held?.purchaseId ?? ""));
    expect(order).toMatchObject({ totalAmountCents: 4000, discountCode: code, discountCents: 1000 });
    expect(held?.amountCents).toBe(4000);
    await kit.pay(client, bookingId, 4000);
    // Cancelled in good time: what it took comes back, within the line.
    await cancelBooking(kit.t.services, { bookingId, by: "client", userId: client.id });
    const [refund] = await db
      .execute(sql`select coalesce(sum(amount_cents), 0)::int as c from refunds where purchase_id = ${order?.id}`)
      .then((r) => (r as unknown as { rows: { c: number }[] }).rows);
    expect(refund?.c).toBe(4000);
    // No longer a first visit; and never on a product.
    await expect(
      startBookingCheckout(kit.t.services, client, {
        ...request(zonedInstant(kit.freshDay(), "10:00")),
        discountCode: code,
      }),
    ).rejects.toThrow(/first visit only/);
    const productId = `guide-${crypto.randomUUID().slice(0, 8)}`;
    await db.insert(products).values({ id: productId, title: "Guide", priceCents: 1999, downloadUrl: "pdfs/x.pdf" });
    await expect(
      createCheckout(kit.t.services, await kit.client("shopper"), { productIds: [productId], discountCode: code }),
    ).rejects.toThrow(/not valid for these items/);
  });
});
