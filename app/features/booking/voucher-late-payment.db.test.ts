import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCheckout } from "~/features/shop/create-checkout.server";
import { payDemoCheckout } from "~/features/shop/demo/pay-demo-checkout.server";
import { refundPurchase } from "~/features/shop/refund-purchase.server";
import { products, purchases, voucherEntries, vouchers } from "~/lib/db/schema.server";
import { bookingTestKit } from "./booking-test-kit";

/**
 * A card payment already on its way when its checkout was closed here (decision 048): the checkout's
 * voucher hold was given back and spent on another order, then the late payment arrived. The voucher
 * pays its part of that order again, and what it no longer holds is the owner's gift, entered as
 * such; before, the order was served with voucher money the voucher had already paid elsewhere.
 */
const kit = bookingTestKit();

describe("a voucher's order paid after its checkout closed", () => {
  it("takes the released hold again, the owner's gift making up what was spent meanwhile", async () => {
    const { services } = kit.t;
    const { db } = services.database;
    const productId = `guide-${crypto.randomUUID().slice(0, 8)}`;
    await db.insert(products).values({ id: productId, title: "A Guide", priceCents: 1999, downloadUrl: "pdfs/g.pdf" });
    const voucher = await kit.giftVoucher(1000);
    const balance = async () =>
      (await db.select({ cents: vouchers.balanceCents }).from(vouchers).where(eq(vouchers.id, voucher.id)))[0]?.cents;

    const late = await kit.client("late-payer");
    const first = await createCheckout(services, late, { productIds: [productId], voucherCode: voucher.code });
    const lateRef = first.url.split("/").pop() as string;
    // Closed here (left open too long) while the card payment was on its way.
    await db.update(purchases).set({ status: "expired" }).where(eq(purchases.id, lateRef));
    // Another order spends the voucher: the closed checkout's hold is given back and taken by this one.
    const other = await kit.client("other-spender");
    const second = await createCheckout(services, other, { productIds: [productId], voucherCode: voucher.code });
    await payDemoCheckout(services, other.id, second.url.split("/").pop() as string);
    expect(await balance()).toBe(0);

    const paid = { ref: lateRef, userId: late.id, productIds: [productId], totalCents: first.totalCents };
    await kit.cardPaid(paid);
    await kit.cardPaid(paid);
    const [order] = await db.select().from(purchases).where(eq(purchases.id, lateRef));
    expect(order).toMatchObject({ status: "paid", voucherCents: 1000, totalAmountCents: 999 });
    const entries = await db
      .select({ kind: voucherEntries.kind, amountCents: voucherEntries.amountCents })
      .from(voucherEntries)
      .where(and(eq(voucherEntries.voucherId, voucher.id), eq(voucherEntries.purchaseId, lateRef)));
    expect(entries.map((e) => `${e.kind} ${e.amountCents}`).sort()).toEqual([
      "redeem -1000",
      "release 1000",
      "retake -1000",
      "topup 1000",
    ]);
    expect(await balance()).toBe(0);

    // Refunded, its voucher part goes back to the voucher (what it paid of this order counts the retaking).
    await refundPurchase(services, lateRef);
    expect(await balance()).toBe(1000);
  });

  it("makes up only what the balance no longer holds", async () => {
    const { services } = kit.t;
    const { db } = services.database;
    const [dear, cheap] = [`guide-${crypto.randomUUID().slice(0, 8)}`, `guide-${crypto.randomUUID().slice(0, 8)}`];
    await db.insert(products).values([
      { id: dear, title: "A Course", priceCents: 2500, downloadUrl: "pdfs/c.pdf" },
      { id: cheap, title: "A Guide", priceCents: 500, downloadUrl: "pdfs/g.pdf" },
    ]);
    const voucher = await kit.giftVoucher(2000);
    const late = await kit.client("late-payer-2");
    const first = await createCheckout(services, late, { productIds: [dear], voucherCode: voucher.code });
    const lateRef = first.url.split("/").pop() as string;
    expect(first.totalCents).toBe(500);
    await db.update(purchases).set({ status: "expired" }).where(eq(purchases.id, lateRef));
    // A £5 guide paid in full by the voucher: £15 of the £20 released is left.
    const other = await kit.client("other-spender-2");
    await createCheckout(services, other, { productIds: [cheap], voucherCode: voucher.code });
    await kit.cardPaid({ ref: lateRef, userId: late.id, productIds: [dear], totalCents: 500 });
    const entries = await db
      .select({ kind: voucherEntries.kind, amountCents: voucherEntries.amountCents })
      .from(voucherEntries)
      .where(eq(voucherEntries.purchaseId, lateRef));
    expect(entries.map((e) => `${e.kind} ${e.amountCents}`).sort()).toEqual([
      "redeem -2000",
      "release 2000",
      "retake -2000",
      "topup 500",
    ]);
    const [left] = await db.select({ cents: vouchers.balanceCents }).from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(left?.cents).toBe(0);
  });
});
