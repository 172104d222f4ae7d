// biome-ignore-all lint/suspicious/noExplicitAny: fake Stripe objects are loosely shaped JSON

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expireStaleCheckouts } from "~/features/shop/expire-stale-checkouts.server";
import { retryPendingRefunds } from "~/features/shop/retry-pending-refunds.server";
import { downloadLog, orderLines, products, purchases, refunds, subscribers } from "~/lib/db/schema.server";
import { openCheckout, payDemoCheckout } from "../support/demo-purchase";
import { startFakeStripe } from "../support/fake-stripe";
import { chargedLines } from "../support/order-lines";
import { readOutbox } from "../support/outbox";
import { checkoutBody, jsonPost, signedInUser } from "../support/shop-accounts";
import { createTestApp } from "../support/test-app";

/**
 * Issue 13, money: each hole written as the attack, on the demo provider and on Stripe (a local fake
 * of its API). A customer is never charged twice, never sold a product without its file, always
 * charged the price they saw, and withdrawn products stay only with those who had them.
 */

type App = Awaited<ReturnType<typeof createTestApp>>;
const SECRET = "whsec_trust";
const chakra = { id: "chakra-balance-guide", title: "Chakra Balance Guide", price_cents: 1299 };
const moon = { id: "moon-ritual-journal", title: "Moon Ritual Journal", price_cents: 799 };
const unfinished = { id: "aromatherapy-rituals-guide", title: "Aromatherapy Rituals Guide", price_cents: 1099 };
const free = { id: "grounding-basics", title: "Grounding Basics", price_cents: 0 };

let demo: App;
let stripe: App;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;

beforeAll(async () => {
  fake = await startFakeStripe({ webhookSecret: SECRET });
  [demo, stripe] = await Promise.all([
    createTestApp({}, { template: "seeded" }),
    createTestApp(fake.env, { template: "seeded" }),
  ]);
});
afterAll(async () => {
  await Promise.all([demo.cleanup(), stripe.cleanup()]);
  await fake.close();
});

const origin = "http://localhost:3000";

function deliver(event: unknown) {
  const payload = JSON.stringify(event);
  return stripe.app.request("/api/webhooks/stripe", {
    method: "POST",
    body: payload,
    headers: { "content-type": "application/json", "stripe-signature": fake.sign(payload) },
  });
}

const payStripe = (sessionId: string) => deliver(fake.event("checkout.session.completed", fake.pay(sessionId)));

const rowsOf = (t: App, userId: string) =>
  t.services.database.db.select().from(purchases).where(eq(purchases.userId, userId));

/** Products the buyer has been charged for, counting each paid purchase's lines. */
async function chargedFor(t: App, userId: string) {
  const rows = (await rowsOf(t, userId)).filter((r) => r.status === "paid");
  return rows.flatMap((r) => r.productIds).sort();
}

const download = (t: App, cookie: string, id: string) => t.app.request(`/api/downloads/${id}`, { headers: { cookie } });

describe("a stale checkout never charges twice", () => {
  it("demo: paying an old checkout for a guide bought since through the cart is refused, and nothing is charged", async () => {
    const buyer = await signedInUser(demo.services, "stale-demo");
    const stale = await openCheckout(demo.app, buyer.cookie, [chakra]);
    const cart = await openCheckout(demo.app, buyer.cookie, [chakra, moon]);
    expect((await payDemoCheckout(demo.app, buyer.cookie, cart.ref)).status).toBe(302);

    const refused = await payDemoCheckout(demo.app, buyer.cookie, stale.ref);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/products");
    expect(await chargedFor(demo, buyer.id)).toEqual(["chakra-balance-guide", "moon-ritual-journal"]);
    const [row] = await demo.services.database.db.select().from(purchases).where(eq(purchases.id, stale.ref));
    expect(row?.status).toBe("cancelled");
    // Pressing Pay again changes nothing.
    await payDemoCheckout(demo.app, buyer.cookie, stale.ref);
    expect(await chargedFor(demo, buyer.id)).toEqual(["chakra-balance-guide", "moon-ritual-journal"]);
  });

  it("Stripe: a payment for a guide bought since is refunded in full, with an e-mail that says so", async () => {
    const buyer = await signedInUser(stripe.services, "stale-stripe");
    const stale = await openCheckout(stripe.app, buyer.cookie, [chakra]);
    const cart = await openCheckout(stripe.app, buyer.cookie, [chakra, moon]);
    expect((await payStripe(cart.ref)).status).toBe(200);

    expect((await payStripe(stale.ref)).status).toBe(200);
    const stalePaid = fake.sessions.get(stale.ref) as any;
    expect(fake.refundsMade.filter((r) => r.paymentIntent === stalePaid.payment_intent)).toEqual([
      expect.objectContaining({ amount: 1299 }),
    ]);
    expect(await chargedFor(stripe, buyer.id)).toEqual(["chakra-balance-guide", "moon-ritual-journal"]);
    const [row] = await stripe.services.database.db
      .select()
      .from(purchases)
      .where(and(eq(purchases.provider, "stripe"), eq(purchases.providerRef, stale.ref)));
    expect(row?.status).toBe("refunded");
    const [refund] = await stripe.services.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.purchaseId, row?.id ?? ""));
    expect(refund).toMatchObject({ status: "succeeded", amountCents: 1299, reason: "already_owned" });
    const notice = readOutbox(stripe.dataDir).filter((m) => m.to === buyer.email && /refund/i.test(m.subject));
    expect(notice).toHaveLength(1);
    expect(notice[0]?.text).toContain("£12.99");
    expect(notice[0]?.text).toContain("never charged twice");
    expect(notice[0]?.text).toContain("5-10 business days");

    // The same event delivered again refunds nothing more and sends no second e-mail.
    await deliver(fake.event("checkout.session.completed", stalePaid));
    expect(fake.refundsMade.filter((r) => r.paymentIntent === stalePaid.payment_intent)).toHaveLength(1);
    expect(readOutbox(stripe.dataDir).filter((m) => m.to === buyer.email && /refund/i.test(m.subject))).toHaveLength(1);
  });

  it("Stripe: of an old two-line checkout, the line bought since is refunded and the other is delivered", async () => {
    const buyer = await signedInUser(stripe.services, "partial");
    const stale = await openCheckout(stripe.app, buyer.cookie, [chakra, moon]);
    await payStripe((await openCheckout(stripe.app, buyer.cookie, [moon])).ref);
    await payStripe(stale.ref);
    expect(await chargedFor(stripe, buyer.id)).toEqual(["chakra-balance-guide", "moon-ritual-journal"]);
    const intent = (fake.sessions.get(stale.ref) as any).payment_intent;
    expect(fake.refundsMade.filter((r) => r.paymentIntent === intent).map((r) => r.amount)).toEqual([799]);
    const [row] = await stripe.services.database.db
      .select()
      .from(purchases)
      .where(and(eq(purchases.provider, "stripe"), eq(purchases.providerRef, stale.ref)));
    // The order took both lines' money (decision 040); the ledger says the moon line's went back.
    expect(row).toMatchObject({ status: "paid", productIds: ["chakra-balance-guide"], totalAmountCents: 2098 });
    const lines = await chargedLines(stripe.services, row?.id);
    expect(lines.map((l) => l.productId)).toEqual(["chakra-balance-guide", "moon-ritual-journal"]);
    const [moonLine] = await stripe.services.database.db
      .select({ refunded: orderLines.refundedCents, endedAt: orderLines.endedAt })
      .from(orderLines)
      .where(and(eq(orderLines.purchaseId, row?.id ?? ""), eq(orderLines.productId, "moon-ritual-journal")));
    expect(moonLine?.refunded).toBe(799);
    expect(moonLine?.endedAt).toBeTruthy();
  });

  it("Stripe: two checkouts for one guide paid at the same moment charge once and refund the other", async () => {
    const buyer = await signedInUser(stripe.services, "race");
    const first = await openCheckout(stripe.app, buyer.cookie, [chakra]);
    const second = await openCheckout(stripe.app, buyer.cookie, [chakra]);
    const deliveries = [first, second].flatMap((c) => {
      const event = fake.event("checkout.session.completed", fake.pay(c.ref));
      return [deliver(event), deliver(event), deliver(event)];
    });
    for (const res of await Promise.all(deliveries)) expect(res.status).toBe(200);
    expect(await chargedFor(stripe, buyer.id)).toEqual(["chakra-balance-guide"]);
    const intents = [first, second].map((c) => (fake.sessions.get(c.ref) as any).payment_intent);
    expect(fake.refundsMade.filter((r) => intents.includes(r.paymentIntent))).toHaveLength(1);
  });

  it("Stripe: a refund the provider could not take stays recorded and is made by the retry, once", async () => {
    const buyer = await signedInUser(stripe.services, "outage");
    const stale = await openCheckout(stripe.app, buyer.cookie, [moon]);
    await payStripe((await openCheckout(stripe.app, buyer.cookie, [moon])).ref);
    const event = fake.event("checkout.session.completed", fake.pay(stale.ref));
    fake.setUnreachable(true);
    try {
      expect((await deliver(event)).status).toBe(200);
    } finally {
      fake.setUnreachable(false);
    }
    const intent = (fake.sessions.get(stale.ref) as any).payment_intent;
    expect(fake.refundsMade.filter((r) => r.paymentIntent === intent)).toHaveLength(0);
    const pending = await stripe.services.database.db.select().from(refunds).where(eq(refunds.status, "pending"));
    expect(pending).toHaveLength(1);
    // The upkeep leaves young refunds to their request; an older one is retried.
    expect(await retryPendingRefunds(stripe.services)).toBe(0);
    expect(await retryPendingRefunds(stripe.services, new Date(Date.now() + 120_000))).toBe(1);
    expect(await retryPendingRefunds(stripe.services, new Date(Date.now() + 120_000))).toBe(0);
    expect(fake.refundsMade.filter((r) => r.paymentIntent === intent)).toHaveLength(1);
  });

  it("closes checkouts left open past their time, here and at Stripe, and never lets them be paid on the demo page", async () => {
    const buyer = await signedInUser(demo.services, "expiry");
    const left = await openCheckout(demo.app, buyer.cookie, [chakra]);
    expect(await expireStaleCheckouts(demo.services, new Date(Date.now() + 61 * 60_000))).toBeGreaterThanOrEqual(1);
    const refused = await payDemoCheckout(demo.app, buyer.cookie, left.ref);
    expect(refused.headers.get("location")).toBe("/products");
    expect(await chargedFor(demo, buyer.id)).toEqual([]);

    const stripeBuyer = await signedInUser(stripe.services, "expiry");
    const open = await openCheckout(stripe.app, stripeBuyer.cookie, [chakra]);
    await expireStaleCheckouts(stripe.services, new Date(Date.now() + 61 * 60_000));
    expect((fake.sessions.get(open.ref) as any).status).toBe("expired");
    const sent = fake.requests.findLast((r) => r.path === "/v1/checkout/sessions");
    expect(Number((sent?.body as any)?.expires_at)).toBeGreaterThan(Date.now() / 1000 + 30 * 60);
  });

  it("holds at most five open checkouts per account: a sixth closes the oldest", async () => {
    const buyer = await signedInUser(demo.services, "many");
    const opened = [];
    for (let i = 0; i < 7; i++) opened.push((await openCheckout(demo.app, buyer.cookie, [chakra])).ref);
    const rows = await rowsOf(demo, buyer.id);
    expect(
      rows
        .filter((r) => r.status === "pending")
        .map((r) => r.id)
        .sort(),
    ).toEqual(opened.slice(2).sort());
    expect(
      rows
        .filter((r) => r.status === "expired")
        .map((r) => r.id)
        .sort(),
    ).toEqual(opened.slice(0, 2).sort());
  });
});

describe("a paid product needs its file before it can be sold", () => {
  it("refuses a checkout for a product with no file, with a clear message, and opens nothing", async () => {
    const buyer = await signedInUser(demo.services, "nofile");
    for (const items of [[unfinished], [chakra, unfinished]]) {
      const res = await openCheckout(demo.app, buyer.cookie, items);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: "invalid_request",
        error: "Payment Error",
        message: "Aromatherapy Rituals Guide is not available to buy yet: its file is still being prepared.",
      });
    }
    expect(await rowsOf(demo, buyer.id)).toEqual([]);
    const page = await (
      await demo.app.request("/product/aromatherapy-rituals-guide", { headers: { cookie: buyer.cookie } })
    ).text();
    expect(page).toContain("Available Soon");
    expect(page).not.toContain("Download Now and Begin Your Inner Healing");
  });
});

describe("the price shown is the price charged", () => {
  it("refuses a checkout at a price the buyer did not see, naming the new one, and charges the new one when confirmed", async () => {
    const buyer = await signedInUser(demo.services, "reprice");
    const sleep = { id: "sacred-sleep-guide", title: "Sacred Sleep Guide", price_cents: 899 };
    await demo.services.database.db.update(products).set({ priceCents: 1450 }).where(eq(products.id, sleep.id));
    const refused = await openCheckout(demo.app, buyer.cookie, [sleep]);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: "price_changed",
      error: "Payment Error",
      message: "The price of Sacred Sleep Guide has changed to £14.50. Please check your order and try again.",
    });
    expect(await rowsOf(demo, buyer.id)).toEqual([]);
    // The cart asks for the products it holds and is told the current price.
    const state = (await (
      await demo.app.request(`/shop-state?ids=${sleep.id},no-such-product`, { headers: { cookie: buyer.cookie } })
    ).json()) as any;
    expect(state.products).toEqual([expect.objectContaining({ id: sleep.id, price_cents: 1450, for_sale: true })]);
    const confirmed = await openCheckout(demo.app, buyer.cookie, [{ ...sleep, price_cents: 1450 }]);
    expect(confirmed.status).toBe(200);
    const [row] = await rowsOf(demo, buyer.id);
    expect(row?.totalAmountCents).toBe(1450);
    expect(await chargedLines(demo.services, row?.id)).toEqual([
      { productId: sleep.id, title: sleep.title, unitAmountCents: 1450, discountCents: 0 },
    ]);
  });

  it("answers a malformed id list with 400, not 500", async () => {
    const res = await demo.app.request(`/shop-state?ids=${"x".repeat(101)}`);
    expect(res.status).toBe(400);
  });
});

describe("a withdrawn product stays only with those who had it", () => {
  async function withdraw(t: App, id: string) {
    await t.services.database.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, id));
  }

  it("an archived free product cannot be claimed or downloaded by someone new; earlier takers keep it", async () => {
    const t = await createTestApp({}, { template: "seeded" });
    try {
      const claimer = await signedInUser(t.services, "claimer");
      const downloader = await signedInUser(t.services, "downloader");
      const claim = await t.app.request(
        "/claim-free",
        jsonPost(claimer.cookie, JSON.stringify({ productId: free.id })),
      );
      expect(claim.status).toBe(200);
      expect((await download(t, downloader.cookie, free.id)).status).toBe(200);
      // Downloads logged a moment before the withdrawal.
      await t.services.database.db.update(downloadLog).set({ createdAt: new Date(Date.now() - 60_000) });
      await withdraw(t, free.id);

      const newcomer = await signedInUser(t.services, "newcomer");
      const again = await t.app.request(
        "/claim-free",
        jsonPost(newcomer.cookie, JSON.stringify({ productId: free.id })),
      );
      expect(again.status).toBe(404);
      expect((await download(t, newcomer.cookie, free.id)).status).toBe(403);
      expect((await download(t, claimer.cookie, free.id)).status).toBe(200);
      expect((await download(t, downloader.cookie, free.id)).status).toBe(200);
    } finally {
      await t.cleanup();
    }
  });

  it("an archived guide no longer downloads for members who never had it", async () => {
    const t = await createTestApp({}, { template: "seeded" });
    try {
      const member = await signedInUser(t.services, "member");
      await t.services.database.db.insert(subscribers).values({
        email: member.email,
        userId: member.id,
        subscribed: true,
        provider: "demo",
        subscriptionEnd: new Date(Date.now() + 86_400_000),
      });
      expect((await download(t, member.cookie, moon.id)).status).toBe(200);
      await t.services.database.db.update(downloadLog).set({ createdAt: new Date(Date.now() - 60_000) });
      await withdraw(t, moon.id);
      await withdraw(t, chakra.id);
      expect((await download(t, member.cookie, chakra.id)).status).toBe(403);
      // The guide they had already downloaded as a member stays theirs while they are a member.
      expect((await download(t, member.cookie, moon.id)).status).toBe(200);
    } finally {
      await t.cleanup();
    }
  });

  it("a checkout opened before the product was withdrawn cannot be paid (demo) or is refunded (Stripe)", async () => {
    const t = await createTestApp({}, { template: "seeded" });
    try {
      const buyer = await signedInUser(t.services, "withdrawn");
      const res = await t.app.request("/checkout", jsonPost(buyer.cookie, checkoutBody([moon])));
      const ref = ((await res.json()) as any).url.split("/").pop();
      await withdraw(t, moon.id);
      const pay = await t.app.request(`${origin}/demo-checkout/${ref}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "pay" }),
        headers: { cookie: buyer.cookie, origin, "content-type": "application/x-www-form-urlencoded" },
      });
      expect(pay.headers.get("location")).toBe("/products");
      expect((await rowsOf(t, buyer.id)).filter((r) => r.status === "paid")).toEqual([]);
    } finally {
      await t.cleanup();
    }

    const buyer = await signedInUser(stripe.services, "withdrawn");
    const opened = await openCheckout(stripe.app, buyer.cookie, [
      {
        id: "healing-frequencies-meditation",
        title: "Healing Frequencies Meditation",
        price_cents: 599,
        product_type: "audio",
      } as never,
    ]);
    await withdraw(stripe, "healing-frequencies-meditation");
    await payStripe(opened.ref);
    const intent = (fake.sessions.get(opened.ref) as any).payment_intent;
    expect(fake.refundsMade.filter((r) => r.paymentIntent === intent).map((r) => r.amount)).toEqual([599]);
    expect(await chargedFor(stripe, buyer.id)).toEqual([]);
    expect((await download(stripe, buyer.cookie, "healing-frequencies-meditation")).status).toBe(403);
  });
});
