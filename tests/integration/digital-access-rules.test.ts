import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMonths } from "~/features/shop/renewal/reminder-due";
import { runShopUpkeep } from "~/features/shop/run-shop-upkeep.server";
import { purchases, subscribers } from "~/lib/db/schema.server";
import { parseOutbox } from "../support/check-email";
import { openCheckout, payDemoCheckout } from "../support/demo-purchase";
import { signedInUser } from "../support/shop-accounts";
import { createTestApp } from "../support/test-app";

/**
 * Issue 26, item 7 (DMCC Act 2024, subscription contracts): leaving Digital Access takes no more steps
 * and pages than joining it; a reminder goes before the renewal each six months, once however many
 * upkeeps run, with a one-click exit that works without signing in and for nobody else.
 */
type App = Awaited<ReturnType<typeof createTestApp>>;
let t: App;
const origin = "http://localhost:3000";
const plan = { id: "subscription", title: "Digital Access", price_cents: 999, product_type: "subscription" };

beforeAll(async () => {
  t = await createTestApp();
  await t.server.seedCatalogue(t.services);
}, 120_000);
afterAll(() => t.cleanup());

/** A journey as a person takes it: each page they land on, each click or tick they make. */
type Journey = { pages: number; steps: number };
const page = async (j: Journey, path: string, cookie: string, shows: string) => {
  const res = await t.app.request(`${origin}${path}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  expect(await res.text()).toContain(shows);
  j.pages++;
};
const form = (cookie: string, body: Record<string, string> = {}) => ({
  method: "POST",
  body: new URLSearchParams(body),
  headers: { cookie, origin, "content-type": "application/x-www-form-urlencoded" },
});

async function join(cookie: string): Promise<Journey> {
  const j = { pages: 0, steps: 0 };
  await page(j, "/product/subscription", cookie, "Digital Access");
  j.steps += 2; // 'Subscribe for £9.99' opens the dialog (its key facts); the consent box is ticked.
  j.steps++; // 'Subscribe for £9.99' in the dialog: the checkout.
  const { ref } = await openCheckout(t.app, cookie, [plan]);
  await page(j, `/demo-checkout/${ref}`, cookie, "Subscribe to Digital Access");
  j.steps++; // 'Pay £9.99'
  expect((await payDemoCheckout(t.app, cookie, ref)).status).toBe(302);
  await page(j, `/checkout/success?session_id=${ref}`, cookie, "Thank You");
  return j;
}

async function cancelFromAccount(cookie: string): Promise<Journey> {
  const j = { pages: 0, steps: 0 };
  await page(j, "/my-purchases", cookie, "Manage membership: cancel at period end");
  j.steps++; // the button opens its 'Cancel your membership?' dialog
  j.steps++; // 'Cancel membership'
  const res = await t.app.request(`${origin}/membership/manage`, form(cookie));
  expect(res.headers.get("location")).toBe("/my-purchases");
  await page(j, "/my-purchases", cookie, "it will not renew");
  return j;
}

describe("Digital Access under the subscription rules", () => {
  it("cancelling takes no more steps or pages than joining", async () => {
    const member = await signedInUser(t.services, "steps");
    const joining = await join(member.cookie);
    const leaving = await cancelFromAccount(member.cookie);
    expect(joining).toEqual({ pages: 3, steps: 4 });
    expect(leaving.steps).toBeLessThanOrEqual(joining.steps);
    expect(leaving.pages).toBeLessThanOrEqual(joining.pages);
    const [row] = await t.services.database.db.select().from(subscribers).where(eq(subscribers.email, member.email));
    expect(row?.cancelAtPeriodEnd).toBe(true);
  });

  it("reminds before the renewal six months on, once, with an exit that takes one click and no sign-in", async () => {
    const member = await signedInUser(t.services, "reminded");
    const { ref } = await openCheckout(t.app, member.cookie, [plan]);
    await payDemoCheckout(t.app, member.cookie, ref);
    const { db } = t.services.database;
    const [bought] = await db.select().from(purchases).where(eq(purchases.id, ref));
    const sixMonthsOn = addMonths(bought?.paidAt as Date, 6);
    await db.update(subscribers).set({ subscriptionEnd: sixMonthsOn }).where(eq(subscribers.email, member.email));

    const reminders = async () =>
      (await parseOutbox(t.dataDir)).filter((m) => m.toAddress === member.email && /renews on/.test(m.subject ?? ""));
    // A month before: not yet. In the week before: once, however many upkeeps run at once.
    await runShopUpkeep(t.services, new Date(sixMonthsOn.getTime() - 30 * 86_400_000));
    expect(await reminders()).toHaveLength(0);
    const weekBefore = new Date(sixMonthsOn.getTime() - 3 * 86_400_000);
    await Promise.all([runShopUpkeep(t.services, weekBefore), runShopUpkeep(t.services, weekBefore)]);
    await runShopUpkeep(t.services, weekBefore);
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toMatch(/Price +£9\.99 a month\n/);
    const link = (sent[0]?.text ?? "").match(/http:\/\/localhost:3000\/membership\/leave\?\S+/)?.[0] as string;
    expect(link).toBeDefined();

    // Someone else's address in a real link's signature is refused.
    const forged = link.replace(encodeURIComponent(member.email), encodeURIComponent("other@example.com"));
    expect((await t.app.request(forged)).status).toBe(400);
    // Opening the link ends nothing (mail scanners open links); its one button does.
    const opened = await t.app.request(link);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("End my membership");
    const fields = Object.fromEntries(new URL(link).searchParams);
    // The page's form posts back to its own address, the link, with its fields.
    const left = await t.app.request(link, form("", fields));
    expect(left.status).toBe(200);
    expect(await left.text()).toContain("will not renew");
    const [row] = await db.select().from(subscribers).where(eq(subscribers.email, member.email));
    expect(row?.cancelAtPeriodEnd).toBe(true);
    // No reminder for a membership that will not renew.
    await runShopUpkeep(t.services, new Date(sixMonthsOn.getTime() - 86_400_000));
    expect(await reminders()).toHaveLength(1);
  });
});
