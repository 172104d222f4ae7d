import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purchases } from "~/lib/db/schema.server";
import { buyInDemo } from "../support/demo-purchase";
import { checkoutBody, jsonPost, signedInUser } from "../support/shop-accounts";
import { createTestApp } from "../support/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
const plan = { id: "subscription", title: "Digital Access", price_cents: 999, product_type: "subscription" };
const guide = { id: "moon-ritual-journal", title: "Moon Ritual Journal", price_cents: 799 };
const course = {
  id: "reiki-self-healing-course",
  title: "Reiki Self-Healing Course",
  price_cents: 4999,
  product_type: "video_course",
};

beforeAll(async () => {
  t = await createTestApp({}, { template: "seeded" });
});
afterAll(() => t.cleanup());

describe("checkout for a Digital Access member", () => {
  it("never charges for a guide the membership includes, only for the rest", async () => {
    const member = await signedInUser(t.services, "member");
    await buyInDemo(t.app, member.cookie, [plan]);

    const onlyGuide = await t.app.request("/checkout", jsonPost(member.cookie, checkoutBody([guide])));
    expect(onlyGuide.status).toBe(409);
    expect(((await onlyGuide.json()) as { message: string }).message).toBe(
      "Your Digital Access membership already includes these guides: download them free",
    );

    const mixed = await t.app.request("/checkout", jsonPost(member.cookie, checkoutBody([guide, course])));
    expect(mixed.status).toBe(200);
    const [pending] = await t.services.database.db.select().from(purchases).where(eq(purchases.status, "pending"));
    expect(pending?.productIds).toEqual([course.id]);
    expect(pending?.totalAmountCents).toBe(4999);
  });
});
