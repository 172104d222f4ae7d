import { afterEach, describe, expect, it } from "vitest";
import { startFakeStripe } from "../support/fake-stripe";
import {
  freePort,
  killRunningServers,
  removeFolder,
  ServerProcess,
  type SiteConfig,
  temporaryFolder,
} from "../support/server-process";
import { browserFor, PAID_PRODUCTS, PASSWORD, signIn, startCheckout, uniqueEmail } from "../support/site-client";
import { onPostgres } from "../support/test-database";
import { createTestSite, openSiteData } from "../support/test-site";
import { deliverWebhook } from "../support/webhook-delivery";
import { WriteLedger } from "../support/write-load";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  await killRunningServers();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe.skipIf(!onPostgres())("two app instances on one PostgreSQL database", () => {
  it("share sessions and the sign-in lockout, and fulfil a checkout delivered to both at once exactly once", async () => {
    const stripe = await startFakeStripe({ webhookSecret: "whsec_two_instances" });
    cleanups.push(() => stripe.close());
    const first = await createTestSite("instance-a", stripe.env, { seeded: false });
    cleanups.push(() => first.cleanup());
    // Same database and secret, its own data folder and port: a second machine behind the balancer.
    const second: SiteConfig = { ...first, dataDir: temporaryFolder("instance-b") };
    cleanups.push(() => removeFolder(second.dataDir));
    const [portA, portB] = [await freePort(), await freePort()];
    const publicUrl = `http://127.0.0.1:${portA}`;
    // Started together: they migrate and seed the one database at the same moment.
    const [a, b] = await Promise.all([
      ServerProcess.start(first, { port: portA, publicUrl }),
      ServerProcess.start(second, { port: portB, publicUrl }),
    ]);

    // A session made on one instance is good on the other.
    const email = uniqueEmail("both");
    await a.command("user:create", email, PASSWORD, "Two", "Instances");
    const onA = await signIn(browserFor(a.url, publicUrl), email);
    const membership = await fetch(`${b.url}/api/membership`, { headers: { cookie: onA.cookieHeader() } });
    expect(membership.status).toBe(200);
    expect(await membership.json()).toMatchObject({ subscribed: false });

    // Failed sign-ins count on both: five wrong passwords, alternating, lock the account everywhere.
    const victim = uniqueEmail("lockout");
    await b.command("user:create", victim, PASSWORD, "Locked", "Out");
    const statuses: number[] = [];
    for (const server of [a, b, a, b, a]) {
      const res = await browserFor(server.url, publicUrl).post("/auth", {
        intent: "signin",
        email: victim,
        password: "Wrong-Pass-42",
      });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const rightPassword = await browserFor(b.url, publicUrl).post("/auth", {
      intent: "signin",
      email: victim,
      password: PASSWORD,
    });
    await rightPassword.arrayBuffer();
    expect(rightPassword.status).toBe(429);
    expect(Number(rightPassword.headers.get("retry-after"))).toBeGreaterThan(0);

    // One paid checkout reaches both instances at once: both of Stripe's events, repeated, and the
    // buyer's success page on each.
    const product = PAID_PRODUCTS[1] as (typeof PAID_PRODUCTS)[number];
    const checkout = (await startCheckout(onA, a.url, product, publicUrl)) as string;
    const paid = stripe.pay(checkout);
    const completed = stripe.event("checkout.session.completed", paid);
    const succeeded = stripe.event("checkout.session.async_payment_succeeded", paid);
    const successPage = (origin: string) =>
      fetch(`${origin}/checkout/success?session_id=${checkout}`, { headers: { cookie: onA.cookieHeader() } }).then(
        async (res) => {
          await res.arrayBuffer();
          return res.status;
        },
      );
    const answers = await Promise.all([
      ...[a, b, a, b, a, b].map((server) => deliverWebhook(server.url, stripe, completed)),
      ...[b, a].map((server) => deliverWebhook(server.url, stripe, succeeded)),
      successPage(a.url),
      successPage(b.url),
    ]);
    expect(answers).toEqual(answers.map(() => 200));

    const data = await openSiteData(first);
    try {
      const purchases = await WriteLedger.paidPurchases(data.db, "stripe", checkout);
      expect(purchases.map((p) => [p.totalAmountCents, p.productIds])).toEqual([[product.price_cents, [product.id]]]);
    } finally {
      await data.close();
    }
    expect((await a.terminate()).code).toBe(0);
    expect((await b.terminate()).code).toBe(0);
  });
});
