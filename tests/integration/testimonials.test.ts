import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testimonialMessages } from "~/features/testimonials/model";
import { bookings, testimonialLog, testimonials } from "~/lib/db/schema.server";
import { buyInDemo } from "../support/demo-purchase";
import { signedInUser } from "../support/shop-accounts";
import { createTestApp } from "../support/test-app";

/**
 * Issue 26, item 8: only a client of what a testimonial is about may write one (the server decides,
 * whatever is posted); she cannot write one; she approves or rejects, logged; approved ones show.
 */
type App = Awaited<ReturnType<typeof createTestApp>>;
let t: App;
const origin = "http://localhost:3000";
const guide = { id: "chakra-balance-guide", title: "Chakra Balance Guide", price_cents: 1299 };

beforeAll(async () => {
  t = await createTestApp();
  await t.server.seedCatalogue(t.services);
}, 120_000);
afterAll(() => t.cleanup());

const post = (path: string, cookie: string, fields: Record<string, string>) =>
  t.app.request(`${origin}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie, origin, "content-type": "application/x-www-form-urlencoded" },
  });
const write = (cookie: string, topic: string, body = "A calm, kind hour that left me rested and grateful.") =>
  post("/testimonials/new", cookie, { topic, body, consent: "on" });

/** A session that happened (or not) for this client, as booking records it. */
async function pastSession(
  userId: string,
  serviceId: "one-on-one" | "standard-scan",
  attendance: "attended" | "no_show" | null,
) {
  const startsAt = new Date(Date.now() - (3 + Math.random() * 100) * 86_400_000);
  await t.services.database.db.insert(bookings).values({
    id: crypto.randomUUID(),
    userId,
    serviceId,
    place: "in_person",
    startsAt,
    endsAt: new Date(startsAt.getTime() + 3_600_000),
    day: startsAt.toISOString().slice(0, 10),
    status: "confirmed",
    purchaseId: crypto.randomUUID(),
    amountCents: 5000,
    attendance,
  });
}

describe("who may leave a testimonial", () => {
  it("refuses someone who has bought nothing and attended nothing, and the owner herself", async () => {
    const stranger = await signedInUser(t.services, "stranger");
    const refused = await write(stranger.cookie, "shop");
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(testimonialMessages.notEligible);

    const owner = await signedInUser(t.services, "owner");
    await t.server.runCommand(t.services, "admin", ["add", owner.email]);
    await buyInDemo(t.app, owner.cookie, [guide]);
    const own = await write(owner.cookie, "shop");
    expect(own.status).toBe(403);
    expect(await own.text()).toContain(testimonialMessages.ownerCannotWrite);
  });

  it("takes a buyer's about the shop, not about Reiki; a Reiki client's once attended, not a no-show's", async () => {
    const buyer = await signedInUser(t.services, "buyer");
    await buyInDemo(t.app, buyer.cookie, [guide]);
    expect((await write(buyer.cookie, "reiki")).status).toBe(403);
    expect((await write(buyer.cookie, "shop")).status).toBe(302);
    // One waiting at a time.
    expect((await write(buyer.cookie, "shop")).status).toBe(409);

    const client = await signedInUser(t.services, "client");
    await pastSession(client.id, "standard-scan", "no_show");
    expect((await write(client.cookie, "zyto")).status).toBe(403);
    await pastSession(client.id, "one-on-one", "attended");
    expect((await write(client.cookie, "reiki")).status).toBe(302);
    // A form that skips the consent, or says too little, is refused with the reason.
    const empty = await post("/testimonials/new", client.cookie, { topic: "reiki", body: "ok" });
    expect(empty.status).toBe(400);
  });

  it("she approves or rejects, once, logged with who and what; approved ones show on their page", async () => {
    const owner = await signedInUser(t.services, "deciding-owner");
    await t.server.runCommand(t.services, "admin", ["add", owner.email]);
    const client = await signedInUser(t.services, "reiki-client");
    await pastSession(client.id, "one-on-one", null);
    const words = "Reiki with Elena helped my insomnia and I felt so peaceful afterwards.";
    expect((await write(client.cookie, "reiki", words)).status).toBe(302);
    const [mine] = await t.services.database.db.select().from(testimonials).where(eq(testimonials.userId, client.id));
    expect(mine?.status).toBe("pending");
    expect((await t.app.request(`${origin}/reiki`)).status).toBe(200);
    expect(await (await t.app.request(`${origin}/reiki`)).text()).not.toContain("felt so peaceful");

    // A client cannot decide; she can, once.
    expect((await post("/admin/testimonials", client.cookie, { intent: "approve", id: mine?.id ?? "" })).status).toBe(
      403,
    );
    const approved = await post("/admin/testimonials", owner.cookie, { intent: "approve", id: mine?.id ?? "" });
    expect(approved.status).toBe(302);
    // Published as written, with a warning for her to read: it names a condition.
    expect(approved.headers.get("set-cookie")).toContain("flash=");
    expect((await post("/admin/testimonials", owner.cookie, { intent: "reject", id: mine?.id ?? "" })).status).toBe(
      409,
    );
    const log = await t.services.database.db
      .select()
      .from(testimonialLog)
      .where(eq(testimonialLog.testimonialId, mine?.id ?? ""));
    expect(log.map((l) => [l.action, l.actorId, l.body])).toEqual([
      ["submitted", client.id, words],
      ["approved", owner.id, words],
    ]);
    const page = await (await t.app.request(`${origin}/reiki`)).text();
    expect(page).toContain("felt so peaceful");
    // The first name and the date, nothing more of the person.
    expect(page).toContain(">Test</span>");
    expect(page).not.toContain(client.email);
    expect(await (await t.app.request(`${origin}/zyto`)).text()).not.toContain("felt so peaceful");

    // Approved by mistake: she withdraws it, once; it leaves the page, and the log says so.
    expect((await post("/admin/testimonials", client.cookie, { intent: "withdraw", id: mine?.id ?? "" })).status).toBe(
      403,
    );
    expect((await post("/admin/testimonials", owner.cookie, { intent: "withdraw", id: mine?.id ?? "" })).status).toBe(
      302,
    );
    expect((await post("/admin/testimonials", owner.cookie, { intent: "withdraw", id: mine?.id ?? "" })).status).toBe(
      409,
    );
    expect(await (await t.app.request(`${origin}/reiki`)).text()).not.toContain("felt so peaceful");
    const after = await t.services.database.db
      .select()
      .from(testimonialLog)
      .where(eq(testimonialLog.testimonialId, mine?.id ?? ""));
    expect(after.map((l) => [l.action, l.actorId])).toEqual([
      ["submitted", client.id],
      ["approved", owner.id],
      ["withdrawn", owner.id],
    ]);
    const list = await (
      await t.app.request(`${origin}/admin/testimonials`, { headers: { cookie: owner.cookie } })
    ).text();
    expect(list).toContain("Withdrawn by");
  });
});
