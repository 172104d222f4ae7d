// biome-ignore-all lint/suspicious/noExplicitAny: fake Stripe request bodies are loosely shaped JSON
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processedEvents, purchases, subscribers } from "~/lib/db/schema.server";
import { startFakeStripe } from "../support/fake-stripe";
import { checkoutBody, jsonPost, signedInUser } from "../support/shop-accounts";
import { createTestApp } from "../support/test-app";

const SECRET = "whsec_test_secret";
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
const chakra = { id: "chakra-balance-guide", title: "Chakra Balance Guide", price_cents: 1299 };
const moon = { id: "moon-ritual-journal", title: "Moon Ritual Journal", price_cents: 799 };

beforeAll(async () => {
  fake = await startFakeStripe({ webhookSecret: SECRET });
  t = await createTestApp(fake.env, { template: "seeded" });
});
afterAll(async () => {
  await t.cleanup();
  await fake.close();
});

const db = () => t.services.database.db;

async function startCheckout(cookie: string, products = [chakra, moon]) {
  const res = await t.app.request("/checkout", jsonPost(cookie, checkoutBody(products)));
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  const sessionId = url.split("/").pop() as string;
  return { url, sessionId };
}

function deliver(event: unknown, options: { secret?: string; timestamp?: number; alter?: boolean } = {}) {
  const payload = JSON.stringify(event);
  const signature = fake.sign(payload, options.secret, options.timestamp);
  const body = options.alter ? payload.replace(/"amount_total":\d+/, '"amount_total":1') : payload;
  return t.app.request("/api/webhooks/stripe", {
    method: "POST",
    body,
    headers: { "content-type": "application/json", "stripe-signature": signature },
  });
}

const paidRows = (userId: string) =>
  db()
    .select()
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.status, "paid")));

describe("Stripe checkout through the local fake Stripe API", () => {
  it("creates a Checkout Session in payment mode from our prices, not the browser's", async () => {
    const buyer = await signedInUser(t.services);
    // A price edited in the browser is refused (the price shown must be the price charged), before Stripe.
    const before = fake.requests.length;
    const tampered = [{ ...chakra, price_cents: 1 }, moon];
    const refused = await t.app.request("/checkout", jsonPost(buyer.cookie, checkoutBody(tampered)));
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe("price_changed");
    expect(fake.requests.length).toBe(before);
    const res = await t.app.request("/checkout", jsonPost(buyer.cookie, checkoutBody([chakra, moon])));
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(new URL(url).host).toBe("checkout.stripe.com");
    const request = fake.requests.findLast((r) => r.path === "/v1/checkout/sessions");
    const body = request?.body as Record<string, any>;
    expect(body.mode).toBe("payment");
    expect(body.client_reference_id).toBe(buyer.id);
    expect(body.customer_email).toBe(buyer.email);
    expect(
      body.line_items.map((l: any) => [l.price_data.product_data.name, l.price_data.unit_amount, l.quantity]),
    ).toEqual([
      ["Chakra Balance Guide", "1299", "1"],
      ["Moon Ritual Journal", "799", "1"],
    ]);
    const [pending] = await db().select().from(purchases).where(eq(purchases.userId, buyer.id));
    expect(pending?.status).toBe("pending");
    expect(pending?.totalAmountCents).toBe(2098);
    expect(pending?.consent?.wording).toContain("I lose my 14-day right to cancel once the download starts");
  });

  it("refuses a checkout without the reg. 37 consent, before calling Stripe", async () => {
    const buyer = await signedInUser(t.services);
    const before = fake.requests.length;
    for (const consent of [false, null, "yes"]) {
      const res = await t.app.request("/checkout", jsonPost(buyer.cookie, checkoutBody([chakra], consent)));
      expect(res.status).toBe(400);
    }
    const omitted = JSON.stringify({ products: [{ ...chakra, product_type: "digital_guide" }] });
    expect((await t.app.request("/checkout", jsonPost(buyer.cookie, omitted))).status).toBe(400);
    expect(fake.requests.length).toBe(before);
  });

  it("refuses a product list that fails the product check, or names unknown products", async () => {
    const buyer = await signedInUser(t.services);
    const bad = await t.app.request(
      "/checkout",
      jsonPost(buyer.cookie, checkoutBody([{ ...chakra, title: "<b>x</b>" }])),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      code: "security_error",
      error: "Security Error",
      message: "Invalid product data detected",
    });
    const unknown = await t.app.request(
      "/checkout",
      jsonPost(buyer.cookie, checkoutBody([{ id: "no-such", title: "x", price_cents: 1 }])),
    );
    expect(unknown.status).toBe(400);
    const garbage = await t.app.request("/checkout", jsonPost(buyer.cookie, "{not json"));
    expect(garbage.status).toBe(400);
    const visitor = await t.app.request("/checkout", jsonPost("", checkoutBody([chakra])));
    expect(visitor.status).toBe(401);
  });

  it("starts Digital Access in subscription mode with the configured Price", async () => {
    const buyer = await signedInUser(t.services);
    await startCheckout(buyer.cookie, [
      { id: "subscription", title: "Digital Access", price_cents: 999, product_type: "subscription" } as never,
    ]);
    const body = fake.requests.findLast((r) => r.path === "/v1/checkout/sessions")?.body as Record<string, any>;
    expect(body.mode).toBe("subscription");
    expect(body.line_items).toEqual([{ price: "price_digital", quantity: "1" }]);
    expect(body.subscription_data.metadata.userId).toBe(buyer.id);
  });
});

describe("the Stripe webhook", () => {
  it("refuses forged, altered, stale and unsigned deliveries and writes nothing", async () => {
    const buyer = await signedInUser(t.services);
    const { sessionId } = await startCheckout(buyer.cookie);
    const event = fake.event("checkout.session.completed", fake.pay(sessionId));
    const cases = [
      await deliver(event, { secret: "whsec_wrong" }),
      await deliver(event, { alter: true }),
      await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      await t.app.request("/api/webhooks/stripe", { method: "POST", body: JSON.stringify(event) }),
    ];
    for (const res of cases) expect(res.status).toBe(400);
    expect(await paidRows(buyer.id)).toEqual([]);
    expect(
      await db()
        .select()
        .from(processedEvents)
        .where(eq(processedEvents.id, event.id as string)),
    ).toEqual([]);
  });

  it("turns a paid checkout into exactly one purchase, however many deliveries race", async () => {
    const buyer = await signedInUser(t.services);
    const { sessionId } = await startCheckout(buyer.cookie);
    const event = fake.event("checkout.session.completed", fake.pay(sessionId));
    const responses = await Promise.all(Array.from({ length: 20 }, () => deliver(event)));
    for (const res of responses) expect(res.status).toBe(200);
    const rows = await paidRows(buyer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.totalAmountCents).toBe(2098);
    expect(rows[0]?.productIds).toEqual(["chakra-balance-guide", "moon-ritual-journal"]);
    expect(rows[0]?.consent?.at).toBeTruthy();
    // A second event about the same session (Stripe may send both) changes nothing either.
    await deliver(fake.event("checkout.session.async_payment_succeeded", fake.sessions.get(sessionId) as never));
    expect(await paidRows(buyer.id)).toHaveLength(1);
    // The receipt links to /my-purchases.
    const download = await t.app.request("/api/downloads/chakra-balance-guide", { headers: { cookie: buyer.cookie } });
    expect(download.status).toBe(200);
  });

  it("grants nothing for an unpaid completion or a failed async payment, and fulfils an async success", async () => {
    const buyer = await signedInUser(t.services);
    const { sessionId } = await startCheckout(buyer.cookie, [chakra]);
    const session = fake.pay(sessionId, "unpaid");
    expect((await deliver(fake.event("checkout.session.completed", session))).status).toBe(200);
    expect(await paidRows(buyer.id)).toEqual([]);
    await deliver(fake.event("checkout.session.async_payment_failed", session));
    expect(await paidRows(buyer.id)).toEqual([]);
    const denied = await t.app.request("/api/downloads/chakra-balance-guide", { headers: { cookie: buyer.cookie } });
    expect(denied.status).toBe(403);

    const second = await startCheckout(buyer.cookie, [chakra]);
    const delayed = fake.pay(second.sessionId, "unpaid");
    await deliver(fake.event("checkout.session.completed", delayed));
    delayed.payment_status = "paid";
    await deliver(fake.event("checkout.session.async_payment_succeeded", delayed));
    expect(await paidRows(buyer.id)).toHaveLength(1);
  });

  it("keeps the membership true to Stripe through the subscription lifecycle", async () => {
    const member = await signedInUser(t.services, "member");
    const { sessionId } = await startCheckout(member.cookie, [
      { id: "subscription", title: "Digital Access", price_cents: 999, product_type: "subscription" } as never,
    ]);
    const session = fake.pay(sessionId);
    const subscription = fake.subscription(session.subscription as string);
    await deliver(fake.event("customer.subscription.created", subscription));
    const membership = async () =>
      (await t.app.request("/api/membership", { headers: { cookie: member.cookie } })).json() as Promise<any>;
    expect((await membership()).subscribed).toBe(true);
    // A member downloads a guide free, but not a course.
    const guide = await t.app.request("/api/downloads/sacred-sleep-guide", { headers: { cookie: member.cookie } });
    expect(guide.status).toBe(200);
    const course = await t.app.request("/api/downloads/reiki-self-healing-course", {
      headers: { cookie: member.cookie },
    });
    expect(course.status).toBe(403);

    await deliver(fake.event("customer.subscription.updated", { ...subscription, cancel_at_period_end: true }));
    const cancelling = await membership();
    expect(cancelling.subscribed).toBe(true);
    expect(cancelling.cancel_at_period_end).toBe(true);

    await deliver(fake.event("customer.subscription.deleted", { ...subscription, status: "canceled" }));
    expect((await membership()).subscribed).toBe(false);
    const after = await t.app.request("/api/downloads/sacred-sleep-guide", { headers: { cookie: member.cookie } });
    expect(after.status).toBe(403);
    const [row] = await db().select().from(subscribers).where(eq(subscribers.email, member.email));
    expect(row?.providerSubscriptionId).toBe(subscription.id);
  });

  it("ends access when the payment is refunded or a dispute is lost", async () => {
    const buyer = await signedInUser(t.services);
    const { sessionId } = await startCheckout(buyer.cookie, [chakra]);
    const session = fake.pay(sessionId);
    await deliver(fake.event("checkout.session.completed", session));
    const ok = await t.app.request("/api/downloads/chakra-balance-guide", { headers: { cookie: buyer.cookie } });
    expect(ok.status).toBe(200);
    // A partial refund keeps the purchase.
    await deliver(
      fake.event("charge.refunded", {
        id: "ch_1",
        object: "charge",
        refunded: false,
        payment_intent: session.payment_intent,
      }),
    );
    expect(await paidRows(buyer.id)).toHaveLength(1);
    await deliver(
      fake.event("charge.refunded", {
        id: "ch_1",
        object: "charge",
        refunded: true,
        payment_intent: session.payment_intent,
      }),
    );
    expect(await paidRows(buyer.id)).toEqual([]);
    const denied = await t.app.request("/api/downloads/chakra-balance-guide", { headers: { cookie: buyer.cookie } });
    expect(denied.status).toBe(403);

    const other = await startCheckout(buyer.cookie, [moon]);
    const disputed = fake.pay(other.sessionId);
    await deliver(fake.event("checkout.session.completed", disputed));
    await deliver(
      fake.event("charge.dispute.closed", {
        id: "dp_1",
        object: "dispute",
        status: "lost",
        payment_intent: disputed.payment_intent,
      }),
    );
    const [refunded] = await db().select().from(purchases).where(eq(purchases.providerRef, other.sessionId));
    expect(refunded?.status).toBe("refunded");
    expect(refunded?.refundedAt).toBeTruthy();
  });

  it("shows the purchase on the success page even when the webhook is late", async () => {
    const buyer = await signedInUser(t.services);
    const { sessionId } = await startCheckout(buyer.cookie, [chakra]);
    fake.pay(sessionId);
    // Another user cannot fulfil or see it.
    const stranger = await signedInUser(t.services, "stranger");
    const theirs = await t.app.request(`/checkout/success?session_id=${sessionId}`, {
      headers: { cookie: stranger.cookie },
    });
    expect(theirs.status).toBe(404);
    const res = await t.app.request(`/checkout/success?session_id=${sessionId}`, { headers: { cookie: buyer.cookie } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Thank You for Your Purchase");
    expect(await paidRows(buyer.id)).toHaveLength(1);
  });

  it("repairs a missed delivery with payments:reconcile, and replays nothing twice", async () => {
    const buyer = await signedInUser(t.services);
    const { sessionId } = await startCheckout(buyer.cookie, [moon]);
    fake.event("checkout.session.completed", fake.pay(sessionId));
    const first = await t.server.runCommand(t.services, "payments:reconcile", []);
    expect(first).toMatch(/^Replayed \d+ events/);
    expect(await paidRows(buyer.id)).toHaveLength(1);
    const second = await t.server.runCommand(t.services, "payments:reconcile", []);
    expect(second).not.toContain("fulfilled");
    expect(await paidRows(buyer.id)).toHaveLength(1);
  });

  it("opens the Stripe customer portal for a member's 'Manage membership'", async () => {
    const member = await signedInUser(t.services, "portal");
    const { sessionId } = await startCheckout(member.cookie, [
      { id: "subscription", title: "Digital Access", price_cents: 999, product_type: "subscription" } as never,
    ]);
    const session = fake.pay(sessionId);
    await deliver(fake.event("customer.subscription.created", fake.subscription(session.subscription as string)));
    const res = await t.app.request("/membership/manage", {
      method: "POST",
      headers: {
        cookie: member.cookie,
        origin: "http://localhost:3000",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "",
    });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get("location") as string).host).toBe("billing.stripe.com");
  });
});

describe("refunds from the admin's orders page, through Stripe", () => {
  it("asks Stripe to refund the payment once, ends access at once, and the later webhook changes nothing", async () => {
    const admin = await signedInUser(t.services, "admin");
    await t.server.runCommand(t.services, "admin", ["add", admin.email]);
    const buyer = await signedInUser(t.services);
    const { sessionId } = await startCheckout(buyer.cookie, [chakra]);
    const session = fake.pay(sessionId);
    expect((await deliver(fake.event("checkout.session.completed", session))).status).toBe(200);
    const [paid] = await paidRows(buyer.id);

    const refund = () =>
      t.app.request("http://localhost:3000/admin/orders", {
        method: "POST",
        body: new URLSearchParams({ intent: "refund", id: paid?.id as string }),
        redirect: "manual",
        headers: {
          cookie: admin.cookie,
          origin: "http://localhost:3000",
          "content-type": "application/x-www-form-urlencoded",
        },
      });
    expect((await refund()).status).toBe(302);
    const asked = fake.requests.filter((r) => r.path === "/v1/refunds");
    expect(asked.map((r) => r.body.payment_intent)).toEqual([session.payment_intent]);
    const download = await t.app.request("/api/downloads/chakra-balance-guide", { headers: { cookie: buyer.cookie } });
    expect(download.status).toBe(403);
    expect((await refund()).status).toBe(409);
    expect(fake.requests.filter((r) => r.path === "/v1/refunds")).toHaveLength(1);

    const charge = { id: "ch_1", object: "charge", refunded: true, payment_intent: session.payment_intent };
    expect((await deliver(fake.event("charge.refunded", charge))).status).toBe(200);
    const [row] = await db()
      .select()
      .from(purchases)
      .where(eq(purchases.id, paid?.id as string));
    expect(row?.status).toBe("refunded");
  });
});
