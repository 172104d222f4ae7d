import { inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { processedEvents } from "~/lib/db/schema.server";
import { startFakeStripe } from "../support/fake-stripe";
import { readOutbox } from "../support/outbox";
import { killRunningServers, ServerProcess } from "../support/server-process";
import { PAID_PRODUCTS, startCheckout } from "../support/site-client";
import { createTestSite, openSiteData, type TestSite } from "../support/test-site";
import { deliverWebhook } from "../support/webhook-delivery";
import { newBuyer, WriteLedger } from "../support/write-load";

let site: TestSite | undefined;
let fake: Awaited<ReturnType<typeof startFakeStripe>> | undefined;
afterEach(async () => {
  await killRunningServers();
  await site?.cleanup();
  await fake?.close();
  site = undefined;
  fake = undefined;
});

const [chakra, moon] = PAID_PRODUCTS as [(typeof PAID_PRODUCTS)[number], (typeof PAID_PRODUCTS)[number]];

describe("one checkout delivered many times, with restarts in between", () => {
  it("makes exactly one purchase however the deliveries come: twice, concurrently, out of order, across kill -9 and SIGTERM", async () => {
    fake = await startFakeStripe({ webhookSecret: "whsec_reliability" });
    const stripe = fake;
    site = await createTestSite("redelivery", stripe.env);
    let server = await ServerProcess.start(site);
    const buyer = await newBuyer(server);
    const deliver = (event: unknown) => deliverWebhook(server.url, stripe, event);

    // Checkout A: Stripe sends "completed" and "async_payment_succeeded" for one session, each twice,
    // the later event first, all at once.
    const a = (await startCheckout(buyer, server.url, chakra)) as string;
    const paidA = stripe.pay(a);
    const completedA = stripe.event("checkout.session.completed", paidA);
    const succeededA = stripe.event("checkout.session.async_payment_succeeded", paidA);
    expect(await Promise.all([succeededA, completedA, succeededA, completedA].map(deliver))).toEqual([
      200, 200, 200, 200,
    ]);

    // Killed and restarted; Stripe redelivers both while the buyer's success page asks Stripe itself.
    await server.kill();
    server = await server.restart();
    const successPage = fetch(`${server.url}/checkout/success?session_id=${a}`, {
      headers: { cookie: buyer.cookieHeader() },
    }).then(async (res) => (await res.text()).includes("Thank You for Your Purchase") && res.status);
    expect(await Promise.all([deliver(completedA), successPage, deliver(succeededA)])).toEqual([200, 200, 200]);

    // Stopped gracefully and started again: one more redelivery.
    expect((await server.terminate()).code).toBe(0);
    server = await server.restart();
    expect(await deliver(completedA)).toBe(200);

    // Checkout B: the server dies in the middle of a burst of deliveries; Stripe retries after the restart.
    const b = (await startCheckout(buyer, server.url, moon)) as string;
    const completedB = stripe.event("checkout.session.completed", stripe.pay(b));
    const burst = Array.from({ length: 10 }, () => deliver(completedB));
    await Promise.race(burst);
    await server.kill();
    const outcomes = await Promise.all(burst);
    expect(outcomes.every((outcome) => outcome === 200 || outcome === "no answer")).toBe(true);
    server = await server.restart();
    expect(await deliver(completedB)).toBe(200);
    expect((await server.terminate()).code).toBe(0);

    const data = await openSiteData(site);
    try {
      const purchasesA = await WriteLedger.paidPurchases(data.db, "stripe", a);
      const purchasesB = await WriteLedger.paidPurchases(data.db, "stripe", b);
      expect(purchasesA.map((p) => [p.totalAmountCents, p.productIds])).toEqual([[1299, [chakra.id]]]);
      expect(purchasesB.map((p) => [p.totalAmountCents, p.productIds])).toEqual([[799, [moon.id]]]);
      const handled = await data.db
        .select({ id: processedEvents.id })
        .from(processedEvents)
        .where(inArray(processedEvents.id, [completedA.id, succeededA.id, completedB.id] as string[]));
      expect(handled).toHaveLength(3);
    } finally {
      await data.close();
    }
    // One receipt for A. B's may be missing if the kill fell between commit and sending, never doubled.
    const receipts = readOutbox(site.dataDir).filter((m) => /receipt for order/.test(m.subject));
    expect(receipts.filter((m) => /^Total\s+£12\.99$/m.test(m.text))).toHaveLength(1);
    expect(receipts.filter((m) => /^Total\s+£7\.99$/m.test(m.text)).length).toBeLessThanOrEqual(1);
  });
});
