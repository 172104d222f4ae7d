import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODE_ALPHABET, looksLikeVoucherCode } from "~/features/shop/voucher/voucher-model";
import { readOutbox } from "../support/outbox";
import { amountVoucher, paidVoucher } from "../support/paid-voucher";
import { checkoutBody, signedInUser } from "../support/shop-accounts";
import { createTestApp } from "../support/test-app";

/**
 * Gift-voucher codes typed where discount codes are (decision 048). Wrong ones are limited per client
 * across every place a code is typed: the cart's discount field, the booking form and the balance
 * page count in one bucket, so a client has 20 wrong voucher codes in all, not 20 on each page.
 * Discount codes keep a bucket of their own. A right one that pays it all needs no payment page.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: "true" }, { template: "seeded" });
});
afterAll(() => t.cleanup());

const headers = (ip: string, type: string) => ({
  "content-type": type,
  origin: "http://localhost:3000",
  "x-forwarded-for": ip,
});
/** A code of a voucher's shape that no voucher has. */
const madeUp = (i: number) => `GIFT-AAAA-BBBB-CCCC-${CODE_ALPHABET[i % 31]}${CODE_ALPHABET[(i * 7) % 31]}22`;

function inTheCart(code: string, ip: string) {
  return t.app.request("http://localhost:3000/checkout/discount", {
    method: "POST",
    headers: headers(ip, "application/json"),
    body: JSON.stringify({ code, productIds: ["chakra-balance-guide"] }),
  });
}
function onTheBalancePage(code: string, ip: string) {
  return t.app.request("http://localhost:3000/gift-vouchers/balance", {
    method: "POST",
    headers: headers(ip, "application/x-www-form-urlencoded"),
    body: new URLSearchParams({ code }),
  });
}

describe("wrong voucher codes", () => {
  it("count once across the cart and the balance page, apart from discount codes", async () => {
    const ip = "203.0.113.40";
    expect(Array.from({ length: 23 }, (_, i) => madeUp(i)).every(looksLikeVoucherCode)).toBe(true);
    for (let i = 0; i < 12; i++) expect((await inTheCart(madeUp(i), ip)).status).toBe(400);
    for (let i = 12; i < 20; i++) expect((await onTheBalancePage(madeUp(i), ip)).status).toBe(400);
    // Twenty wrong in all: the next is held back wherever it is typed.
    expect((await onTheBalancePage(madeUp(20), ip)).status).toBe(429);
    expect((await inTheCart(madeUp(21), ip)).status).toBe(429);
    // A discount code is still tried (its own bucket), and another client is not held back.
    expect((await inTheCart("NO-SUCH-CODE", ip)).status).toBe(400);
    expect((await onTheBalancePage(madeUp(22), "198.51.100.40")).status).toBe(400);
  });
});

describe("a gift voucher at the shop's checkout", () => {
  it("pays it all: no payment page, and My Sacred Downloads thanks her", async () => {
    const buyer = await signedInUser(t.services, "voucher-spender");
    const voucher = await paidVoucher(t.services, buyer, amountVoucher(10));
    const moon = { id: "moon-ritual-journal", title: "Moon Ritual Journal", price_cents: 799 };
    const res = await t.app.request("http://localhost:3000/checkout", {
      method: "POST",
      headers: { ...headers("198.51.100.77", "application/json"), cookie: buyer.cookie },
      body: JSON.stringify({ ...JSON.parse(checkoutBody([moon])), discountCode: voucher.code }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ url: "/my-purchases", totalCents: 0 });
    const flash = (res.headers.getSetCookie().find((line) => line.startsWith("flash=")) ?? "").split(";")[0];
    const page = await (
      await t.app.request("/my-purchases", { headers: { cookie: `${buyer.cookie}; ${flash}` } })
    ).text();
    expect(page).toContain("Paid by your gift voucher. Your downloads are below.");
    expect(page).toContain("£7.99, paid by gift voucher");
  });
});

describe("the recipient's e-mail", () => {
  it("leads only to pages that exist", async () => {
    const buyer = await signedInUser(t.services, "voucher-giver");
    const voucher = await paidVoucher(
      t.services,
      buyer,
      amountVoucher(20, { recipientEmail: "bea-links@example.com" }),
    );
    const mail = readOutbox(t.dataDir).find((m) => m.to === "bea-links@example.com");
    expect(mail?.text).toContain(voucher.code);
    const origin = t.services.env.PUBLIC_URL;
    // Each address the text names, less a sentence's closing full stop.
    const links = [
      ...new Set((mail?.text.match(new RegExp(`${origin}[^\\s)<>"]*`, "g")) ?? []).map((l) => l.replace(/[.,]$/, ""))),
    ];
    expect(links.length).toBeGreaterThanOrEqual(2);
    for (const link of links) {
      expect((await t.app.request(link)).status, link).toBeLessThan(400);
    }
  });
});
