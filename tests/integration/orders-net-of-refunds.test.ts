import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookedOver14DaysAhead, bookingTestKitDays } from "~/features/booking/booking-test-kit";
import { cancelBooking } from "~/features/booking/cancel-booking.server";
import { endPackage } from "~/features/booking/end-package.server";
import { listMySessions } from "~/features/booking/list-sessions.server";
import { startBookingCheckout } from "~/features/booking/start-booking-checkout.server";
import { applyPaymentEvent } from "~/features/shop/apply-payment-event.server";
import { createCheckout } from "~/features/shop/create-checkout.server";
import { bookings, discountCodes } from "~/lib/db/schema.server";
import { zonedInstant } from "~/lib/zoned-time";
import { type AdminTestApp, createAdminTestApp } from "../support/admin-test-app";
import { signedInUser } from "../support/shop-accounts";

/**
 * Issue 22, item 5: the owner's books are net of every refund. One client's orders: two guides with a
 * 10 % code, a session cancelled late (half back), a Healing Journey ended after its first session
 * (the unbooked one back). The page's totals, each order, the chart and both CSVs must agree.
 */
let t: AdminTestApp;
let client: Awaited<ReturnType<typeof signedInUser>>;

const paid = (userId: string, ref: string, productIds: string[], totalCents: number) =>
  applyPaymentEvent(t.services, {
    event: {
      kind: "checkout.paid",
      checkout: {
        provider: "demo",
        ref,
        userId,
        productIds,
        totalCents,
        paymentRef: `demo_pi_${ref}`,
        consentAt: null,
        mode: "payment",
      },
    },
  });

async function bookAndPay(serviceId: string, startsAt: Date, cents: number) {
  const { bookingId } = await startBookingCheckout(t.services, client, {
    serviceId,
    startsAt,
    place: "distance",
    note: "",
    expressRequest: true,
  });
  const [row] = await t.services.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
  await paid(client.id, row?.purchaseId ?? "", [`booking:${bookingId}`], cents);
  return bookingId;
}

beforeAll(async () => {
  t = await createAdminTestApp();
  client = await signedInUser(t.services, "ledger-books");
  await t.services.database.db
    .insert(discountCodes)
    .values({ id: crypto.randomUUID(), code: "TENOFF", kind: "percent", amount: 10 });
  const guides = await createCheckout(t.services, client, {
    productIds: ["chakra-balance-guide", "moon-ritual-journal"],
    discountCode: "TENOFF",
  });
  await paid(
    client.id,
    guides.url.split("/").pop() as string,
    ["chakra-balance-guide", "moon-ritual-journal"],
    guides.totalCents,
  );
  const [day, later] = bookingTestKitDays(2);
  const session = await bookAndPay("one-on-one", zonedInstant(day as string, "10:00"), 5000);
  // Booked over 14 days before and cancelled an hour before it starts: half back (decision 061).
  await bookedOver14DaysAhead(t.services, session);
  await cancelBooking(
    t.services,
    { bookingId: session, by: "client", userId: client.id, expectedRefundCents: 2500 },
    new Date(zonedInstant(day as string, "10:00").getTime() - 3_600_000),
  );
  await bookAndPay("healing-journey", zonedInstant(later as string, "14:00"), 8000);
  const [pack] = (await listMySessions(t.services, client.id)).packages;
  await endPackage(t.services, { packageId: pack?.id ?? "", userId: client.id });
}, 120_000);
afterAll(() => t.cleanup());

const get = async (path: string) => {
  const res = await t.app.request(path, { headers: { cookie: t.admin.cookie } });
  expect(res.status).toBe(200);
  return res.text();
};
const totalOf = (html: string, label: string) =>
  new RegExp(`data-testid="total-${label}"[^>]*>([^<]+)<`).exec(html)?.[1];

describe("the owner's books", () => {
  it("show what was paid, what went back (partial refunds too) and what she kept", async () => {
    const html = await get(`/admin/orders?q=${encodeURIComponent(client.email)}`);
    expect(totalOf(html, "orders")).toBe("3");
    // 18.88 (20.98 less 10 %) + 50.00 + 80.00 paid; 25.00 + 40.00 back.
    expect(totalOf(html, "paid")).toBe("£148.88");
    expect(totalOf(html, "refunded")).toBe("£65.00");
    expect(totalOf(html, "takings")).toBe("£83.88");
    expect(html).toContain("Part refunded");
    // A session reads as its service and UK time; a package as its name and sessions used.
    expect(html).toMatch(/One-on-One Session, \w+day, \d{1,2} \w+ \d{4}, 10:00 \(UK time\)/);
    expect(html).toContain("Healing Journey: 1 of 2 sessions used");
  });

  it("find orders by the client's name, a product or a service, and keep finding them after a refund", async () => {
    for (const q of ["Test Buyer", "Moon Ritual", "healing journey", "One-on-One"]) {
      const html = await get(`/admin/orders?q=${encodeURIComponent(q)}&status=all`);
      expect(html, q).toContain(client.email);
    }
  });

  it("chart the takings net of refunds", async () => {
    const svg = await get(`/admin/orders/chart.svg?q=${encodeURIComponent(client.email)}`);
    expect(svg).toContain("£83.88 in all");
  });

  it("export one row per order and one per line, with gross, discount, refunded and net", async () => {
    const orders = (await get(`/admin/orders/export.csv?q=${encodeURIComponent(client.email)}`)).trim().split("\r\n");
    expect(orders[0]).toContain("Gross (GBP),Discount (GBP),Paid (GBP),Refunded (GBP),Net (GBP)");
    const figures = orders
      .slice(1)
      .map((row) => row.split(",").slice(-9, -4).join(" "))
      .sort();
    expect(figures).toEqual([
      "20.98 2.10 18.88 0.00 18.88",
      "50.00 0.00 50.00 25.00 25.00",
      "80.00 0.00 80.00 40.00 40.00",
    ]);
    const lines = (await get(`/admin/orders/export.csv?q=${encodeURIComponent(client.email)}&rows=lines`))
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(1 + 4);
    expect(
      lines
        .slice(1)
        .map((row) => row.split(",")[3])
        .sort(),
    ).toEqual(["package", "product", "product", "session"]);
  });

  it("the client's record says beside each order what went back of it", async () => {
    const record = await get(`/admin/clients/${client.id}`);
    expect(record).toContain("£25.00 refunded");
    expect(record).toContain("£40.00 refunded");
  });
});
