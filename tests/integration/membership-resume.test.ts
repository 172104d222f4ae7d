import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscribers } from "~/lib/db/schema.server";
import { buyInDemo } from "../support/demo-purchase";
import { signedInUser } from "../support/shop-accounts";
import { createTestApp } from "../support/test-app";

/**
 * Issue 14, item 6: a demo membership set to end at the close of its period can be resumed, on the
 * server, while that period has not ended; a resume after it ended, or without a membership, changes nothing.
 */

type App = Awaited<ReturnType<typeof createTestApp>>;
const plan = { id: "subscription", title: "Digital Access", price_cents: 999, product_type: "subscription" };
let demo: App;

beforeAll(async () => {
  demo = await createTestApp();
  await demo.server.seedCatalogue(demo.services);
}, 120_000);
afterAll(async () => {
  await demo?.cleanup();
});

const manage = (cookie: string, body: string) =>
  demo.app.request("http://localhost:3000/membership/manage", {
    method: "POST",
    headers: { cookie, origin: "http://localhost:3000", "content-type": "application/x-www-form-urlencoded" },
    body,
  });

const row = async (email: string) => {
  const [found] = await demo.services.database.db
    .select()
    .from(subscribers)
    .where(eq(subscribers.email, email.toLowerCase()));
  return found;
};

describe("POST /membership/manage intent=resume (demo)", () => {
  it("turns renewal back on after a cancel, and twenty at once leave it on", async () => {
    const member = await signedInUser(demo.services, "resume");
    await buyInDemo(demo.app, member.cookie, [plan]);
    expect((await manage(member.cookie, "")).status).toBe(302);
    expect((await row(member.email))?.cancelAtPeriodEnd).toBe(true);

    const answers = await Promise.all(Array.from({ length: 20 }, () => manage(member.cookie, "intent=resume")));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(302));
    const after = await row(member.email);
    expect(after?.cancelAtPeriodEnd).toBe(false);
    expect(after?.subscribed).toBe(true);
    expect(answers[0]?.headers.get("location")).toBe("/my-purchases");
  });

  it("does not resume a membership whose period has ended", async () => {
    const member = await signedInUser(demo.services, "ended");
    await buyInDemo(demo.app, member.cookie, [plan]);
    await manage(member.cookie, "");
    await demo.services.database.db
      .update(subscribers)
      .set({ subscriptionEnd: new Date(Date.now() - 60_000) })
      .where(eq(subscribers.email, member.email.toLowerCase()));
    expect((await manage(member.cookie, "intent=resume")).status).toBe(302);
    expect((await row(member.email))?.cancelAtPeriodEnd).toBe(true);
  });

  it("changes nothing for someone who is not a member, and refuses the signed-out", async () => {
    const visitor = await signedInUser(demo.services, "no-plan");
    expect((await manage(visitor.cookie, "intent=resume")).status).toBe(302);
    expect(await row(visitor.email)).toBeUndefined();
    const signedOut = await demo.app.request("http://localhost:3000/membership/manage", {
      method: "POST",
      headers: { origin: "http://localhost:3000", "content-type": "application/x-www-form-urlencoded" },
      body: "intent=resume",
    });
    expect(signedOut.status).not.toBe(200);
    expect(signedOut.status).toBeLessThan(500);
  });
});
