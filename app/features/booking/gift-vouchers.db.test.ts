import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { createCheckout } from "~/features/shop/create-checkout.server";
import { exportOrders, listOrders } from "~/features/shop/list-orders.server";
import { listPurchases } from "~/features/shop/list-purchases.server";
import { orderLinesCsv, ordersCsv } from "~/features/shop/order-filter";
import { refundPurchase } from "~/features/shop/refund-purchase.server";
import { listVouchers } from "~/features/shop/voucher/list-vouchers.server";
import { deliverDueVouchers, voucherPdf } from "~/features/shop/voucher/send-voucher.server";
import type { startVoucherCheckout } from "~/features/shop/voucher/start-voucher-checkout.server";
import { voucherLastDay } from "~/features/shop/voucher/voucher-model";
import { AppError } from "~/lib/app-error";
import { bookingPackages, bookings, products, purchases, voucherEntries, vouchers } from "~/lib/db/schema.server";
import { formatLongDate } from "~/lib/format-date";
import { refundDestination, refundParts } from "~/lib/refund-split";
import { addDays, zonedDate, zonedInstant } from "~/lib/zoned-time";
import { readOutbox } from "../../../tests/support/outbox";
import { amountVoucher, paidVoucher, serviceVoucher } from "../../../tests/support/paid-voucher";
import { findService } from "./booking-model";
import { bookingTestKit, request } from "./booking-test-kit";
import { cancelBooking } from "./cancel-booking.server";
import { endPackage } from "./end-package.server";
import { listDiary } from "./list-diary.server";
import { getMySession } from "./list-sessions.server";
import { startBookingCheckout } from "./start-booking-checkout.server";

/**
 * Gift vouchers end to end on the database (issue 25, decision 048): bought through the checkout,
 * sent once on the chosen day, spent in part on a product and on a session, given back by a refund,
 * raced for, and printed (discount codes for sessions: session-discount-codes.db.test.ts).
 */
const kit = bookingTestKit();
/** A voucher ordered and paid on the demo page, as the gift voucher page does. */
async function buy(order: Parameters<typeof startVoucherCheckout>[2], label = "buyer") {
  const buyer = await kit.client(label);
  return { buyer, voucher: await paidVoucher(kit.t.services, buyer, order) };
}

const buyVoucher = (pounds: number, options: { sendOn?: string; recipientEmail?: string } = {}) =>
  buy(amountVoucher(pounds, { message: "Happy birthday", ...options }));

/** A voucher for one of her sessions or packages, at its price now. */
const buyServiceVoucher = (serviceId: string) =>
  buy(
    {
      ...serviceVoucher(findService(serviceId) as NonNullable<ReturnType<typeof findService>>),
      message: "Happy birthday",
    },
    "giver",
  );

/** An order as the owner's Orders page lists it. */
const listedOrder = async (id: string) =>
  (
    await listOrders(kit.t.services.database.db, {
      page: 1,
      provider: "demo",
      filter: { q: id.slice(0, 8), status: "all" },
    })
  ).orders.find((order) => order.id === id);

/** The next last Sunday of March or October (when the UK's clocks change) after a London date. */
function nextClockChange(today: string): string {
  for (let d = addDays(today, 1); ; d = addDays(d, 1)) {
    const [y, m] = d.split("-").map(Number) as [number, number];
    if (
      (m === 3 || m === 10) &&
      new Date(`${d}T12:00:00Z`).getUTCDay() === 0 &&
      addDays(d, 7).slice(5, 7) !== d.slice(5, 7) &&
      y > 0
    )
      return d;
  }
}

const balanceOf = async (id: string) =>
  (await kit.t.services.database.db.select().from(vouchers).where(eq(vouchers.id, id)))[0]?.balanceCents;

describe("gift vouchers", () => {
  it("is issued when paid, printed with its code, value and expiry, and e-mailed to the recipient at once", async () => {
    const { voucher } = await buyVoucher(50, { recipientEmail: "bea@example.com" });
    expect(voucher.status).toBe("active");
    expect(voucher.balanceCents).toBe(5000);
    expect(voucher.purpose).toBe("multi");
    const mail = readOutbox(kit.t.dataDir).filter((m) => m.to === "bea@example.com");
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain(voucher.code);

    // The attachment is the PDF itself (base64 once on the wire, not twice).
    const raw = readFileSync(path.join(kit.t.dataDir, "outbox", mail[0]?.file ?? ""), "utf8");
    const attached = /filename="?gift-voucher\.pdf"?[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw)?.[1] ?? "";
    expect(Buffer.from(attached.replace(/\s/g, ""), "base64").subarray(0, 5).toString()).toBe("%PDF-");
    const pdf = await voucherPdf(kit.t.services, voucher);
    expect(Buffer.from(pdf.slice(0, 5)).toString()).toBe("%PDF-");
    const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
    expect(text).toContain(voucher.code);
    expect(text).toContain("£50.00");
    // Valid to the end of today's date a year on, in London.
    expect(text).toContain(`Valid until ${formatLongDate(voucherLastDay(voucher.expiresAt))}`);
    const today = zonedDate(new Date()).replace(/-02-29$/, "-02-28");
    const yearOn = zonedInstant(`${Number(today.slice(0, 4)) + 1}${today.slice(4)}`, "12:00");
    expect(formatLongDate(voucherLastDay(voucher.expiresAt))).toBe(formatLongDate(yearOn));
  });

  it("sends a scheduled voucher once, at 09:00 London on its day after a clock change, and never once refunded", async () => {
    // The day after the next change of the clocks: 09:00 in London is not 09:00 UTC on both sides of it.
    const on = addDays(nextClockChange(zonedDate(new Date())), 1);
    const { voucher } = await buyVoucher(20, { recipientEmail: "later@example.com", sendOn: on });
    const { voucher: refunded } = await buyVoucher(30, { recipientEmail: "never@example.com", sendOn: on });
    await refundPurchase(kit.t.services, refunded.purchaseId ?? "");
    const nine = zonedInstant(on, "09:00");
    expect(voucher.sendAt?.toISOString()).toBe(nine.toISOString());
    expect(nine.getUTCHours()).toBe(on.slice(5, 7) === "03" ? 8 : 9);
    expect(await deliverDueVouchers(kit.t.services, new Date(nine.getTime() - 60_000))).toBe(0);
    const due = new Date(nine.getTime() + 60_000);
    // Two instances at once, then any later round (a restarted server reads the same claimed row): sent once.
    const sent = await Promise.all([deliverDueVouchers(kit.t.services, due), deliverDueVouchers(kit.t.services, due)]);
    expect(sent[0] + sent[1]).toBe(1);
    expect(await deliverDueVouchers(kit.t.services, new Date(due.getTime() + 86_400_000))).toBe(0);
    const outbox = readOutbox(kit.t.dataDir);
    expect(outbox.filter((m) => m.to === "later@example.com")).toHaveLength(1);
    expect(outbox.filter((m) => m.to === "never@example.com")).toHaveLength(0);
  });

  it("pays part of a product, and a refund of it goes back to the voucher first", async () => {
    const { db } = kit.t.services.database;
    const productId = `guide-${crypto.randomUUID().slice(0, 8)}`;
    await db.insert(products).values({ id: productId, title: "A Guide", priceCents: 1999, downloadUrl: "pdfs/g.pdf" });
    const { voucher } = await buyVoucher(10);
    const client = await kit.client("spender");
    const opened = await createCheckout(kit.t.services, client, {
      productIds: [productId],
      discountCode: voucher.code.toLowerCase(),
    });
    expect(opened.totalCents).toBe(999);
    expect(await balanceOf(voucher.id)).toBe(0);
    const ref = opened.url.split("/").pop() as string;
    await kit.cardPaid({ ref, userId: client.id, productIds: [productId], totalCents: 999 });
    // The owner's Orders page offers to refund what the refund will give back, and says where.
    expect(await listedOrder(ref)).toMatchObject({
      netCents: 999,
      refundCents: 1999,
      refundToVoucherCents: 1000,
    });
    // The receipt and My Sacred Downloads give the order's whole cost and the voucher's part of it.
    const receipt = readOutbox(kit.t.dataDir).findLast((m) => m.to === client.email);
    expect(receipt?.text).toMatch(/Total\s+£19\.99\n/);
    expect(receipt?.text).toMatch(/Paid by gift voucher\s+£10\.00\n/);
    expect(receipt?.text).toMatch(/Paid by card\s+£9\.99\n/);
    // And what is left on the voucher, naming only the end of its code.
    expect(receipt?.text).toContain(
      `£0.00 on the voucher ending ${voucher.code.slice(-4)}, valid until ${formatLongDate(voucherLastDay(voucher.expiresAt))}`,
    );
    expect(receipt?.text).not.toContain(voucher.code);
    // The owner's notice of the sale says the same.
    const notice = readOutbox(kit.t.dataDir).findLast((m) => m.text.includes(`${client.email} bought from`));
    expect(notice?.text).toMatch(/Paid by gift voucher\s+£10\.00\n/);
    const mine = await listPurchases(db, client.id, { limit: 10, offset: 0 });
    expect(mine.purchases[0]).toMatchObject({ id: ref, cardCents: 999, voucherCents: 1000 });
    // Her list of vouchers says what was spent of this one (all of it) and what is left.
    const [row] = await listVouchers(db, { q: voucher.code });
    expect(row).toMatchObject({ spentCents: 1000, voucher: { balanceCents: 0 } });
    await refundPurchase(kit.t.services, ref);
    expect(await balanceOf(voucher.id)).toBe(1000);
    expect((await listVouchers(db, { q: voucher.code }))[0]?.spentCents).toBe(0);
    const [order] = await db.select().from(purchases).where(eq(purchases.id, ref));
    expect(order?.status).toBe("refunded");
    // Both CSVs agree on money: the order's row and its lines' rows add up alike, the voucher apart.
    const exported = await exportOrders(db, { q: client.email, status: "all" });
    const columns = (text: string, names: string[]) => {
      const [head, ...rows] = text
        .trim()
        .split("\r\n")
        .map((row) => row.split(","));
      const at = names.map((name) => (head ?? []).indexOf(name));
      return names.map((_, i) => rows.reduce((sum, row) => sum + Number(row[at[i] as number]), 0).toFixed(2));
    };
    const money = ["Paid (GBP)", "Refunded (GBP)", "Net (GBP)", "Paid by gift voucher (GBP)"];
    expect(columns(orderLinesCsv(exported), money)).toEqual(columns(ordersCsv(exported), money));
    expect(columns(orderLinesCsv(exported), [...money, "Refunded to gift voucher (GBP)"])).toEqual([
      "9.99",
      "9.99",
      "0.00",
      "10.00",
      "10.00",
    ]);
    // The sale of a voucher once spent can no longer be refunded, and the owner is not offered to.
    const sale = () => listedOrder(voucher.purchaseId ?? "");
    expect((await sale())?.refundable).toBe(true);
    await createCheckout(kit.t.services, client, { productIds: [productId], discountCode: voucher.code });
    await expect(refundPurchase(kit.t.services, voucher.purchaseId ?? "")).rejects.toThrow(/has been used/);
    expect((await sale())?.refundable).toBe(false);
  });

  it("pays part of a One-on-One (the card the rest), all of a cheaper one, and a cancellation gives it back", async () => {
    const { db } = kit.t.services.database;
    const { voucher } = await buyVoucher(60);
    const client = await kit.client("friend");
    const day = kit.freshDay();
    const first = await startBookingCheckout(kit.t.services, client, {
      ...request(zonedInstant(day, "10:00")),
      voucherCode: voucher.code,
    });
    // The One-on-One is £50: the voucher pays it all, no provider asked, the session confirmed.
    const [booked] = await db.select().from(bookings).where(eq(bookings.id, first.bookingId));
    expect(booked?.status).toBe("confirmed");
    expect(await balanceOf(voucher.id)).toBe(1000);
    const second = await startBookingCheckout(kit.t.services, client, {
      ...request(zonedInstant(day, "13:00")),
      voucherCode: voucher.code,
    });
    const [held] = await db.select().from(bookings).where(eq(bookings.id, second.bookingId));
    const [pending] = await db
      .select()
      .from(purchases)
      .where(eq(purchases.id, held?.purchaseId ?? ""));
    expect(pending).toMatchObject({ totalAmountCents: 4000, voucherCents: 1000, provider: "demo" });
    await kit.pay(client, second.bookingId, 4000);
    expect(await balanceOf(voucher.id)).toBe(0);
    // Its confirmation says what it cost and how it was paid, as My Sacred Downloads and receipts do.
    const confirmation = readOutbox(kit.t.dataDir).findLast(
      (m) => m.to === client.email && m.subject.startsWith("Your session is booked"),
    );
    expect(confirmation?.text).toMatch(/Paid\s+£50\.00 \(£10\.00 from a gift voucher, £40\.00 by card\)/);
    // Before she cancels, her page and the practitioner's diary know the voucher's £10 goes back to it.
    const diaryOf = async () =>
      (await listDiary(kit.t.services, { from: day, to: addDays(day, 1) })).sessions.find(
        (session) => session.id === second.bookingId,
      );
    expect((await getMySession(kit.t.services, client.id, second.bookingId))?.voucherLeftCents).toBe(1000);
    expect((await diaryOf())?.voucherLeftCents).toBe(1000);
    // Cancelled in good time: £50 back, the voucher's £10 to the voucher, £40 to the card.
    const split = await cancelBooking(kit.t.services, { bookingId: second.bookingId, by: "client", userId: client.id });
    expect(await getMySession(kit.t.services, client.id, second.bookingId)).toMatchObject({
      refundCents: 5000,
      refundVoucherCents: 1000,
      voucherLeftCents: 0,
    });
    expect(refundParts(5000, 1000)).toBe(" (£10.00 to your gift voucher, £40.00 to your card)");
    expect(await balanceOf(voucher.id)).toBe(1000);
    expect(split).toMatchObject({ refundCents: 5000, voucherCents: 1000 });
    expect(refundDestination(5000, 1000)).toBe("is being refunded: £10.00 to your gift voucher, £40.00 to your card.");
    const mail = readOutbox(kit.t.dataDir).findLast(
      (m) => m.to === client.email && m.subject.startsWith("Your session on"),
    );
    expect(mail?.text).toMatch(/To your gift voucher\s+£10\.00/);
    expect(mail?.text).toMatch(/To your card\s+£40\.00/);
    const whole = await cancelBooking(kit.t.services, { bookingId: first.bookingId, by: "practitioner" });
    expect(await balanceOf(voucher.id)).toBe(6000);
    expect(whole).toMatchObject({ refundCents: 5000, voucherCents: 5000 });
    expect(refundDestination(5000, 5000)).toBe("goes back to your gift voucher.");
    const [card] = await db
      .execute(
        sql`select coalesce(sum(amount_cents - voucher_cents), 0)::int as c from refunds where purchase_id = ${pending?.id}`,
      )
      .then((r) => (r as unknown as { rows: { c: number }[] }).rows);
    expect(card?.c).toBe(4000);
  });

  it("spends a voucher's last £10 once when 20 checkouts race for it", async () => {
    const { db } = kit.t.services.database;
    const productId = `race-${crypto.randomUUID().slice(0, 8)}`;
    await db
      .insert(products)
      .values({ id: productId, title: "Race Guide", priceCents: 1000, downloadUrl: "pdfs/r.pdf" });
    const { voucher } = await buyVoucher(10);
    const clients = await Promise.all(Array.from({ length: 20 }, () => kit.client("racer")));
    const results = await Promise.allSettled(
      clients.map((client) =>
        createCheckout(kit.t.services, client, { productIds: [productId], voucherCode: voucher.code }),
      ),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(AppError);
    expect(await balanceOf(voucher.id)).toBe(0);
  });

  it("a voucher for a One-on-One pays for one in full, and for nothing else", async () => {
    const { db } = kit.t.services.database;
    const { voucher: sold } = await buyServiceVoucher("one-on-one");
    const voucherId = sold.id;
    const code = sold.code ?? "";
    expect(sold.purpose).toBe("single");
    const client = await kit.client("friend");
    const day = kit.freshDay();
    await expect(
      startBookingCheckout(kit.t.services, client, {
        ...request(zonedInstant(day, "10:00"), "healing-journey"),
        voucherCode: code,
      }),
    ).rejects.toThrow(/can only be used to book it/);
    const { bookingId } = await startBookingCheckout(kit.t.services, client, {
      ...request(zonedInstant(day, "12:00")),
      voucherCode: code,
    });
    const [booked] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    const [order] = await db
      .select()
      .from(purchases)
      .where(eq(purchases.id, booked?.purchaseId ?? ""));
    expect(booked?.status).toBe("confirmed");
    expect(order).toMatchObject({ provider: "voucher", status: "paid", totalAmountCents: 0, voucherCents: 5000 });
    expect(await balanceOf(voucherId)).toBe(0);
  });

  it("a package voucher given back in part pays that part only, so ending and booking again is no loop", async () => {
    const { db } = kit.t.services.database;
    const { voucher: sold } = await buyServiceVoucher("healing-journey");
    const { id: voucherId, valueCents: price } = sold;
    const client = await kit.client("package-friend");
    const book = (day: string) =>
      startBookingCheckout(kit.t.services, client, {
        ...request(zonedInstant(day, "10:00"), "healing-journey"),
        voucherCode: sold.code ?? "",
      });
    // The whole package from the voucher; ended with its second session unbooked: half comes back.
    const first = await book(kit.freshDay());
    const [booked] = await db.select().from(bookings).where(eq(bookings.id, first.bookingId));
    const [pack] = await db
      .select()
      .from(bookingPackages)
      .where(eq(bookingPackages.purchaseId, booked?.purchaseId ?? ""));
    const ended = await endPackage(kit.t.services, { packageId: pack?.id ?? "", userId: client.id });
    expect(await balanceOf(voucherId)).toBe(price / 2);
    // All of it went back to the voucher, and she is told so, with no card row and no card timing.
    expect(ended).toMatchObject({ refundCents: price / 2, voucherCents: price / 2 });
    const told = readOutbox(kit.t.dataDir).findLast((m) => m.to === client.email && /refund_of/.test(m.subject));
    expect(told?.text).toMatch(/To your gift voucher\s+£/);
    expect(told?.text).not.toMatch(/To your card|reach your card/);
    // Booked again: the half pays half, and the card the rest; the owner gives nothing.
    const again = await book(kit.freshDay());
    const [second] = await db.select().from(bookings).where(eq(bookings.id, again.bookingId));
    const [order] = await db
      .select()
      .from(purchases)
      .where(eq(purchases.id, second?.purchaseId ?? ""));
    expect(order).toMatchObject({ status: "pending", voucherCents: price / 2, totalAmountCents: price / 2 });
    expect(await balanceOf(voucherId)).toBe(0);
    const [{ gifts } = { gifts: -1 }] = await db
      .select({ gifts: sql<number>`count(*)::int` })
      .from(voucherEntries)
      .where(and(eq(voucherEntries.voucherId, voucherId), eq(voucherEntries.kind, "topup")));
    expect(gifts).toBe(0);
  });
});
