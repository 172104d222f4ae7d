import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingLineId } from "~/features/booking/booking-model";
import { openDay, request } from "~/features/booking/booking-test-kit";
import { startBookingCheckout } from "~/features/booking/start-booking-checkout.server";
import { applyPaymentEvent } from "~/features/shop/apply-payment-event.server";
import { refundPurchase } from "~/features/shop/refund-purchase.server";
import { issueVatInvoice } from "~/features/shop/vat/issue-vat-invoice.server";
import { saveSiteSettings } from "~/features/site-settings/save-site-settings.server";
import { DEFAULT_SITE_SETTINGS } from "~/features/site-settings/site-details";
import { bookings, vatInvoices } from "~/lib/db/schema.server";
import { zonedInstant } from "~/lib/zoned-time";
import { parseOutbox } from "../support/check-email";
import { buyInDemo, openCheckout, payDemoCheckout } from "../support/demo-purchase";
import { signedInUser } from "../support/shop-accounts";
import { createTestApp } from "../support/test-app";

/**
 * Issue 26, item 6: with her VAT number set every receipt is a VAT invoice, numbered without gaps even
 * when payments commit at once; without it a receipt says nothing about VAT. Read back from the outbox
 * as a mail client would (mailparser), field by field.
 */
type App = Awaited<ReturnType<typeof createTestApp>>;
let t: App;
const chakra = { id: "chakra-balance-guide", title: "Chakra Balance Guide", price_cents: 1299 };
const moon = { id: "moon-ritual-journal", title: "Moon Ritual Journal", price_cents: 799 };
const VAT_NUMBER = "GB123456789";

beforeAll(async () => {
  t = await createTestApp();
  await t.server.seedCatalogue(t.services);
}, 120_000);
afterAll(() => t.cleanup());

async function receiptOf(email: string) {
  const mail = (await parseOutbox(t.dataDir)).filter((m) => m.toAddress === email && /receipt/.test(m.subject ?? ""));
  expect(mail).toHaveLength(1);
  return { subject: mail[0]?.subject ?? "", text: mail[0]?.text ?? "", html: String(mail[0]?.html ?? "") };
}

describe("receipts and VAT", () => {
  it("without a VAT number, a receipt says nothing about VAT", async () => {
    const buyer = await signedInUser(t.services, "novat");
    const ref = await buyInDemo(t.app, buyer.cookie, [chakra]);
    const receipt = await receiptOf(buyer.email);
    expect(receipt.subject).toBe(`Your Sacred Healing receipt for order #${ref.slice(0, 8)}`);
    expect(receipt.text).toMatch(/Chakra Balance Guide +£12\.99\n/);
    expect(receipt.text).toMatch(/Total +£12\.99\n/);
    expect(`${receipt.text}${receipt.html}`).not.toMatch(/VAT|invoice/i);
    expect(await t.services.database.db.select().from(vatInvoices)).toHaveLength(0);
  });

  it("with one, the receipt is a VAT invoice: number, tax point, seller, VAT number, each line's rate and VAT, totals", async () => {
    await saveSiteSettings(t.services, {
      ...DEFAULT_SITE_SETTINGS,
      vatNumber: VAT_NUMBER,
      postalAddress: "3 Abbey Green, Bath BA1 1NW",
    });
    const buyer = await signedInUser(t.services, "vat");
    const ref = await buyInDemo(t.app, buyer.cookie, [chakra, moon]);
    const receipt = await receiptOf(buyer.email);
    const [invoice] = await t.services.database.db.select().from(vatInvoices).where(eq(vatInvoices.purchaseId, ref));
    expect(invoice?.number).toBe(1);
    expect(receipt.subject).toBe(`Your Sacred Healing receipt and VAT invoice 000001 for order #${ref.slice(0, 8)}`);
    const today = new Date().toLocaleDateString("en-GB", { dateStyle: "long", timeZone: "Europe/London" });
    // Field by field, as the text part aligns them (label, two spaces or more, value).
    const fields = new Map(
      receipt.text
        .split("\n")
        .map((line) => /^(.+?) {2,}(.+)$/.exec(line))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => [m[1]?.trim() as string, m[2] as string]),
    );
    expect(Object.fromEntries(fields)).toMatchObject({
      "VAT invoice number": "000001",
      Order: `#${ref.slice(0, 8)}`,
      "Date (tax point)": today,
      Customer: `Test Buyer (${buyer.email})`,
      "Chakra Balance Guide": "£12.99 (VAT 20%: £2.17)",
      "Moon Ritual Journal": "£7.99 (VAT 20%: £1.33)",
      "Total excluding VAT": "£17.48",
      "VAT at 20%": "£3.50",
      Total: "£20.98",
      "Sold by": "Elena Rose, trading as Sacred Healing",
      Address: "3 Abbey Green, Bath BA1 1NW",
      "VAT number": VAT_NUMBER,
    });
    expect(receipt.text).toContain("This is your receipt and your VAT invoice. Prices include VAT.");
    // The HTML part states the same.
    expect(receipt.html).toContain("VAT invoice number");
    expect(receipt.html).toContain(VAT_NUMBER);

    // Her refund of it is the invoice's credit note: the invoice named, the VAT going back.
    await refundPurchase(t.services, ref);
    const [refund] = (await parseOutbox(t.dataDir)).filter(
      (m) => m.toAddress === buyer.email && /refund/.test(m.subject ?? ""),
    );
    expect(refund?.text).toMatch(/Credit against VAT invoice +000001\n/);
    expect(refund?.text).toMatch(/VAT refunded +£3\.50\n/);
    expect(refund?.text).toContain("This e-mail is the credit note for VAT invoice 000001.");
  });

  it("a booked session's confirmation is its VAT invoice", async () => {
    const client = await signedInUser(t.services, "vat-session");
    const { bookingId } = await startBookingCheckout(
      t.services,
      { id: client.id, email: client.email },
      request(zonedInstant(openDay(20), "10:00")),
    );
    const [booking] = await t.services.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    await applyPaymentEvent(t.services, {
      event: {
        kind: "checkout.paid",
        checkout: {
          provider: "demo",
          ref: booking?.purchaseId as string,
          userId: client.id,
          productIds: [bookingLineId(bookingId)],
          totalCents: 5000,
          paymentRef: `demo_pi_${booking?.purchaseId}`,
          consentAt: null,
          mode: "payment",
        },
      },
    });
    const [mail] = (await parseOutbox(t.dataDir)).filter(
      (m) => m.toAddress === client.email && /session is booked/.test(m.subject ?? ""),
    );
    expect(mail?.text).toContain("This e-mail is also your VAT invoice. Prices include VAT.");
    expect(mail?.text).toMatch(/VAT invoice number +000002\n/);
    expect(mail?.text).toMatch(/One-on-One Session, .* \(UK time\) +£50\.00 \(VAT 20%: £8\.33\)\n/);
    expect(mail?.text).toMatch(/Total excluding VAT +£41\.67\n/);
    expect(mail?.text).toMatch(/VAT number +GB123456789\n/);
  });

  it("numbers invoices one after another, with no gap and no double, when payments commit at once", async () => {
    const buyers = await Promise.all(Array.from({ length: 6 }, (_, i) => signedInUser(t.services, `race${i}`)));
    const refs: string[] = [];
    for (const buyer of buyers) refs.push((await openCheckout(t.app, buyer.cookie, [moon])).ref);
    // A payment that rolls back gives its number back.
    await t.services.database.db
      .transaction(async (tx) => {
        await issueVatInvoice(tx, refs[0] as string, { ...sellerOf(), vatNumber: VAT_NUMBER });
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    const paid = await Promise.all(buyers.map((buyer, i) => payDemoCheckout(t.app, buyer.cookie, refs[i] as string)));
    expect(paid.map((r) => r.status)).toEqual(buyers.map(() => 302));
    // Paying again issues nothing more.
    await payDemoCheckout(t.app, buyers[0]?.cookie as string, refs[0] as string);
    const numbers = (await t.services.database.db.select().from(vatInvoices))
      .map((invoice) => invoice.number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

function sellerOf() {
  return { brand: "Sacred Healing", name: "Elena Rose", address: "Bath", email: "hello@example.com" };
}
