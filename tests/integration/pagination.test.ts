import { and, asc, eq, isNull, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, purchases } from "~/lib/db/schema.server";
import { invalidatePublicPages } from "~/lib/public-page-cache.server";
import { signedInUser } from "../support/shop-accounts";
import { createTestApp } from "../support/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
/** The grid's products in the order the library shows them (the plan card is not one of them). */
let gridOrder: string[];

const EXTRA_PRODUCTS = 50;

beforeAll(async () => {
  t = await createTestApp({}, { template: "seeded" });
  const { db } = t.services.database;
  // Two products share a sort order and a title, so the order has to fall back on the id.
  await db.insert(products).values(
    Array.from({ length: EXTRA_PRODUCTS }, (_, i) => ({
      id: `extra-${String(i).padStart(2, "0")}`,
      title: i < 2 ? "Twin Guide" : `Extra Guide ${String(i).padStart(2, "0")}`,
      shortDescription: "A guide made for the pagination test.",
      priceCents: 500,
      sortOrder: i < 2 ? 500 : 100 + i,
    })),
  );
  // An archived product is gone from the library and from its counts.
  await db.insert(products).values({ id: "archived-guide", title: "Archived Guide", archivedAt: new Date() });
  // The pages are read after the database's upkeep, as a running server's are (on PGlite a vacuum,
  // after which the count and the order come from the catalogue index alone).
  await t.services.database.maintain();
  gridOrder = (
    await db
      .select({ id: products.id })
      .from(products)
      .where(and(isNull(products.archivedAt), ne(products.id, "subscription")))
      .orderBy(asc(products.sortOrder), asc(products.title), asc(products.id))
  ).map((r) => r.id);
});
afterAll(() => t.cleanup());

const page = async (path: string, cookie?: string) => {
  const res = await t.app.request(path, cookie ? { headers: { cookie } } : {});
  return { status: res.status, html: await res.text() };
};
const productIds = (html: string) =>
  [...html.matchAll(/<article[^>]*aria-labelledby="product-([^"]+)"/g)].map((m) => m[1]);
const orderNumbers = (html: string) => [...html.matchAll(/Order #([^<]{8})</g)].map((m) => m[1]);
const link = (html: string, rel: "prev" | "next") =>
  new RegExp(`<a[^>]*rel="${rel}"[^>]*href="([^"]*)"|<a[^>]*href="([^"]*)"[^>]*rel="${rel}"`)
    .exec(html)
    ?.slice(1)
    .find(Boolean);

describe("/products in pages of 24", () => {
  it("shows the plan card and the first 24 products on page 1, with a link to page 2", async () => {
    // 8 demo guides and courses + 50 extra: 58 products, so pages of 24, 24 and 10.
    expect(gridOrder).toHaveLength(58);
    const { status, html } = await page("/products");
    expect(status).toBe(200);
    expect(html).toContain('id="plan-title"');
    expect(productIds(html)).toEqual(gridOrder.slice(0, 24));
    expect(html).toContain("Page 1 of 3");
    expect(link(html, "prev")).toBeUndefined();
    expect(link(html, "next")).toBe("/products?page=2");
    expect(html).toContain("Frequently Asked Questions");
  });

  it("shows the next 24 products on page 2 without the plan card, linking both ways", async () => {
    const { status, html } = await page("/products?page=2");
    expect(status).toBe(200);
    expect(html).not.toContain('id="plan-title"');
    expect(productIds(html)).toEqual(gridOrder.slice(24, 48));
    expect(html).toContain("Page 2 of 3");
    expect(link(html, "prev")).toBe("/products");
    expect(link(html, "next")).toBe("/products?page=3");
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/products?page=2"/>');
    expect(html).toContain("Frequently Asked Questions");
  });

  it("ends with the remainder on the last page, so every product shows exactly once", async () => {
    const { html } = await page("/products?page=3");
    expect(productIds(html)).toEqual(gridOrder.slice(48));
    expect(html).toContain("Page 3 of 3");
    expect(link(html, "next")).toBeUndefined();
    expect(html).not.toContain("Archived Guide");
  });

  it("leaves the plan card out when the plan is archived, without changing the pages", async () => {
    const { db } = t.services.database;
    await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, "subscription"));
    // Written straight to the database, so forget the cached pages as the admin's archive does.
    invalidatePublicPages(t.services);
    try {
      const { html } = await page("/products");
      expect(html).not.toContain('id="plan-title"');
      expect(productIds(html)).toEqual(gridOrder.slice(0, 24));
      expect(html).toContain("Page 1 of 3");
    } finally {
      await db.update(products).set({ archivedAt: null }).where(eq(products.id, "subscription"));
      invalidatePublicPages(t.services);
    }
  });

  it.each(["0", "-1", "abc", "1.5", ""])(
    "answers page=%j with 400 and a clear message, not a server error",
    async (value) => {
      const { status, html } = await page(`/products?page=${value}`);
      expect(status).toBe(400);
      expect(html).toContain("That page number is not valid: page numbers are whole numbers from 1 up.");
      expect(productIds(html)).toEqual([]);
    },
  );

  it("answers a page past the last with the not-found page", async () => {
    for (const value of ["4", "99999999999999999999"]) {
      const { status, html } = await page(`/products?page=${value}`);
      expect(status).toBe(404);
      expect(html).toContain("Oops! Page not found");
    }
  });
});

describe("/my-purchases in pages of 20", () => {
  it("lists 45 paid orders newest first in pages of 20, 20 and 5, leaving other statuses out", async () => {
    const buyer = await signedInUser(t.services, "many-orders");
    const start = Date.UTC(2026, 0, 1);
    await t.services.database.db.insert(purchases).values(
      Array.from({ length: 50 }, (_, i) => ({
        // The first 8 characters are the order number the page shows.
        id: `order${String(i).padStart(3, "0")}-${buyer.id}`,
        userId: buyer.id,
        // Five are not paid and must not show or count.
        status: i % 10 === 9 ? ("pending" as const) : ("paid" as const),
        createdAt: new Date(start + i * 60_000),
        totalAmountCents: 500,
        productIds: [gridOrder[i % gridOrder.length] as string],
        provider: "demo" as const,
        providerRef: `pagination-${buyer.id}-${i}`,
      })),
    );
    const newestFirst = Array.from({ length: 50 }, (_, i) => 49 - i)
      .filter((i) => i % 10 !== 9)
      .map((i) => `order${String(i).padStart(3, "0")}`);

    const first = await page("/my-purchases", buyer.cookie);
    expect(first.status).toBe(200);
    expect(orderNumbers(first.html)).toEqual(newestFirst.slice(0, 20));
    expect(first.html).toContain("Page 1 of 3");
    expect(link(first.html, "next")).toBe("/my-purchases?page=2");
    expect(first.html).toContain('data-testid="membership-status"');

    const second = await page("/my-purchases?page=2", buyer.cookie);
    expect(orderNumbers(second.html)).toEqual(newestFirst.slice(20, 40));
    expect(link(second.html, "prev")).toBe("/my-purchases");

    const last = await page("/my-purchases?page=3", buyer.cookie);
    expect(orderNumbers(last.html)).toEqual(newestFirst.slice(40));
    expect(last.html).toContain("Page 3 of 3");
    expect(link(last.html, "next")).toBeUndefined();

    expect((await page("/my-purchases?page=4", buyer.cookie)).status).toBe(404);
    const invalid = await page("/my-purchases?page=two", buyer.cookie);
    expect(invalid.status).toBe(400);
    expect(invalid.html).toContain("That page number is not valid: page numbers are whole numbers from 1 up.");
  });

  it("shows a customer with no orders the empty state on one page and no page links", async () => {
    const newcomer = await signedInUser(t.services, "no-orders");
    const { status, html } = await page("/my-purchases", newcomer.cookie);
    expect(status).toBe(200);
    expect(html).toContain("No Purchases Yet");
    expect(html).not.toContain("Page 1 of 1");
    expect((await page("/my-purchases?page=2", newcomer.cookie)).status).toBe(404);
  });

  it("still sends a visitor to sign in before looking at the page number", async () => {
    const res = await t.app.request("/my-purchases?page=abc", { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/auth?redirectTo=%2Fmy-purchases%3Fpage%3Dabc");
  });
});
