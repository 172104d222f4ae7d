import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeDemoPdf } from "~/features/shop/demo-files.server";
import { products, purchases, uploads } from "~/lib/db/schema.server";
import { adminForm, makePng } from "../support/admin-requests";
import { type AdminTestApp, createAdminTestApp, fileBytes, pdf } from "../support/admin-test-app";
import { buyInDemo } from "../support/demo-purchase";
import { signedInUser } from "../support/shop-accounts";

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp();
}, 60_000);
afterAll(() => t.cleanup());

describe("admin product writes", () => {
  it("creates a product from the form's properties and the server's own upload ids, ignoring anything else", async () => {
    const file = await t.uploaded("file", "guide.pdf", pdf);
    const attachment = await t.uploaded("attachment", "worksheet.pdf", pdf);
    const cover = await t.uploaded("image", "cover.png", await makePng());
    const res = await adminForm(t.app, t.admin.cookie, {
      intent: "create",
      title: "Starlight Meditation Guide",
      short_description: "Calm evenings",
      description: "A guide for <b>calm</b> evenings.",
      category: "Sleep, Meditation",
      product_type: "digital_guide",
      price: "14.99",
      duration_minutes: "20",
      features: "Breath, , Stillness",
      is_featured: "on",
      sort_order: "3",
      main_file: file.id,
      attachments: [attachment.id],
      attachments_sent: "1",
      image: cover.id,
      // Never read: not product properties, or files named by path instead of by upload id.
      id: "subscription",
      download_url: "../../auth-secret",
      image_url: "https://evil.example/x.png",
      archived_at: "2020-01-01",
      pdf_attachments: "/etc/passwd",
    });
    expect(res.status).toBe(302);
    const product = await t.productRow("starlight-meditation-guide");
    expect(product).toMatchObject({
      title: "Starlight Meditation Guide",
      description: "A guide for bcalm/b evenings.",
      category: "Sleep, Meditation",
      priceCents: 1499,
      durationMinutes: 20,
      features: ["Breath", "Stillness"],
      isFeatured: true,
      sortOrder: 3,
      imageUrl: cover.url,
      archivedAt: null,
    });
    expect(product?.downloadUrl).toMatch(/^pdfs\/\d+-guide\.pdf$/);
    expect(product?.pdfAttachments).toEqual([expect.stringMatching(/^pdfs\/\d+-worksheet\.pdf$/)]);
    expect((await t.productRow("subscription"))?.productType).toBe("subscription");
    const claimed = await t.services.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.productId, product?.id ?? ""));
    expect(claimed).toHaveLength(3);
    // The shop shows it.
    const page = await (await t.app.request("/products")).text();
    expect(page).toContain("Starlight Meditation Guide");
    expect(page).toContain("£14.99");
  });

  it("refuses admin writes from another site, even with the admin's cookie", async () => {
    const before = t.storedFiles();
    for (const [path, body] of [
      ["/admin", new URLSearchParams({ intent: "create", title: "Forged", description: "d" })],
      ["/admin", new URLSearchParams({ intent: "delete", id: "chakra-balance-guide" })],
      ["/api/admin/uploads?kind=file", new Uint8Array(pdf)],
    ] as const) {
      const res = await t.app.request(`http://localhost:3000${path}`, {
        method: "POST",
        body,
        headers: { cookie: t.admin.cookie, origin: "https://evil.example", "x-file-name": "x.pdf" },
      });
      expect(res.status, path).toBe(403);
    }
    expect(await t.productRow("forged")).toBeUndefined();
    expect((await t.productRow("chakra-balance-guide"))?.archivedAt).toBeNull();
    expect(t.storedFiles()).toEqual(before);
  });

  it("gives the spec's messages, joined, and the checkout limits, creating nothing", async () => {
    const count = async () => (await t.services.database.db.select().from(products)).length;
    const before = await count();
    const res = await adminForm(t.app, t.admin.cookie, {
      intent: "create",
      title: "",
      description: "",
      price: "-1",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Title is required, Description is required, Price cannot be negative");
    const refused: Record<string, string>[] = [
      { title: "x".repeat(501), description: "d" },
      { title: "<script>", description: "d" },
      { title: "Too dear", description: "d", price: "10000.01" },
      { title: "Odd", description: "d", price: "9".repeat(40) },
      { title: "Odd", description: "d", sort_order: "2147483648" },
      { title: "Odd", description: "d", product_type: "subscription" },
    ];
    for (const fields of refused) {
      expect((await adminForm(t.app, t.admin.cookie, { intent: "create", ...fields })).status).toBe(400);
    }
    expect(await count()).toBe(before);
  });

  it("refuses file references that are not this server's unclaimed uploads", async () => {
    const mine = await t.uploaded("file", "mine.pdf", pdf);
    const create = (fields: Record<string, string | string[]>) =>
      adminForm(t.app, t.admin.cookie, { intent: "create", title: "Borrowed Files", description: "d", ...fields });
    // An upload id that does not exist, one of the wrong kind, and a storage path.
    expect((await create({ main_file: "7d444840-9dc0-41bf-9a8d-6d0b2d2a7c1e" })).status).toBe(400);
    expect((await create({ image: mine.id })).status).toBe(400);
    expect((await create({ main_file: "pdfs/seed-chakra-balance-guide.pdf" })).status).toBe(400);
    // An upload another product already took.
    const [taken] = await t.services.database.db.select().from(uploads).where(eq(uploads.kind, "attachment"));
    expect((await create({ attachments: [taken?.id as string], attachments_sent: "1" })).status).toBe(400);
    expect(await t.productRow("borrowed-files")).toBeUndefined();
  });

  it("replaces a product's file: buyers download the new one, and the old file is gone", async () => {
    const buyer = await signedInUser(t.services, "buyer");
    await buyInDemo(t.app, buyer.cookie, [
      { id: "moon-ritual-journal", title: "Moon Ritual Journal", price_cents: 799 },
    ]);
    const replacement = makeDemoPdf("Moon Ritual Journal, second edition", ["New pages"]);
    const file = await t.uploaded("file", "moon-v2.pdf", replacement);
    const old = (await t.productRow("moon-ritual-journal"))?.downloadUrl as string;
    const res = await adminForm(t.app, t.admin.cookie, {
      intent: "update",
      id: "moon-ritual-journal",
      title: "Moon Ritual Journal",
      description: "Updated",
      price: "8.99",
      sort_order: "1",
      main_file: file.id,
    });
    expect(res.status).toBe(302);
    const download = await t.app.request("/api/downloads/moon-ritual-journal", { headers: { cookie: buyer.cookie } });
    expect(download.status).toBe(200);
    expect(await fileBytes(download)).toEqual(replacement);
    expect(await t.services.files.stat(old)).toBeUndefined();
    // The file fields the form left out keep what the product had.
    const before = { imageUrl: "/media/covers/moon-ritual-journal.webp", pdfAttachments: [] };
    expect(await t.productRow("moon-ritual-journal")).toMatchObject({ priceCents: 899, sortOrder: 1, ...before });
  });

  it("archives a bought product on delete, deletes an unbought one with its files, and keeps the plan", async () => {
    const buyer = await signedInUser(t.services, "buyer");
    await buyInDemo(t.app, buyer.cookie, [{ id: "sacred-sleep-guide", title: "Sacred Sleep Guide", price_cents: 899 }]);
    expect((await adminForm(t.app, t.admin.cookie, { intent: "delete", id: "sacred-sleep-guide" })).status).toBe(302);
    expect((await t.productRow("sacred-sleep-guide"))?.archivedAt).toBeInstanceOf(Date);
    expect((await t.app.request("/product/sacred-sleep-guide")).status).toBe(404);
    expect(await (await t.app.request("/products")).text()).not.toContain("Sacred Sleep Guide");
    const download = await t.app.request("/api/downloads/sacred-sleep-guide", { headers: { cookie: buyer.cookie } });
    expect(download.status).toBe(200);
    expect(await (await t.app.request("/my-purchases", { headers: { cookie: buyer.cookie } })).text()).toContain(
      "Sacred Sleep Guide",
    );
    // Listed apart as archived, and restorable: back in the shop as it was.
    const adminPage = await (await t.app.request("/admin", { headers: { cookie: t.admin.cookie } })).text();
    expect(adminPage).toMatch(/aria-label="Archived products"[\s\S]*Sacred Sleep Guide/);
    expect((await adminForm(t.app, t.admin.cookie, { intent: "restore", id: "sacred-sleep-guide" })).status).toBe(302);
    expect((await t.productRow("sacred-sleep-guide"))?.archivedAt).toBeNull();
    expect((await t.app.request("/product/sacred-sleep-guide")).status).toBe(200);
    expect((await adminForm(t.app, t.admin.cookie, { intent: "restore", id: "sacred-sleep-guide" })).status).toBe(404);
    expect((await adminForm(t.app, t.admin.cookie, { intent: "delete", id: "sacred-sleep-guide" })).status).toBe(302);

    const unbought = (await t.productRow("aromatherapy-rituals-guide")) as { imageUrl: string };
    expect(
      (await adminForm(t.app, t.admin.cookie, { intent: "delete", id: "aromatherapy-rituals-guide" })).status,
    ).toBe(302);
    expect(await t.productRow("aromatherapy-rituals-guide")).toBeUndefined();
    expect(await t.services.images.stat(unbought.imageUrl.replace("/media/", ""))).toBeUndefined();

    const plan = await adminForm(t.app, t.admin.cookie, { intent: "delete", id: "subscription" });
    expect(plan.status).toBe(400);
    expect(await plan.text()).toContain("The Digital Access plan cannot be deleted.");
    expect(await t.productRow("subscription")).toBeDefined();
  });

  it("plays an uploaded video course in the page for its buyer, with ranges, and to nobody else", async () => {
    // The start of an MP4: a `ftyp` box is what marks one.
    const mp4 = Buffer.concat([
      Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex"),
      Buffer.alloc(4096, 1),
    ]);
    const video = await t.uploaded("file", "lesson one.mp4", mp4);
    const created = await adminForm(t.app, t.admin.cookie, {
      intent: "create",
      title: "Breath Course",
      description: "Three lessons.",
      product_type: "video_course",
      price: "25.00",
      main_file: video.id,
    });
    expect(created.status).toBe(302);
    const buyer = await signedInUser(t.services, "viewer");
    const outsider = await signedInUser(t.services, "outsider");
    await buyInDemo(t.app, buyer.cookie, [
      { id: "breath-course", title: "Breath Course", price_cents: 2500, product_type: "video_course" },
    ]);
    const page = await (await t.app.request("/product/breath-course", { headers: { cookie: buyer.cookie } })).text();
    expect(page).toMatch(/<video[^>]*src="\/api\/downloads\/breath-course\?inline=1"/);
    const other = await (
      await t.app.request("/product/breath-course", { headers: { cookie: outsider.cookie } })
    ).text();
    expect(other).not.toContain("<video");
    const ranged = await t.app.request("/api/downloads/breath-course?inline=1", {
      headers: { cookie: buyer.cookie, range: "bytes=0-23" },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-type")).toBe("video/mp4");
    expect(await fileBytes(ranged)).toEqual(mp4.subarray(0, 24));
  });

  it("sweeps uploads no product took within a day, with their files", async () => {
    const left = await t.uploaded("file", "forgotten.pdf", pdf);
    const { sweepUploads } = await import("~/features/admin/sweep-uploads.server");
    expect(await sweepUploads(t.services)).toBe(0);
    const [row] = await t.services.database.db.select().from(uploads).where(eq(uploads.id, left.id));
    expect(await sweepUploads(t.services, new Date(Date.now() + 25 * 3600 * 1000))).toBeGreaterThan(0);
    expect(await t.services.files.stat(row?.storageKey as string)).toBeUndefined();
    expect(await t.services.database.db.select().from(uploads).where(eq(uploads.id, left.id))).toEqual([]);
  });
});

describe("admin writes racing each other", () => {
  const form = (id: string, fields: Record<string, string | string[]>) =>
    adminForm(t.app, t.admin.cookie, { intent: "update", id, title: id, description: "d", ...fields });

  it("two admins saving one product at once never leave it pointing at a deleted file", async () => {
    for (let round = 0; round < 5; round++) {
      const replacement = await t.uploaded("file", `replacement-${round}.pdf`, pdf);
      const extra = await t.uploaded("attachment", `extra-${round}.pdf`, pdf);
      const [a, b] = await Promise.all([
        form("grounding-basics", { main_file: replacement.id }),
        form("grounding-basics", { main_file: "keep", attachments: ["keep:1", extra.id].slice(round ? 0 : 1) }),
      ]);
      expect([a.status, b.status]).not.toContain(500);
      const product = await t.productRow("grounding-basics");
      for (const key of [product?.downloadUrl, ...(product?.pdfAttachments ?? [])]) {
        expect(await t.services.files.stat(key as string), key as string).toBeDefined();
      }
    }
  });

  it("a checkout racing the product's deletion either archives it or is refused, never sells a deleted file", async () => {
    for (let round = 0; round < 6; round++) {
      const file = await t.uploaded("file", `race-${round}.pdf`, pdf);
      const title = `Race Guide ${round}`;
      const id = `race-guide-${round}`;
      await adminForm(t.app, t.admin.cookie, {
        intent: "create",
        title,
        description: "d",
        price: "5.00",
        main_file: file.id,
      });
      const buyer = await signedInUser(t.services, "racer");
      const [checkout] = await Promise.all([
        t.app.request("/checkout", {
          method: "POST",
          body: JSON.stringify({
            products: [{ id, title, price_cents: 500, product_type: "digital_guide", quantity: 1 }],
            consent: true,
          }),
          headers: { "content-type": "application/json", cookie: buyer.cookie, origin: "http://localhost:3000" },
        }),
        adminForm(t.app, t.admin.cookie, { intent: "delete", id }),
      ]);
      const product = await t.productRow(id);
      if (checkout.status === 200) {
        // The sale may go ahead: the product is archived for its buyer, with its file.
        expect(product?.archivedAt).toBeInstanceOf(Date);
        expect(await t.services.files.stat(product?.downloadUrl as string)).toBeDefined();
      } else {
        // Refused when it first looks (400) or when it writes the pending purchase (409).
        expect([400, 409]).toContain(checkout.status);
        expect(((await checkout.json()) as { message: string }).message).toBe(
          "A product in your cart is no longer available",
        );
        expect(product).toBeUndefined();
      }
    }
  });

  it("the sweep and a save claiming an old upload never leave a product without its file", async () => {
    const dayLater = new Date(Date.now() + 25 * 3600 * 1000);
    const { sweepUploads } = await import("~/features/admin/sweep-uploads.server");
    for (let round = 0; round < 5; round++) {
      const file = await t.uploaded("file", `late-${round}.pdf`, pdf);
      const [saved] = await Promise.all([
        form("energy-awareness-intro", { main_file: file.id }),
        sweepUploads(t.services, dayLater),
      ]);
      const product = await t.productRow("energy-awareness-intro");
      expect(await t.services.files.stat(product?.downloadUrl as string)).toBeDefined();
      if (saved.status !== 302) expect(saved.status).toBe(400);
    }
  });
});

describe("orders and refunds", () => {
  it("lists the sale and refunds it at once in demo mode, ending the buyer's access", async () => {
    const buyer = await signedInUser(t.services, "refund");
    const checkout = await buyInDemo(t.app, buyer.cookie, [
      { id: "chakra-balance-guide", title: "Chakra Balance Guide", price_cents: 1299 },
    ]);
    const [purchase] = await t.services.database.db.select().from(purchases).where(eq(purchases.providerRef, checkout));
    const orders = await (await t.app.request("/admin/orders", { headers: { cookie: t.admin.cookie } })).text();
    expect(orders).toContain(buyer.email);
    expect(orders).toContain(`Order #${purchase?.id.slice(0, 8)}`);

    const refund = await adminForm(
      t.app,
      t.admin.cookie,
      { intent: "refund", id: purchase?.id as string },
      "/admin/orders",
    );
    expect(refund.status).toBe(302);
    const download = await t.app.request("/api/downloads/chakra-balance-guide", { headers: { cookie: buyer.cookie } });
    expect(download.status).toBe(403);
    const again = await adminForm(
      t.app,
      t.admin.cookie,
      { intent: "refund", id: purchase?.id as string },
      "/admin/orders",
    );
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("already been refunded");
  });

  it("refuses a malformed page number with a reason, and a page past the end is simply empty", async () => {
    for (const page of ["99999999999999999", "9007199254740991"]) {
      for (const path of ["/admin", "/admin/orders", "/admin/members"]) {
        const res = await t.app.request(`${path}?page=${page}`, { headers: { cookie: t.admin.cookie } });
        expect(res.status, `${path}?page=${page}`).toBe(200);
      }
    }
    for (const path of ["/admin?page=abc", "/admin/orders?page=0", "/admin/members?page=-1"]) {
      const res = await t.app.request(path, { headers: { cookie: t.admin.cookie } });
      expect(res.status, path).toBe(400);
      expect(await res.text()).toContain("That page number is not valid");
    }
  });
});
