import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { passwordChangedEmail, passwordResetEmail, verificationEmail } from "~/features/accounts/emails";
import { membershipEmail } from "~/features/shop/membership-email";
import { CONSENT_WORDING } from "~/features/shop/model";
import { ownerNoticeEmail } from "~/features/shop/owner-notice-email";
import { receiptEmail } from "~/features/shop/receipt-email";
import { refundEmail } from "~/features/shop/refund-email";
import { renewalReminderEmail } from "~/features/shop/renewal/renewal-reminder-email";
import type { MailMessage } from "~/lib/mail/mailer.server";
import { chromiumPath } from "../../../scripts/chromium-path.ts";
import { checkHtml, parseMessage } from "../../../tests/support/check-email";

/**
 * Issue 14, item 3: every e-mail the site sends, rendered with realistic facts, is valid HTML (the
 * Nu HTML Checker), has a title and a plain-text part, wraps long addresses and names the shop in its footer.
 */
const seller = {
  brand: "Sacred Healing",
  name: "Elena Rose",
  address: "Bath, United Kingdom",
  email: "hello@example.com",
};
const buyer = { email: "ada@example.com", name: "Ada" };
const base = "https://shop.example.com";
// The kind of address that made the confirmation e-mail 1,560 px wide: one long unbroken token.
const longUrl = `${base}/api/auth/verify-email?token=${"eyJhbGciOiJIUzI1NiJ9".repeat(20)}&callbackURL=%2Fproducts`;
const paidAt = new Date("2026-11-23T10:00:00Z");

const templates: Record<string, MailMessage> = {
  verification: verificationEmail(seller, buyer.email, buyer.name, longUrl),
  passwordReset: passwordResetEmail(seller, buyer.email, buyer.name, longUrl),
  passwordChanged: passwordChangedEmail(seller, buyer.email, buyer.name, `${base}/auth?mode=forgot`),
  receipt: receiptEmail(seller, buyer, {
    orderId: "3f2a9c1e-0000-4000-8000-000000000000",
    paidAt,
    lines: [
      { title: "Chakra Balance Guide", amountCents: 1299 },
      { title: "Moon Ritual Journal", amountCents: 799 },
    ],
    totalCents: 2098,
    provider: "stripe",
    consent: { at: paidAt.toISOString(), wording: CONSENT_WORDING },
    downloads: [
      { title: "Chakra Balance Guide", url: `${base}/auth?redirectTo=%2Fapi%2Fdownloads%2Fchakra-balance-guide` },
      { title: "Moon Ritual Journal", url: `${base}/auth?redirectTo=%2Fapi%2Fdownloads%2Fmoon-ritual-journal` },
    ],
    accountUrl: `${base}/my-purchases`,
  }),
  receiptMembership: receiptEmail(seller, buyer, {
    orderId: "9d0c5b7a-0000-4000-8000-000000000000",
    paidAt,
    lines: [{ title: "Digital Access", amountCents: 999, monthly: true }],
    totalCents: 999,
    provider: "demo",
    consent: { at: paidAt.toISOString(), wording: CONSENT_WORDING },
    downloads: [],
    membership: { monthlyCents: 999, renewsOn: new Date("2026-12-23T10:00:00Z") },
    accountUrl: `${base}/my-purchases`,
  }),
  receiptGrant: receiptEmail(seller, buyer, {
    orderId: "1b2c3d4e-0000-4000-8000-000000000000",
    paidAt,
    lines: [{ title: "Chakra Balance Guide", amountCents: 0 }],
    totalCents: 0,
    provider: "free",
    grantNote: "Replacement for a lost download & a thank-you",
    consent: null,
    downloads: [
      { title: "Chakra Balance Guide", url: `${base}/auth?redirectTo=%2Fapi%2Fdownloads%2Fchakra-balance-guide` },
    ],
    accountUrl: `${base}/my-purchases`,
  }),
  receiptDiscount: receiptEmail(seller, buyer, {
    orderId: "5e6f7a8b-0000-4000-8000-000000000000",
    paidAt,
    lines: [{ title: "Moon Ritual Journal", amountCents: 799 }],
    discount: { code: "SPRING-MOON-25", amountCents: 200 },
    totalCents: 599,
    provider: "demo",
    consent: { at: paidAt.toISOString(), wording: CONSENT_WORDING },
    downloads: [
      { title: "Moon Ritual Journal", url: `${base}/auth?redirectTo=%2Fapi%2Fdownloads%2Fmoon-ritual-journal` },
    ],
    accountUrl: `${base}/my-purchases`,
  }),
  receiptVatInvoice: receiptEmail(seller, buyer, {
    orderId: "7a8b9c0d-0000-4000-8000-000000000000",
    paidAt,
    lines: [
      { title: "Chakra Balance Guide", amountCents: 1299 },
      { title: "Moon Ritual Journal", amountCents: 799 },
    ],
    totalCents: 2098,
    provider: "stripe",
    consent: { at: paidAt.toISOString(), wording: CONSENT_WORDING },
    downloads: [],
    accountUrl: `${base}/my-purchases`,
    vatInvoice: {
      number: 42,
      purchaseId: "7a8b9c0d-0000-4000-8000-000000000000",
      issuedAt: paidAt,
      vatNumber: "GB123456789",
      sellerName: "Elena Rose, trading as Sacred Healing",
      sellerAddress: "3 Abbey Green, Bath BA1 1NW",
      lines: [
        { description: "Chakra Balance Guide", grossCents: 1299, rateBasisPoints: 2000, vatCents: 217 },
        { description: "Moon Ritual Journal", grossCents: 799, rateBasisPoints: 2000, vatCents: 133 },
      ],
      grossCents: 2098,
      vatCents: 350,
    },
  }),
  refundCreditNote: refundEmail(seller, buyer, {
    orderId: "7a8b9c0d-0000-4000-8000-000000000000",
    reason: "admin",
    amountCents: 1299,
    titles: ["Chakra Balance Guide"],
    accountUrl: `${base}/my-purchases`,
    vatCredit: { invoiceNumber: 42, vatCents: 217 },
  }),
  renewalReminder: renewalReminderEmail(seller, buyer, {
    renewsAt: new Date("2027-05-23T10:00:00Z"),
    monthlyCents: 999,
    leaveUrl: `${base}/membership/leave?email=ada%40example.com&expires=1814901337075&sig=${"fKtQ5Q2Cbdtx".repeat(4)}`,
    accountUrl: `${base}/my-purchases`,
  }),
  refund: refundEmail(seller, buyer, {
    orderId: "3f2a9c1e-0000-4000-8000-000000000000",
    reason: "admin",
    amountCents: 1299,
    titles: ["Chakra Balance Guide"],
    accountUrl: `${base}/my-purchases`,
  }),
  membershipCancelled: membershipEmail(
    seller,
    buyer,
    { kind: "cancelled", accessUntil: new Date("2026-12-23T10:00:00Z") },
    `${base}/my-purchases`,
  ),
  membershipResumed: membershipEmail(
    seller,
    buyer,
    { kind: "resumed", renewsOn: new Date("2026-12-23T10:00:00Z") },
    `${base}/my-purchases`,
  ),
  membershipRenewed: membershipEmail(
    seller,
    buyer,
    { kind: "renewed", amountCents: 999, renewsOn: new Date("2027-01-23T10:00:00Z") },
    `${base}/my-purchases`,
  ),
  paymentFailed: membershipEmail(seller, buyer, { kind: "payment_failed", amountCents: 999 }, `${base}/my-purchases`),
  ownerSale: ownerNoticeEmail(
    seller,
    "owner@example.com",
    {
      kind: "sale",
      orderId: "3f2a9c1e-0000",
      buyerEmail: buyer.email,
      lines: [{ title: "Chakra Balance Guide", amountCents: 1299 }],
      totalCents: 1299,
    },
    `${base}/admin/orders`,
  ),
  ownerRefund: ownerNoticeEmail(
    seller,
    "owner@example.com",
    {
      kind: "refund",
      orderId: "3f2a9c1e-0000",
      buyerEmail: buyer.email,
      titles: ["Chakra Balance Guide"],
      amountCents: 1299,
    },
    `${base}/admin/orders`,
  ),
  ownerMember: ownerNoticeEmail(
    seller,
    "owner@example.com",
    { kind: "member", buyerEmail: buyer.email },
    `${base}/admin/orders`,
  ),
};

describe("every e-mail template", () => {
  it("is valid HTML by the Nu HTML Checker", async () => {
    const problems = await checkHtml(Object.fromEntries(Object.entries(templates).map(([name, m]) => [name, m.html])));
    expect(problems).toEqual([]);
  }, 60_000);

  it("fits a 390 px phone screen: no address or table widens the page", async () => {
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ["--no-sandbox"],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
      const widths: Record<string, number> = {};
      for (const [name, message] of Object.entries(templates)) {
        await page.setContent(message.html);
        widths[name] = await page.evaluate(() => document.documentElement.scrollWidth);
      }
      expect(widths).toEqual(Object.fromEntries(Object.keys(templates).map((name) => [name, 390])));
    } finally {
      await browser.close();
    }
  }, 60_000);

  it.each(Object.entries(templates))(
    "%s parses, with a title, a text part, wrapped links and the shop's footer",
    async (_name, message) => {
      const parsed = await parseMessage(message);
      expect(parsed.subject).toBe(message.subject);
      expect(parsed.html).toContain(`<title>${message.subject.replace(/&/g, "&#38;")}</title>`);
      expect(parsed.html).toContain('name="viewport"');
      expect(parsed.text?.trim().length).toBeGreaterThan(40);
      expect(parsed.text).not.toMatch(/<[a-z]/i);
      // Footer: the shop's name, address and contact, in both parts.
      expect(parsed.text).toContain("Sacred Healing · Bath, United Kingdom · hello@example.com");
      expect(parsed.html).toContain('href="mailto:hello@example.com"');
    },
  );
});

describe("the receipt", () => {
  it("lists each item and price, the order, date, total, payment kind, seller, consent and a download link per item", async () => {
    const { text } = await parseMessage(templates.receipt as MailMessage);
    for (const row of [
      /Order +#3f2a9c1e\n/,
      /Date +23 November 2026\n/,
      /Chakra Balance Guide +£12\.99\n/,
      /Moon Ritual Journal +£7\.99\n/,
      /Total +£20\.98\n/,
      /Payment method +Card \(through Stripe\)\n/,
      /Sold by +Elena Rose, trading as Sacred Healing\n/,
      /Address +Bath, United Kingdom\n/,
    ]) {
      expect(text).toMatch(row);
    }
    for (const fact of [
      CONSENT_WORDING,
      "14-day right to cancel",
      "Download Chakra Balance Guide:\nhttps://shop.example.com/auth?redirectTo=%2Fapi%2Fdownloads%2Fchakra-balance-guide",
      "Download Moon Ritual Journal:\nhttps://shop.example.com/auth?redirectTo=%2Fapi%2Fdownloads%2Fmoon-ritual-journal",
    ]) {
      expect(text).toContain(fact);
    }
  });

  it("with a discount code shows the item's price, the code and what it took off, and the total paid", async () => {
    const { text } = await parseMessage(templates.receiptDiscount as MailMessage);
    expect(text).toMatch(/Moon Ritual Journal +£7\.99\n/);
    expect(text).toMatch(/Discount \(SPRING-MOON-25\) +-£2\.00\n/);
    expect(text).toMatch(/Total +£5\.99\n/);
  });

  it("of a membership gives the monthly price, the renewal date and how to cancel", async () => {
    const { text } = await parseMessage(templates.receiptMembership as MailMessage);
    expect(text).toContain("£9.99 a month");
    expect(text).toContain("renews on 23 December 2026");
    expect(text).toContain("To cancel, open My Sacred Downloads and choose 'Manage membership'");
  });
});
