import { ServerResponse } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CHANGE_NOTICE_TABLES } from "~/lib/db/cache-until-changed.server";
import { products } from "~/lib/db/schema.server";
import { invalidatePublicPages } from "~/lib/public-page-cache.server";
import { buyInDemo } from "../support/demo-purchase";
import { signedInUser } from "../support/shop-accounts";
import { createTestApp, serveOverHttp } from "../support/test-app";

/**
 * Issue 23, target 1 (decision 052): a signed-in page is read and rendered once per change of what it
 * shows. What it is sent from memory must be exactly what a render would give: a change by the owner,
 * a purchase, shows on the very next request, whoever made it.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({}, { template: "seeded" });
});
afterAll(() => t.cleanup());

const chakra = { id: "chakra-balance-guide", title: "Chakra Balance Guide", price_cents: 1299 };

async function page(path: string, cookie: string) {
  const res = await t.app.request(path, { headers: { cookie, "accept-encoding": "identity" } });
  return { status: res.status, csp: res.headers.get("content-security-policy") ?? "", html: await res.text() };
}

describe("a signed-in page sent again", () => {
  it("is the same page, its inline scripts allowed by hash as it carries no nonce", async () => {
    const { cookie } = await signedInUser(t.services, "again");
    const first = await page("/products", cookie);
    const second = await page("/products", cookie);
    expect(first.status).toBe(200);
    expect(first.csp).toMatch(/'nonce-/);
    expect(second.csp).not.toMatch(/'nonce-/);
    expect(second.csp).toMatch(/'sha256-/);
    expect(second.html).not.toMatch(/ nonce="/);
    const nonce = /'nonce-([^']+)'/.exec(first.csp)?.[1] ?? "";
    expect(second.html).toBe(first.html.replaceAll(` nonce="${nonce}"`, ""));
  });

  it("is kept compressed, and the same markup in brotli, gzip and plain once the markup is let go", async () => {
    const { cookie } = await signedInUser(t.services, "encodings");
    await page("/my-sessions", cookie);
    // Sent from memory: the markup without the first render's nonce.
    const plain = (await page("/my-sessions", cookie)).html;
    expect(plain).not.toMatch(/ nonce="/);
    const fetchAs = (encoding: string) =>
      t.app.request("/my-sessions", { headers: { cookie, "accept-encoding": encoding } });
    // The compressed copies are made after the page is kept: until then it goes out as markup.
    await expect.poll(async () => (await fetchAs("br")).headers.get("content-encoding"), { timeout: 5000 }).toBe("br");
    const br = await fetchAs("br");
    const gzip = await fetchAs("gzip");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString("utf8")).toBe(plain);
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString("utf8")).toBe(plain);
    expect((await page("/my-sessions", cookie)).html).toBe(plain);
  });

  it("shows the owner's price change and the client's own purchase on the next request", async () => {
    const { cookie } = await signedInUser(t.services, "changes");
    const { db } = t.services.database;
    await page(`/product/${chakra.id}`, cookie);
    expect((await page(`/product/${chakra.id}`, cookie)).html).toContain("£12.99");
    await db.update(products).set({ priceCents: 1499 }).where(eq(products.id, chakra.id));
    expect((await page(`/product/${chakra.id}`, cookie)).html).toContain("£14.99");
    await db.update(products).set({ priceCents: 1299 }).where(eq(products.id, chakra.id));

    const before = await page("/my-purchases", cookie);
    expect(before.html).not.toContain(chakra.title);
    await buyInDemo(t.app, cookie, [chakra]);
    expect((await page("/my-purchases", cookie)).html).toContain(chakra.title);
  });

  it("is not someone else's: two clients with different purchases get their own pages", async () => {
    const buyer = await signedInUser(t.services, "buyer");
    const other = await signedInUser(t.services, "other");
    await buyInDemo(t.app, buyer.cookie, [chakra]);
    await page("/my-purchases", buyer.cookie);
    expect((await page("/my-purchases", buyer.cookie)).html).toContain(chakra.title);
    expect((await page("/my-purchases", other.cookie)).html).not.toContain(chakra.title);
  });
});

describe("over a real connection", () => {
  it("a page sent again and the health check go out whole, in one write, not as a stream (decision 056)", async () => {
    const { base, close } = await serveOverHttp(t.app);
    const writes = vi.spyOn(ServerResponse.prototype, "write");
    try {
      const { cookie } = await signedInUser(t.services, "whole");
      const get = (path: string, encoding: string) =>
        fetch(`${base}${path}`, { headers: { cookie, "accept-encoding": encoding } });
      await (await get("/my-purchases", "identity")).text();
      writes.mockClear();
      // A stream is read a piece at a time (each piece a write), over turns of the loop; a whole body
      // is handed to the socket with the headers in one go.
      const again = await get("/my-purchases", "identity");
      expect(again.headers.get("content-length")).toBe(String(Buffer.byteLength(await again.text())));
      const health = await get("/api/health", "gzip, br");
      expect(health.headers.get("content-encoding")).toBeNull();
      expect(await health.json()).toMatchObject({ status: "ok" });
      expect(writes).not.toHaveBeenCalled();
    } finally {
      writes.mockRestore();
      await close();
    }
  });
});

describe("renders a slice of the loop at a time (decision 056)", () => {
  it("serves those who wait in turn, and renders nothing for a client who left while waiting", async () => {
    // No time to spare in any turn: every render waits for the next.
    const app = t.server.createApp({
      services: t.services,
      build: t.server.build,
      mode: "production",
      renderSliceMs: 0,
    });
    const { cookie } = await signedInUser(t.services, "slices");
    const left = new AbortController();
    const staying = app.request("/my-sessions", { headers: { cookie } });
    const leaving = app.request("/my-sessions", { headers: { cookie }, signal: left.signal });
    left.abort();
    expect((await staying).status).toBe(200);
    expect((await leaving).status).toBe(499);
  });
});

describe("the shared cache of anonymous pages", () => {
  it("is always given markup, never bytes compressed for one visitor", async () => {
    const anonymous = async (encoding: string) =>
      (await t.app.request("/about", { headers: { "accept-encoding": encoding } })).arrayBuffer();
    await anonymous("identity");
    invalidatePublicPages(t.services);
    // Rendered again from the same data, for a visitor who takes brotli: what the cache keeps is markup.
    await anonymous("br");
    const kept = Buffer.from(await anonymous("identity")).toString("utf8");
    expect(kept.startsWith("<!DOCTYPE html>")).toBe(true);
  });
});

describe("the tables whose reads are kept", () => {
  it("each announce their changes (migration 0013)", async () => {
    const { rows } = (await t.services.database.db.execute(
      sql`select c.relname as "table" from pg_trigger g join pg_class c on c.oid = g.tgrelid
          where g.tgname = c.relname || '_change_notice' and not g.tgisinternal`,
    )) as unknown as { rows: { table: string }[] };
    expect(rows.map((r) => r.table).sort()).toEqual([...CHANGE_NOTICE_TABLES].sort());
  });
});
