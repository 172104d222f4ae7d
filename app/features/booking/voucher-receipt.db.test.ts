import { describe, expect, it } from "vitest";
import { createCheckout } from "~/features/shop/create-checkout.server";
import { payDemoCheckout } from "~/features/shop/demo/pay-demo-checkout.server";
import { listPurchases } from "~/features/shop/list-purchases.server";
import { products } from "~/lib/db/schema.server";
import { orderTotalText, refundedText } from "~/lib/order-total";
import { readOutbox } from "../../../tests/support/outbox";
import { bookingTestKit } from "./booking-test-kit";

/**
 * A receipt says what a gift voucher paid of what the order still gives (decision 048): a line
 * refunded as it was paid (bought twice, in another tab) gives its share back to the voucher first,
 * so the voucher's part on the receipt is what it paid less what came back, not what it first paid.
 */
const kit = bookingTestKit();

describe("a receipt's gift voucher part", () => {
  it("is what the voucher still pays once a line bought twice went back to it", async () => {
    const { services } = kit.t;
    const { db } = services.database;
    const dear = `guide-${crypto.randomUUID().slice(0, 8)}`;
    const cheap = `guide-${crypto.randomUUID().slice(0, 8)}`;
    await db.insert(products).values([
      { id: dear, title: "A Dear Guide", priceCents: 1999, downloadUrl: "pdfs/d.pdf" },
      { id: cheap, title: "A Cheap Guide", priceCents: 799, downloadUrl: "pdfs/c.pdf" },
    ]);
    const voucher = await kit.giftVoucher(1000);
    const client = await kit.client("two-tabs");
    // The dear guide in one tab, both guides with the voucher in another; the first is paid first.
    const alone = await createCheckout(services, client, { productIds: [dear] });
    const both = await createCheckout(services, client, { productIds: [dear, cheap], voucherCode: voucher.code });
    expect(both.totalCents).toBe(1798);
    await payDemoCheckout(services, client.id, alone.url.split("/").pop() as string);
    // The other tab's card payment arrives anyway (a provider's webhook; the demo page would refuse it).
    const ref = both.url.split("/").pop() as string;
    await kit.cardPaid({ ref, userId: client.id, productIds: [dear, cheap], totalCents: 1798 });

    const receipt = readOutbox(kit.t.dataDir).findLast(
      (m) => m.to === client.email && m.text.includes("A Cheap Guide") && /receipt/i.test(m.subject),
    );
    // The dear guide's £19.99 went back: £10.00 to the voucher, £9.99 to the card. The cheap guide
    // kept was paid by card alone.
    expect(receipt?.text).toMatch(/Total\s+£7\.99\n/);
    expect(receipt?.text).not.toContain("Paid by gift voucher");

    // My Sacred Downloads says the same: what the order cost, and what of it went back where.
    const listed = (await listPurchases(db, client.id, { limit: 10, offset: 0 })).purchases.find((p) =>
      p.products.some((product) => product.id === cheap),
    );
    expect(listed && orderTotalText(listed.cardCents, listed.voucherCents)).toBe(
      "£27.98 (£10.00 from a gift voucher, £17.98 by card)",
    );
    expect(listed && refundedText(listed.refundedCardCents, listed.refundedVoucherCents)).toBe(
      "£19.99 refunded (£10.00 to the gift voucher, £9.99 to the card)",
    );
  });
});
