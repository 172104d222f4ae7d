// biome-ignore-all lint/suspicious/noExplicitAny: response bodies are read field by field

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reserveDiscount } from "~/features/shop/discount/reserve-discount.server";
import { expireStaleCheckouts } from "~/features/shop/expire-stale-checkouts.server";
import { discountCodes, discountRedemptions, purchases } from "~/lib/db/schema.server";
import { adminForm } from "../support/admin-requests";
import { parseOutbox } from "../support/check-email";
import { openCheckout, payDemoCheckout } from "../support/demo-purchase";
import { startFakeStripe } from "../support/fake-stripe";
import { chargedLines } from "../support/order-lines";
import { checkoutBody, jsonPost, signedInUser } from "../support/shop-accounts";
import { createTestApp } from "../support/test-app";

/**
 * Issue 14 item 7 (decision 033): the owner's discount codes, applied by the server whatever the
 * browser sends, within their expiry and limits, atomically under a race, on the demo provider and
 * on Stripe (a local fake of its API), and shown on the receipt.
 */

type App = Awaited<ReturnType<typeof createTestApp>>;
const SECRET = "whsec_discount";
const chakra = { id: "chakra-balance-guide", title: "Chakra Balance Guide", price_cents: 1299 };
const moon = { id: "moon-ritual-journal", title: "Moon Ritual Journal", price_cents: 799 };
const sleep = { id: "sacred-sleep-guide", title: "Sacred Sleep Guide", price_cents: 899 };
const plan = { id: "subscription", title: "Digital Access", price_cents: 999, product_type: "subscription" };

let demo: App;
let stripe: App;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let adminCookie = "";
let stripeAdminCookie = "";

beforeAll(async () => {
  fake = await startFakeStripe({ webhookSecret: SECRET });
  [demo, stripe] = await Promise.all([
    createTestApp({ TRUST_PROXY: "true" }, { template: "seeded" }),
    createTestApp(fake.env, { template: "seeded" }),
  ]);
  for (const [t, set] of [
    [demo, (c: string) => (adminCookie = c)],
    [stripe, (c: string) => (stripeAdminCookie = c)],
  ] as const) {
    const admin = await signedInUser(t.services, "owner");
    await t.server.runCommand(t.services, "admin", ["add", admin.email]);
    set(admin.cookie);
  }
}, 120_000);
afterAll(async () => {
  await Promise.all([demo.cleanup(), stripe.cleanup()]);
  await fake.close();
});

/** The owner's form on /admin/discounts, as the page posts it. */
async function createCode(t: App, fields: Record<string, string | string[]>, cookie = adminCookie) {
  return adminForm(
    t.app,
    cookie,
    { intent: "create", kind: "percent", appliesTo: "products", ...fields },
    "/admin/discounts",
  );
}

async function codeRow(t: App, code: string) {
  const rows = await t.services.database.db.select().from(discountCodes);
  return rows.find((r) => r.code.toUpperCase() === code.toUpperCase());
}

function checkoutWith(
  t: App,
  cookie: string,
  products: Parameters<typeof checkoutBody>[0],
  discountCode: unknown,
  extra: Record<string, unknown> = {},
  /** The buyer's own address (the apps trust the proxy header), so racing buyers are separate clients. */
  clientIp?: string,
) {
  const body = { ...JSON.parse(checkoutBody(products)), discountCode, ...extra };
  const request = jsonPost(cookie, JSON.stringify(body));
  if (clientIp) Object.assign(request.headers, { "x-forwarded-for": clientIp });
  return t.app.request("/checkout", request);
}

const purchaseOf = async (t: App, id: string) =>
  (await t.services.database.db.select().from(purchases).where(eq(purchases.id, id)))[0];

describe("the owner's codes", () => {
  it("are created from the form (pounds to pence, UK last day to UTC), unique whatever their case, listed with uses", async () => {
    const created = await createCode(demo, {
      code: "Spring-Five",
      kind: "amount",
      amount: "5.00",
      expiresOn: "2099-03-31",
      maxUses: "10",
    });
    expect(created.status).toBe(302);
    const row = await codeRow(demo, "SPRING-FIVE");
    expect(row).toMatchObject({ code: "SPRING-FIVE", kind: "amount", amount: 500, maxUses: 10, productIds: null });
    // The last day is 31 March (BST): it ends at midnight UK time, 23:00 UTC.
    expect(row?.expiresAt?.toISOString()).toBe("2099-03-31T23:00:00.000Z");

    const again = await createCode(demo, { code: "spring-five", amount: "10" });
    expect(again.status).toBe(409);
    const bad = await createCode(demo, { code: "no spaces!", amount: "101", expiresOn: "2001-01-01", maxUses: "0" });
    expect(bad.status).toBe(400);
    const page = await demo.app.request("http://localhost:3000/admin/discounts", { headers: { cookie: adminCookie } });
    const html = await page.text();
    expect(html).toContain("SPRING-FIVE");
    expect(html).toContain("£5.00 off");
    expect(html).toContain("0 of 10 uses");
    expect(html).toContain("Last day 31 March 2099");
  });

  it("a customer cannot create or switch off codes (403), and a switched-off code is refused at checkout", async () => {
    const customer = await signedInUser(demo.services, "not-owner");
    expect((await createCode(demo, { code: "MINE", amount: "100" }, customer.cookie)).status).toBe(403);
    expect(await codeRow(demo, "MINE")).toBeUndefined();

    expect((await createCode(demo, { code: "GOING-OFF", amount: "10" })).status).toBe(302);
    const row = await codeRow(demo, "GOING-OFF");
    const off = (cookie: string) =>
      adminForm(demo.app, cookie, { intent: "switch-off", id: row?.id ?? "" }, "/admin/discounts");
    expect((await off(customer.cookie)).status).toBe(403);
    expect((await codeRow(demo, "GOING-OFF"))?.active).toBe(true);
    expect((await off(adminCookie)).status).toBe(302);
    expect((await codeRow(demo, "GOING-OFF"))?.active).toBe(false);

    const res = await checkoutWith(demo, customer.cookie, [chakra], "going-off");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "discount_refused", error: "Discount Code" });
  });
});

describe("a code at checkout", () => {
  it("is priced by the server: the browser's price, total or discount figures change nothing", async () => {
    await createCode(demo, { code: "TENOFF", amount: "10" });
    const buyer = await signedInUser(demo.services, "tamper");
    const forged = await checkoutWith(demo, buyer.cookie, [chakra, moon], "tenoff", {
      discountCents: 2000,
      totalCents: 1,
      percent: 100,
    });
    expect(forged.status).toBe(200);
    const body = (await forged.json()) as any;
    expect(body).toMatchObject({ totalCents: 1888, discountCents: 210 });
    const row = await purchaseOf(demo, body.url.split("/").pop());
    expect(row).toMatchObject({ totalAmountCents: 1888, discountCode: "TENOFF", discountCents: 210 });
    expect(await chargedLines(demo.services, row?.id)).toEqual([
      { productId: chakra.id, title: chakra.title, unitAmountCents: 1169, discountCents: 130 },
      { productId: moon.id, title: moon.title, unitAmountCents: 719, discountCents: 80 },
    ]);
    // A price edited down in the browser is refused, never charged.
    const cheaper = await checkoutWith(demo, buyer.cookie, [{ ...chakra, price_cents: 1 }], "TENOFF");
    expect(cheaper.status).toBe(409);
    expect(((await cheaper.json()) as any).code).toBe("price_changed");
  });

  it("limited to products applies to those lines only, and to a request without them not at all", async () => {
    await createCode(demo, { code: "MOON-ONLY", kind: "amount", amount: "3.00", productIds: [moon.id] });
    const buyer = await signedInUser(demo.services, "restricted");
    const both = await checkoutWith(demo, buyer.cookie, [chakra, moon], "moon-only");
    expect(both.status).toBe(200);
    const row = await purchaseOf(demo, ((await both.json()) as any).url.split("/").pop());
    expect((await chargedLines(demo.services, row?.id)).map((l) => l.discountCents)).toEqual([0, 300]);
    expect(row?.totalAmountCents).toBe(1299 + 799 - 300);

    // The ids edited to other products: the code is not valid for them.
    const other = await checkoutWith(demo, buyer.cookie, [sleep], "MOON-ONLY");
    expect(other.status).toBe(400);
    expect(((await other.json()) as any).message).toBe("That discount code is not valid for these items.");
  });

  it("refuses unknown, malformed, expired codes and the membership, each with its reason", async () => {
    const buyer = await signedInUser(demo.services, "refusals");
    const reason = async (res: Response) => [res.status, ((await res.json()) as any).message];
    expect(await reason(await checkoutWith(demo, buyer.cookie, [chakra], "NOPE"))).toEqual([
      400,
      "That discount code was not found. Check the spelling and try again.",
    ]);
    expect((await checkoutWith(demo, buyer.cookie, [chakra], "'; drop table --")).status).toBe(400);
    expect((await checkoutWith(demo, buyer.cookie, [chakra], { code: "TENOFF" })).status).toBe(400);

    await createCode(demo, { code: "OLD", amount: "50" });
    await demo.services.database.db
      .update(discountCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(discountCodes.code, "OLD"));
    expect(await reason(await checkoutWith(demo, buyer.cookie, [chakra], "old"))).toEqual([
      400,
      "That discount code has expired.",
    ]);
    expect(await reason(await checkoutWith(demo, buyer.cookie, [plan], "TENOFF"))).toEqual([
      400,
      "Discount codes cannot be used on the Digital Access membership.",
    ]);
    // The preview says the same as checkout, and takes no use.
    const preview = await demo.app.request(
      "/checkout/discount",
      jsonPost(buyer.cookie, JSON.stringify({ code: "old", productIds: [chakra.id] })),
    );
    expect(await reason(preview)).toEqual([400, "That discount code has expired."]);
  });

  it("lets one client guess at most 20 codes that do not exist, counted at once, without stopping other clients or right codes", async () => {
    // The app trusts the proxy header, so each test client has an address of its own.
    await createCode(demo, { code: "REAL-ONE", amount: "10" });
    const preview = (code: string, ip: string) =>
      demo.app.request("/checkout/discount", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost:3000", "x-forwarded-for": ip },
        body: JSON.stringify({ code, productIds: [chakra.id] }),
      });
    // Twenty-five guesses sent at once: twenty are tried, the rest wait.
    const guesses = await Promise.all(Array.from({ length: 25 }, (_, i) => preview(`GUESS-${i}`, "203.0.113.7")));
    const statuses = guesses.map((g) => g.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const refused = await preview("REAL-ONE", "203.0.113.7");
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as any).message).toMatch(
      /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
    );
    // Another client, and right codes, are not held back.
    for (let i = 0; i < 22; i++) expect((await preview("REAL-ONE", "198.51.100.9")).status).toBe(200);
    expect((await preview("GUESS-X", "198.51.100.9")).status).toBe(400);
  });

  it("a one-use code raced by 20 checkouts gives exactly one discounted order; an expired checkout gives the use back", async () => {
    await createCode(demo, { code: "ONCE", amount: "25", maxUses: "1" });
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => signedInUser(demo.services, `race-${i}`)));
    const answers = await Promise.all(
      buyers.map((b, i) => checkoutWith(demo, b.cookie, [chakra], "once", {}, `198.51.100.${i + 1}`)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    const refusals = await Promise.all(answers.filter((a) => a.status === 400).map((a) => a.json() as Promise<any>));
    expect(new Set(refusals.map((r) => r.message))).toEqual(new Set(["That discount code has been used up."]));
    const code = await codeRow(demo, "ONCE");
    const held = await demo.services.database.db
      .select()
      .from(discountRedemptions)
      .where(eq(discountRedemptions.codeId, code?.id ?? ""));
    expect(held).toHaveLength(1);
    const discounted = (await demo.services.database.db.select().from(purchases)).filter(
      (p) => p.discountCode === "ONCE",
    );
    expect(discounted).toHaveLength(1);
    expect(discounted[0]?.totalAmountCents).toBe(1299 - 325);

    // That checkout is left to expire: the use comes back, and the next buyer gets it.
    await expireStaleCheckouts(demo.services, new Date(Date.now() + 2 * 3600_000));
    const next = await checkoutWith(demo, buyers[0]?.cookie ?? "", [moon], "ONCE");
    expect(next.status).toBe(200);
    const after = await checkoutWith(demo, buyers[1]?.cookie ?? "", [moon], "ONCE");
    expect(after.status).toBe(400);
    // Twenty accounts (each a password hash) and twenty checkouts: more than 30 s on a busy machine.
  }, 120_000);

  it("the use itself, taken by 20 callers at once straight against the database, is given once", async () => {
    await createCode(demo, { code: "ONCE-DIRECT", amount: "10", maxUses: "1" });
    const lines = [{ productId: chakra.id, title: chakra.title, unitAmountCents: chakra.price_cents }];
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        reserveDiscount(demo.services.database.db, { code: "once-direct", purchaseId: crypto.randomUUID(), lines }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const reasons = results.flatMap((r) => (r.status === "rejected" ? [(r.reason as Error).message] : []));
    expect(new Set(reasons)).toEqual(new Set(["That discount code has been used up."]));
  });

  it("demo: paid at the discounted price; the receipt shows the code and what it took off; the orders list shows it", async () => {
    await createCode(demo, { code: "RECEIPT20", amount: "20", maxUses: "5" });
    const buyer = await signedInUser(demo.services, "discount-receipt");
    const opened = await openCheckout(demo.app, buyer.cookie, [chakra]);
    expect(opened.status).toBe(200);
    const res = await checkoutWith(demo, buyer.cookie, [chakra], "receipt20");
    const ref = ((await res.json()) as any).url.split("/").pop();
    const page = await demo.app.request(`http://localhost:3000/demo-checkout/${ref}`, {
      headers: { cookie: buyer.cookie },
    });
    // The page's data (the page itself streams): the code, and the total it charges.
    const html = await page.text();
    expect(html.includes("RECEIPT20")).toBe(true);
    expect(html.includes('\\"totalCents\\",1039')).toBe(true);
    expect((await payDemoCheckout(demo.app, buyer.cookie, ref)).status).toBe(302);
    expect(await purchaseOf(demo, ref)).toMatchObject({ status: "paid", totalAmountCents: 1039 });

    const receipts = (await parseOutbox(demo.dataDir)).filter(
      (m) => m.toAddress === buyer.email.toLowerCase() && /receipt/.test(m.subject ?? ""),
    );
    expect(receipts).toHaveLength(1);
    const text = receipts[0]?.text ?? "";
    expect(text).toMatch(/Chakra Balance Guide +£12\.99\n/);
    expect(text).toMatch(/Discount \(RECEIPT20\) +-£2\.60\n/);
    expect(text).toMatch(/Total +£10\.39\n/);

    const orders = await demo.app.request(`http://localhost:3000/admin/orders?q=${encodeURIComponent(buyer.email)}`, {
      headers: { cookie: adminCookie },
    });
    const list = await orders.text();
    expect(list).toContain("£10.39");
    expect(list).toContain("Discount code RECEIPT20");
    const csv = await (
      await demo.app.request(`http://localhost:3000/admin/orders/export.csv?q=${encodeURIComponent(buyer.email)}`, {
        headers: { cookie: adminCookie },
      })
    ).text();
    expect(csv).toContain("10.39");
    const admin = await demo.app.request("http://localhost:3000/admin/discounts", { headers: { cookie: adminCookie } });
    expect(await admin.text()).toContain("1 of 5 uses");
  });

  it("Stripe: the checkout carries a one-use coupon for exactly the server's discount; the paid total is discounted", async () => {
    expect((await createCode(stripe, { code: "STRIPE15", amount: "15" }, stripeAdminCookie)).status).toBe(302);
    const buyer = await signedInUser(stripe.services, "stripe-discount");
    const res = await checkoutWith(stripe, buyer.cookie, [chakra, moon], "stripe15", { discountCents: 2098 });
    expect(res.status).toBe(200);
    const sessionId = ((await res.json()) as any).url.split("/").pop();
    const session = fake.sessions.get(sessionId) as any;
    expect(session.amount_total).toBe(2098 - 315);
    const coupon = fake.coupons.get(session.discounts[0].coupon) as any;
    expect(coupon).toMatchObject({
      amount_off: 315,
      currency: "gbp",
      duration: "once",
      max_redemptions: 1,
      name: "STRIPE15",
    });
    // The line items are the real prices: Stripe's page shows the code taking its amount off.
    const created = fake.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1) as any;
    expect(created.body.line_items.map((l: any) => Number(l.price_data.unit_amount))).toEqual([1299, 799]);

    const payload = JSON.stringify(fake.event("checkout.session.completed", fake.pay(sessionId)));
    const hook = await stripe.app.request("/api/webhooks/stripe", {
      method: "POST",
      body: payload,
      headers: { "content-type": "application/json", "stripe-signature": fake.sign(payload) },
    });
    expect(hook.status).toBe(200);
    const [row] = await stripe.services.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.providerRef, sessionId));
    expect(row).toMatchObject({ status: "paid", totalAmountCents: 1783, discountCode: "STRIPE15", discountCents: 315 });
    const receipt = (await parseOutbox(stripe.dataDir)).find((m) => m.toAddress === buyer.email.toLowerCase());
    expect(receipt?.text).toMatch(/Discount \(STRIPE15\) +-£3\.15\n/);
    expect(receipt?.text).toMatch(/Total +£17\.83\n/);
  });
  it("Stripe: a checkout paid after it expired (its use given back and taken by another) counts its use again", async () => {
    await createCode(stripe, { code: "LATE", amount: "10", maxUses: "1" }, stripeAdminCookie);
    const [slow, quick] = await Promise.all([
      signedInUser(stripe.services, "late-payer"),
      signedInUser(stripe.services, "next-buyer"),
    ]);
    const first = await checkoutWith(stripe, slow.cookie, [moon], "LATE");
    const sessionId = ((await first.json()) as any).url.split("/").pop();
    await expireStaleCheckouts(stripe.services, new Date(Date.now() + 2 * 3600_000));
    expect((await checkoutWith(stripe, quick.cookie, [moon], "LATE")).status).toBe(200);

    // The slow buyer's card payment was already on its way: it arrives, at the discounted price.
    const payload = JSON.stringify(fake.event("checkout.session.completed", fake.pay(sessionId)));
    const hook = await stripe.app.request("/api/webhooks/stripe", {
      method: "POST",
      body: payload,
      headers: { "content-type": "application/json", "stripe-signature": fake.sign(payload) },
    });
    expect(hook.status).toBe(200);
    const [paid] = await stripe.services.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.providerRef, sessionId));
    expect(paid).toMatchObject({ status: "paid", totalAmountCents: 719, discountCode: "LATE" });
    const [use] = await stripe.services.database.db
      .select()
      .from(discountRedemptions)
      .where(eq(discountRedemptions.purchaseId, paid?.id ?? ""));
    expect(use?.releasedAt).toBeNull();
    const page = await stripe.app.request("http://localhost:3000/admin/discounts", {
      headers: { cookie: stripeAdminCookie },
    });
    // Paid: the late payer; held: the next buyer's open checkout (React's text joins stripped).
    expect((await page.text()).replace(/<[^>]*>/g, "")).toContain("1 of 1 use (+1 at checkout now)");
  });
});
