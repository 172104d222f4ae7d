import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLOSE_WORD, closeAccount } from "~/features/rights/close-account.server";
import { purchases } from "~/lib/db/schema.server";
import { adminForm } from "../support/admin-requests";
import { type AdminTestApp, createAdminTestApp } from "../support/admin-test-app";
import { parseOutbox } from "../support/check-email";
import { buyInDemo } from "../support/demo-purchase";
import { signedInUser } from "../support/shop-accounts";

/**
 * Issue 14, item 9: orders the owner can work with. The CSV lists exactly the orders the filter
 * shows, the totals are of that set, a receipt can be sent again, and a product given by hand gives
 * access and appears in the customer's list.
 */

let t: AdminTestApp;
const chakra = { id: "chakra-balance-guide", title: "Chakra Balance Guide", price_cents: 1299 };
const moon = { id: "moon-ritual-journal", title: "Moon Ritual Journal", price_cents: 799 };

let alice: Awaited<ReturnType<typeof signedInUser>>;
let bob: Awaited<ReturnType<typeof signedInUser>>;
let aliceOrders: string[];
let bobOrder: string;

beforeAll(async () => {
  t = await createAdminTestApp();
  alice = await signedInUser(t.services, "alice");
  bob = await signedInUser(t.services, "bob");
  aliceOrders = [await buyInDemo(t.app, alice.cookie, [chakra]), await buyInDemo(t.app, alice.cookie, [moon])];
  bobOrder = await buyInDemo(t.app, bob.cookie, [chakra, moon]);
  // One of Alice's orders is refunded, and one of Bob's is dated in March.
  expect(
    (await adminForm(t.app, t.admin.cookie, { intent: "refund", id: aliceOrders[1] as string }, "/admin/orders"))
      .status,
  ).toBe(302);
  await t.services.database.db
    .update(purchases)
    .set({ createdAt: new Date("2026-03-10T12:00:00Z") })
    .where(eq(purchases.id, bobOrder));
}, 120_000);
afterAll(() => t.cleanup());

const page = async (query = "") => {
  const res = await t.app.request(`/admin/orders${query}`, { headers: { cookie: t.admin.cookie } });
  return { status: res.status, html: await res.text() };
};
const csv = async (query = "") => {
  const res = await t.app.request(`/admin/orders/export.csv${query}`, { headers: { cookie: t.admin.cookie } });
  return { status: res.status, type: res.headers.get("content-type"), body: await res.text() };
};
const csvIds = (body: string) =>
  body
    .trim()
    .split("\r\n")
    .slice(1)
    .map((line) => line.split(",")[1]);
const totalOf = (html: string, label: string) =>
  new RegExp(`data-testid="total-${label}"[^>]*>([^<]+)<`).exec(html)?.[1];

describe("finding orders", () => {
  it("by e-mail: only that customer's orders, with their totals, and the CSV lists exactly them", async () => {
    const { html } = await page(`?q=${encodeURIComponent(alice.email)}`);
    for (const id of aliceOrders) expect(html).toContain(`Order #${id.slice(0, 8)}`);
    expect(html).not.toContain(`Order #${bobOrder.slice(0, 8)}`);
    expect(totalOf(html, "orders")).toBe("2");
    expect(totalOf(html, "takings")).toBe("£12.99");
    expect(totalOf(html, "refunded")).toBe("£7.99");

    const exported = await csv(`?q=${encodeURIComponent(alice.email)}`);
    expect(exported.status).toBe(200);
    expect(exported.type).toBe("text/csv; charset=utf-8");
    expect(csvIds(exported.body).sort()).toEqual([...aliceOrders].sort());
  });

  it("by order id (its first characters, with or without '#'), status and UK dates", async () => {
    expect(csvIds((await csv(`?q=%23${bobOrder.slice(0, 8)}`)).body)).toEqual([bobOrder]);
    expect(csvIds((await csv(`?q=${bobOrder.slice(0, 6)}`)).body)).toContain(bobOrder);
    expect(csvIds((await csv("?status=refunded")).body)).toEqual([aliceOrders[1]]);
    expect(csvIds((await csv("?from=2026-03-01&to=2026-03-31")).body)).toEqual([bobOrder]);
    const march = await page("?from=2026-03-01&to=2026-03-31");
    expect(totalOf(march.html, "takings")).toBe("£20.98");
    // Status and search together: Alice's paid orders only.
    expect(csvIds((await csv(`?q=alice&status=paid`)).body)).toEqual([aliceOrders[0]]);
    // A search that is neither an e-mail nor an id matches nothing, and says so.
    expect((await page("?q=%25%25")).html).toContain("No orders match this filter.");
  });

  it("refuses a malformed filter with a reason, never a 500", async () => {
    for (const query of [
      "?status=open",
      "?from=2026-13-01",
      "?from=2026-04-02&to=2026-04-01",
      `?q=${"x".repeat(300)}`,
    ]) {
      expect((await page(query)).status).toBe(400);
      expect((await csv(query)).status).toBe(400);
    }
  });

  it("draws sales by week as an SVG on the server, for admins only", async () => {
    const res = await t.app.request("/admin/orders/chart.svg", { headers: { cookie: t.admin.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    const svg = await res.text();
    expect(svg.match(/<rect /g)).toHaveLength(12);
    // Paid this week: Alice's £12.99 (Bob's is in March, Alice's second refunded).
    expect(svg).toMatch(/£12\.99 in all/);
    expect(svg).toContain('viewBox="0 0 960 260"');
    // A phone's copy, which the page offers below 640 px: drawn at 360 units so its text stays legible.
    const narrow = await t.app.request("/admin/orders/chart.svg?size=narrow", { headers: { cookie: t.admin.cookie } });
    expect(await narrow.text()).toContain('viewBox="0 0 360 260"');
    const customer = await t.app.request("/admin/orders/chart.svg", { headers: { cookie: alice.cookie } });
    expect(customer.status).not.toBe(200);
    const csvAsCustomer = await t.app.request("/admin/orders/export.csv", { headers: { cookie: alice.cookie } });
    expect(csvAsCustomer.status).not.toBe(200);
  });
});

describe("working on an order", () => {
  it("resends a receipt, once per press, and refuses an id that names nothing", async () => {
    const before = (await parseOutbox(t.dataDir)).filter(
      (m) => m.toAddress === alice.email && /receipt/.test(m.subject ?? ""),
    );
    const res = await adminForm(
      t.app,
      t.admin.cookie,
      { intent: "resend", id: aliceOrders[0] as string },
      "/admin/orders",
    );
    expect(res.status).toBe(200);
    const after = (await parseOutbox(t.dataDir)).filter(
      (m) => m.toAddress === alice.email && /receipt/.test(m.subject ?? ""),
    );
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)?.subject).toBe(`Your Sacred Healing receipt for order #${aliceOrders[0]?.slice(0, 8)}`);
    const missing = await adminForm(
      t.app,
      t.admin.cookie,
      { intent: "resend", id: crypto.randomUUID() },
      "/admin/orders",
    );
    expect(missing.status).toBe(404);
    const malformed = await adminForm(t.app, t.admin.cookie, { intent: "resend", id: "nope" }, "/admin/orders");
    expect(malformed.status).toBe(404);
  });

  it("a refunded order's demo payment page says it was paid and refunded, not that nothing was charged", async () => {
    const res = await t.app.request(`/demo-checkout/${aliceOrders[1]}`, { headers: { cookie: alice.cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("This checkout was paid, and the payment has since been refunded.");
    expect(html).not.toContain("Nothing was charged");
  });

  it("offers no receipt to a closed account, and refuses to say one was sent", async () => {
    const dora = await signedInUser(t.services, "dora");
    const order = await buyInDemo(t.app, dora.cookie, [moon]);
    await closeAccount(t.services, { userId: dora.id, by: "owner", word: CLOSE_WORD });
    const { html } = await page(`?q=${order.slice(0, 8)}`);
    expect(html).toContain(`#${order.slice(0, 8)}`);
    expect(html).not.toContain(`Resend receipt of order #${order.slice(0, 8)}`);
    const res = await adminForm(t.app, t.admin.cookie, { intent: "resend", id: order }, "/admin/orders");
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("This client has closed their account: there is no address to send it to.");
  });

  it("gives a product by hand: a £0.00 order with the note, access, the customer's list and a receipt", async () => {
    const carol = await signedInUser(t.services, "carol");
    expect((await t.app.request(`/api/downloads/${chakra.id}`, { headers: { cookie: carol.cookie } })).status).toBe(
      403,
    );
    const fields = {
      intent: "grant",
      email: carol.email.toUpperCase(),
      productId: chakra.id,
      note: "Replacement after a lost download",
    };
    const [first, second] = await Promise.all([
      adminForm(t.app, t.admin.cookie, fields, "/admin/orders"),
      adminForm(t.app, t.admin.cookie, fields, "/admin/orders"),
    ]);
    expect([first.status, second.status].sort()).toEqual([302, 409]);

    const rows = await t.services.database.db.select().from(purchases).where(eq(purchases.userId, carol.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: "paid",
      totalAmountCents: 0,
      productIds: [chakra.id],
      note: "Replacement after a lost download",
    });
    expect((await t.app.request(`/api/downloads/${chakra.id}`, { headers: { cookie: carol.cookie } })).status).toBe(
      200,
    );
    const list = await (await t.app.request("/my-purchases", { headers: { cookie: carol.cookie } })).text();
    expect(list).toContain(`Order #${rows[0]?.id.slice(0, 8)}`);
    expect(list).toContain("Chakra Balance Guide");
    const orders = await page(`?q=${encodeURIComponent(carol.email)}`);
    expect(orders.html).toContain("Given by hand: Replacement after a lost download");
    expect(orders.html).toContain("£0.00");
    const [receipt] = (await parseOutbox(t.dataDir)).filter((m) => m.toAddress === carol.email);
    expect(receipt?.text).toMatch(/Total +£0\.00/);
    expect(receipt?.text).toContain("Replacement after a lost download");

    for (const [bad, status] of [
      [{ ...fields, email: "nobody@example.com" }, 404],
      [{ ...fields, productId: "subscription" }, 404],
      [{ ...fields, note: "" }, 400],
      [{ ...fields, email: bob.email }, 409],
    ] as const) {
      expect((await adminForm(t.app, t.admin.cookie, bad, "/admin/orders")).status).toBe(status);
    }
    const carolRows = await t.services.database.db
      .select()
      .from(purchases)
      .where(inArray(purchases.userId, [carol.id]));
    expect(carolRows).toHaveLength(1);
  });
});
