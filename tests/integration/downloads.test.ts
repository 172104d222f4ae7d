import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { downloadLog, purchases } from "~/lib/db/schema.server";
import { buyInDemo } from "../support/demo-purchase";
import { checkoutBody, jsonPost, signedInUser } from "../support/shop-accounts";
import { createTestApp } from "../support/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
const chakra = { id: "chakra-balance-guide", title: "Chakra Balance Guide", price_cents: 1299 };

beforeAll(async () => {
  t = await createTestApp({}, { template: "seeded" });
});
afterAll(() => t.cleanup());

const stored = async (key: string) => {
  const chunks: Buffer[] = [];
  for await (const chunk of await t.services.files.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe("protected downloads (demo mode)", () => {
  it("refuses visitors with 401 and customers who have not bought with 403, sending no file", async () => {
    const visitor = await t.app.request("/api/downloads/chakra-balance-guide");
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({
      code: "not_signed_in",
      error: "Please Log In",
      message: "You need to log in to access your membership benefits.",
    });
    const customer = await signedInUser(t.services);
    for (const path of ["/api/downloads/chakra-balance-guide", "/api/downloads/chakra-balance-guide/attachments/1"]) {
      const res = await t.app.request(path, { headers: { cookie: customer.cookie } });
      expect(res.status).toBe(403);
      expect((await res.json()).error).toBe("Purchase Required");
    }
    expect((await t.app.request("/api/downloads/no-such-product")).status).toBe(404);
  });

  it("streams a bought file with a safe filename, supports ranges, and logs the download", async () => {
    const buyer = await signedInUser(t.services);
    await buyInDemo(t.app, buyer.cookie, [chakra]);
    const res = await t.app.request("/api/downloads/chakra-balance-guide", { headers: { cookie: buyer.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="Chakra Balance Guide.pdf"; filename*=UTF-8''Chakra%20Balance%20Guide.pdf`,
    );
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    const whole = Buffer.from(await res.arrayBuffer());
    expect(whole.equals(await stored("pdfs/seed-chakra-balance-guide.pdf"))).toBe(true);

    const ranged = await t.app.request("/api/downloads/chakra-balance-guide", {
      headers: { cookie: buyer.cookie, range: "bytes=10-19" },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe(`bytes 10-19/${whole.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(whole.subarray(10, 20))).toBe(true);
    const outside = await t.app.request("/api/downloads/chakra-balance-guide", {
      headers: { cookie: buyer.cookie, range: `bytes=${whole.length}-` },
    });
    expect(outside.status).toBe(416);

    const attachment = await t.app.request("/api/downloads/chakra-balance-guide/attachments/2", {
      headers: { cookie: buyer.cookie },
    });
    expect(attachment.status).toBe(200);
    expect(
      Buffer.from(await attachment.arrayBuffer()).equals(
        await stored("pdfs/seed-chakra-balance-guide-attachment-2.pdf"),
      ),
    ).toBe(true);
    for (const bad of ["3", "0", "x", "-1"]) {
      const res = await t.app.request(`/api/downloads/chakra-balance-guide/attachments/${bad}`, {
        headers: { cookie: buyer.cookie },
      });
      expect(res.status).toBe(404);
    }
    const log = await t.services.database.db.select().from(downloadLog).where(eq(downloadLog.userId, buyer.id));
    expect(log.map((l) => l.fileKey).sort()).toEqual([
      "pdfs/seed-chakra-balance-guide-attachment-2.pdf",
      "pdfs/seed-chakra-balance-guide.pdf",
    ]);
    expect(log.every((l) => l.grant === "purchase")).toBe(true);
  });

  it("answers 'Download URL not available' for a product with no file", async () => {
    const buyer = await signedInUser(t.services);
    // Checkout no longer sells a product without its file; a purchase from before that rule remains.
    await t.services.database.db.insert(purchases).values({
      id: crypto.randomUUID(),
      userId: buyer.id,
      status: "paid",
      totalAmountCents: 1099,
      productIds: ["aromatherapy-rituals-guide"],
      provider: "demo",
      providerRef: `legacy-${buyer.id}`,
    });
    const res = await t.app.request("/api/downloads/aromatherapy-rituals-guide", { headers: { cookie: buyer.cookie } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: "no_file",
      error: "Download Error",
      message: "Download URL not available",
    });
  });

  it("records a free claim as a £0.00 paid purchase once, and refuses to 'claim' a paid product", async () => {
    const customer = await signedInUser(t.services);
    for (let i = 0; i < 2; i++) {
      const res = await t.app.request(
        "/claim-free",
        jsonPost(customer.cookie, JSON.stringify({ productId: "grounding-basics" })),
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ downloadUrl: "/api/downloads/grounding-basics" });
    }
    const rows = await t.services.database.db.select().from(purchases).where(eq(purchases.userId, customer.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: "paid",
      totalAmountCents: 0,
      provider: "free",
      productIds: ["grounding-basics"],
    });
    const paid = await t.app.request(
      "/claim-free",
      jsonPost(customer.cookie, JSON.stringify({ productId: "chakra-balance-guide" })),
    );
    expect(paid.status).toBe(400);
    const visitor = await t.app.request("/claim-free", jsonPost("", JSON.stringify({ productId: "grounding-basics" })));
    expect(visitor.status).toBe(401);
  });

  it("keeps each customer's purchases and checkouts to themselves", async () => {
    const alice = await signedInUser(t.services, "alice");
    const bob = await signedInUser(t.services, "bob");
    const res = await t.app.request("/checkout", jsonPost(alice.cookie, checkoutBody([chakra])));
    const { url } = (await res.json()) as { url: string };
    // Bob cannot see or pay Alice's demo checkout.
    expect((await t.app.request(`http://localhost:3000${url}`, { headers: { cookie: bob.cookie } })).status).toBe(404);
    const bobPays = await t.app.request(`http://localhost:3000${url}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "pay" }),
      headers: {
        cookie: bob.cookie,
        origin: "http://localhost:3000",
        "content-type": "application/x-www-form-urlencoded",
      },
    });
    expect(bobPays.status).toBe(404);
    const id = url.split("/").pop() as string;
    await t.app.request(`http://localhost:3000${url}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "pay" }),
      headers: {
        cookie: alice.cookie,
        origin: "http://localhost:3000",
        "content-type": "application/x-www-form-urlencoded",
      },
    });
    expect(
      (await t.app.request(`/checkout/success?session_id=${id}`, { headers: { cookie: bob.cookie } })).status,
    ).toBe(404);
    const bobsPage = await (await t.app.request("/my-purchases", { headers: { cookie: bob.cookie } })).text();
    expect(bobsPage).toContain("No Purchases Yet");
    expect(bobsPage).not.toContain(id.slice(0, 8));
    const alicesPage = await (await t.app.request("/my-purchases", { headers: { cookie: alice.cookie } })).text();
    expect(alicesPage).toContain(`Order #${id.slice(0, 8)}`);
    expect(alicesPage).toContain("£12.99");
    expect(
      (await t.app.request("/api/downloads/chakra-balance-guide", { headers: { cookie: bob.cookie } })).status,
    ).toBe(403);
  });

  it("leaves owned products out of the next checkout and refuses one with nothing left to pay", async () => {
    const buyer = await signedInUser(t.services);
    await buyInDemo(t.app, buyer.cookie, [chakra]);
    const again = await t.app.request("/checkout", jsonPost(buyer.cookie, checkoutBody([chakra])));
    expect(again.status).toBe(409);
    const moon = { id: "moon-ritual-journal", title: "Moon Ritual Journal", price_cents: 799 };
    const mixed = await t.app.request("/checkout", jsonPost(buyer.cookie, checkoutBody([chakra, moon])));
    const { url } = (await mixed.json()) as { url: string };
    const page = await (
      await t.app.request(`http://localhost:3000${url}`, { headers: { cookie: buyer.cookie } })
    ).text();
    expect(page).toContain("£7.99");
    expect(page).not.toContain("Chakra Balance Guide");
  });

  it("server-renders the catalogue and answers a missing product with 404", async () => {
    const html = await (await t.app.request("/products")).text();
    expect(html).toContain("Chakra Balance Guide");
    expect(html).toContain("Sacred Digital Library");
    const missing = await t.app.request("/product/nope");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Product Not Found");
    const detail = await (await t.app.request("/product/chakra-balance-guide")).text();
    expect(detail).toContain(
      'property="og:image" content="http://localhost:3000/media/covers/chakra-balance-guide.webp"',
    );
    expect(detail).toContain('"@type":"Product"');
    expect(detail).toContain('property="product:price:amount" content="12.99"');
    // The video of a course is only for entitled users.
    expect(await (await t.app.request("/product/reiki-self-healing-course")).text()).not.toContain("youtube-nocookie");
  });
});
