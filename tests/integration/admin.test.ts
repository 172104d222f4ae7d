import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeDemoPdf } from "~/features/catalogue/demo-files.server";
import { products, purchases, uploads } from "~/lib/db/schema.server";
import { adminForm, makePng, streamOfBytes, upload } from "../support/admin-requests";
import { buyInDemo } from "../support/demo-purchase";
import { signedInUser } from "../support/shop-accounts";
import { createTestApp } from "../support/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: { cookie: string };
const pdf = makeDemoPdf("Admin test guide", ["A real PDF"]);

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_PDF_MB: "2", UPLOAD_MAX_IMAGE_MB: "1" });
  await t.server.seedCatalogue(t.services);
  const account = await signedInUser(t.services, "admin");
  await t.server.runCommand(t.services, "admin", ["add", account.email]);
  admin = account;
}, 60_000);
afterAll(() => t.cleanup());

/** Every file under the data folder's stores, so a refusal can be shown to have written nothing. */
function storedFiles(): string[] {
  const found: string[] = [];
  for (const store of ["files", "images"]) {
    const root = path.join(t.dataDir, store);
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) found.push(path.relative(t.dataDir, path.join(entry.parentPath, entry.name)));
    }
  }
  return found.sort();
}

const uploadRows = () => t.services.database.db.select().from(uploads);
const productRow = async (id: string) =>
  (await t.services.database.db.select().from(products).where(eq(products.id, id)))[0];

async function uploaded(kind: string, name: string, body: Uint8Array) {
  const res = await upload(t.app, admin.cookie, kind, name, body);
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; url: string | null; size: number };
}

const fileBytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe("admin uploads", () => {
  it("refuses hostile and broken files with a message each, writing nothing", async () => {
    const before = { files: storedFiles(), rows: (await uploadRows()).length };
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff"), Buffer.alloc(4000)]);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
    );
    const cases: [string, string, Uint8Array, number, RegExp][] = [
      ["file", "guide.pdf", exe, 415, /not a PDF, audio .* or video/],
      ["attachment", "worksheet.pdf", exe, 415, /Attachments must be PDF files/],
      ["attachment", "empty.pdf", new Uint8Array(0), 400, /The file is empty/],
      ["file", "huge.pdf", Buffer.concat([pdf, Buffer.alloc(3 * 1024 * 1024)]), 413, /larger than the 2 MB limit/],
      ["image", "cover.svg", svg, 415, /SVG and other formats are not accepted/],
      ["image", "cover.png", pdf, 415, /Cover images must be PNG, JPEG, WebP or AVIF/],
      ["image", "big.png", Buffer.concat([await makePng(), Buffer.alloc(2 * 1024 * 1024)]), 413, /1 MB limit/],
      ["file", "../../auth-secret.pdf", pdf, 400, /file name is not allowed/],
      ["file", "..\\evil.pdf", pdf, 400, /file name is not allowed/],
      ["script", "guide.pdf", pdf, 400, /Unknown upload kind/],
    ];
    for (const [kind, name, body, status, message] of cases) {
      const res = await upload(t.app, admin.cookie, kind, name, body);
      expect(res.status, `${kind} ${name}`).toBe(status);
      const answer = (await res.json()) as { error: string; message: string };
      expect(answer.error).toBe("Upload Error");
      expect(answer.message).toMatch(message);
    }
    expect(storedFiles()).toEqual(before.files);
    expect((await uploadRows()).length).toBe(before.rows);
  });

  it("cuts off a stream that grows past the limit, and an interrupted one, leaving no half file", async () => {
    const before = storedFiles();
    const endless = streamOfBytes(3 * 1024 * 1024, 64 * 1024, pdf);
    const res = await upload(t.app, admin.cookie, "file", "streamed.pdf", endless);
    expect(res.status).toBe(413);

    let sent = 0;
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 0) return controller.error(new Error("connection lost"));
        sent++;
        controller.enqueue(new Uint8Array(pdf));
      },
    });
    const interrupted = await upload(t.app, admin.cookie, "file", "broken.pdf", broken);
    expect(interrupted.status).toBe(400);
    expect(storedFiles()).toEqual(before);
    expect(await uploadRows()).toEqual([]);
  });

  it("stores a PDF privately under pdfs/{timestamp}-{safe name}, and a cover as a 1200 × 630 WebP", async () => {
    const file = await uploaded("file", "Moon Guide (v2).PDF", pdf);
    const [row] = await t.services.database.db.select().from(uploads).where(eq(uploads.id, file.id));
    expect(row?.storageKey).toMatch(/^pdfs\/\d{13}-moon-guide-v2\.pdf$/);
    expect(readFileSync(path.join(t.dataDir, "files", row?.storageKey as string))).toEqual(pdf);
    expect(file.url).toBeNull();

    const cover = await uploaded("image", "cover.png", await makePng(2000, 2000));
    expect(cover.url).toMatch(/^\/media\/covers\/\d{13}-cover\.webp$/);
    const served = await t.app.request(cover.url as string);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(await fileBytes(served)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1200, 630]);
  });

  it("keeps memory flat while a large file streams in", async () => {
    const big = await createTestApp({ UPLOAD_MAX_PDF_MB: "200" });
    try {
      const account = await signedInUser(big.services, "admin");
      await big.server.runCommand(big.services, "admin", ["add", account.email]);
      const size = 150 * 1024 * 1024;
      let peak = process.memoryUsage().rss;
      const before = peak;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      const res = await upload(big.app, account.cookie, "file", "large.pdf", streamOfBytes(size, 256 * 1024, pdf));
      clearInterval(sampler);
      expect(res.status).toBe(201);
      expect(((await res.json()) as { size: number }).size).toBe(size);
      // Holding the file would take at least 150 MB more; streaming holds a few chunks. The
      // margin leaves room for the collector's timing, which moved the peak by 50 MB in CI.
      expect(peak - before).toBeLessThan(100 * 1024 * 1024);
    } finally {
      await big.cleanup();
    }
  });
});

describe("admin product writes", () => {
  it("creates a product from the form's properties and the server's own upload ids, ignoring anything else", async () => {
    const file = await uploaded("file", "guide.pdf", pdf);
    const attachment = await uploaded("attachment", "worksheet.pdf", pdf);
    const cover = await uploaded("image", "cover.png", await makePng());
    const res = await adminForm(t.app, admin.cookie, {
      intent: "create",
      title: "Starlight Meditation Guide",
      short_description: "Calm evenings",
      description: "A guide for <b>calm</b> evenings.",
      category: "Sleep, Meditation",
      product_type: "digital_guide",
      price_cents: "1499",
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
    const product = await productRow("starlight-meditation-guide");
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
    expect((await productRow("subscription"))?.productType).toBe("subscription");
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
    const before = storedFiles();
    for (const [path, body] of [
      ["/admin", new URLSearchParams({ intent: "create", title: "Forged", description: "d" })],
      ["/admin", new URLSearchParams({ intent: "delete", id: "chakra-balance-guide" })],
      ["/api/admin/uploads?kind=file", new Uint8Array(pdf)],
    ] as const) {
      const res = await t.app.request(`http://localhost:3000${path}`, {
        method: "POST",
        body,
        headers: { cookie: admin.cookie, origin: "https://evil.example", "x-file-name": "x.pdf" },
      });
      expect(res.status, path).toBe(403);
    }
    expect(await productRow("forged")).toBeUndefined();
    expect((await productRow("chakra-balance-guide"))?.archivedAt).toBeNull();
    expect(storedFiles()).toEqual(before);
  });

  it("gives the spec's messages, joined, and the checkout limits, creating nothing", async () => {
    const count = async () => (await t.services.database.db.select().from(products)).length;
    const before = await count();
    const res = await adminForm(t.app, admin.cookie, {
      intent: "create",
      title: "",
      description: "",
      price_cents: "-1",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Title is required, Description is required, Price cannot be negative");
    const refused: Record<string, string>[] = [
      { title: "x".repeat(501), description: "d" },
      { title: "<script>", description: "d" },
      { title: "Too dear", description: "d", price_cents: "1000001" },
      { title: "Odd", description: "d", price_cents: "9".repeat(40) },
      { title: "Odd", description: "d", sort_order: "2147483648" },
      { title: "Odd", description: "d", product_type: "subscription" },
    ];
    for (const fields of refused) {
      expect((await adminForm(t.app, admin.cookie, { intent: "create", ...fields })).status).toBe(400);
    }
    expect(await count()).toBe(before);
  });

  it("refuses file references that are not this server's unclaimed uploads", async () => {
    const mine = await uploaded("file", "mine.pdf", pdf);
    const create = (fields: Record<string, string | string[]>) =>
      adminForm(t.app, admin.cookie, { intent: "create", title: "Borrowed Files", description: "d", ...fields });
    // An upload id that does not exist, one of the wrong kind, and a storage path.
    expect((await create({ main_file: "7d444840-9dc0-41bf-9a8d-6d0b2d2a7c1e" })).status).toBe(400);
    expect((await create({ image: mine.id })).status).toBe(400);
    expect((await create({ main_file: "pdfs/seed-chakra-balance-guide.pdf" })).status).toBe(400);
    // An upload another product already took.
    const [taken] = await t.services.database.db.select().from(uploads).where(eq(uploads.kind, "attachment"));
    expect((await create({ attachments: [taken?.id as string], attachments_sent: "1" })).status).toBe(400);
    expect(await productRow("borrowed-files")).toBeUndefined();
  });

  it("replaces a product's file: buyers download the new one, and the old file is gone", async () => {
    const buyer = await signedInUser(t.services, "buyer");
    await buyInDemo(t.app, buyer.cookie, [
      { id: "moon-ritual-journal", title: "Moon Ritual Journal", price_cents: 799 },
    ]);
    const replacement = makeDemoPdf("Moon Ritual Journal, second edition", ["New pages"]);
    const file = await uploaded("file", "moon-v2.pdf", replacement);
    const old = (await productRow("moon-ritual-journal"))?.downloadUrl as string;
    const res = await adminForm(t.app, admin.cookie, {
      intent: "update",
      id: "moon-ritual-journal",
      title: "Moon Ritual Journal",
      description: "Updated",
      price_cents: "899",
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
    expect(await productRow("moon-ritual-journal")).toMatchObject({ priceCents: 899, sortOrder: 1, ...before });
  });

  it("archives a bought product on delete, deletes an unbought one with its files, and keeps the plan", async () => {
    const buyer = await signedInUser(t.services, "buyer");
    await buyInDemo(t.app, buyer.cookie, [{ id: "sacred-sleep-guide", title: "Sacred Sleep Guide", price_cents: 899 }]);
    expect((await adminForm(t.app, admin.cookie, { intent: "delete", id: "sacred-sleep-guide" })).status).toBe(302);
    expect((await productRow("sacred-sleep-guide"))?.archivedAt).toBeInstanceOf(Date);
    expect((await t.app.request("/product/sacred-sleep-guide")).status).toBe(404);
    expect(await (await t.app.request("/products")).text()).not.toContain("Sacred Sleep Guide");
    const download = await t.app.request("/api/downloads/sacred-sleep-guide", { headers: { cookie: buyer.cookie } });
    expect(download.status).toBe(200);
    expect(await (await t.app.request("/my-purchases", { headers: { cookie: buyer.cookie } })).text()).toContain(
      "Sacred Sleep Guide",
    );

    const unbought = (await productRow("aromatherapy-rituals-guide")) as { imageUrl: string };
    expect((await adminForm(t.app, admin.cookie, { intent: "delete", id: "aromatherapy-rituals-guide" })).status).toBe(
      302,
    );
    expect(await productRow("aromatherapy-rituals-guide")).toBeUndefined();
    expect(await t.services.images.stat(unbought.imageUrl.replace("/media/", ""))).toBeUndefined();

    const plan = await adminForm(t.app, admin.cookie, { intent: "delete", id: "subscription" });
    expect(plan.status).toBe(400);
    expect(await plan.text()).toContain("The Digital Access plan cannot be deleted.");
    expect(await productRow("subscription")).toBeDefined();
  });

  it("plays an uploaded video course in the page for its buyer, with ranges, and to nobody else", async () => {
    // The start of an MP4: a `ftyp` box is what marks one.
    const mp4 = Buffer.concat([
      Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex"),
      Buffer.alloc(4096, 1),
    ]);
    const video = await uploaded("file", "lesson one.mp4", mp4);
    const created = await adminForm(t.app, admin.cookie, {
      intent: "create",
      title: "Breath Course",
      description: "Three lessons.",
      product_type: "video_course",
      price_cents: "2500",
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
    const left = await uploaded("file", "forgotten.pdf", pdf);
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
    adminForm(t.app, admin.cookie, { intent: "update", id, title: id, description: "d", ...fields });

  it("two admins saving one product at once never leave it pointing at a deleted file", async () => {
    for (let round = 0; round < 5; round++) {
      const replacement = await uploaded("file", `replacement-${round}.pdf`, pdf);
      const extra = await uploaded("attachment", `extra-${round}.pdf`, pdf);
      const [a, b] = await Promise.all([
        form("grounding-basics", { main_file: replacement.id }),
        form("grounding-basics", { main_file: "keep", attachments: ["keep:1", extra.id].slice(round ? 0 : 1) }),
      ]);
      expect([a.status, b.status]).not.toContain(500);
      const product = await productRow("grounding-basics");
      for (const key of [product?.downloadUrl, ...(product?.pdfAttachments ?? [])]) {
        expect(await t.services.files.stat(key as string), key as string).toBeDefined();
      }
    }
  });

  it("a checkout racing the product's deletion either archives it or is refused, never sells a deleted file", async () => {
    for (let round = 0; round < 6; round++) {
      const file = await uploaded("file", `race-${round}.pdf`, pdf);
      const title = `Race Guide ${round}`;
      const id = `race-guide-${round}`;
      await adminForm(t.app, admin.cookie, {
        intent: "create",
        title,
        description: "d",
        price_cents: "500",
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
        adminForm(t.app, admin.cookie, { intent: "delete", id }),
      ]);
      const product = await productRow(id);
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
      const file = await uploaded("file", `late-${round}.pdf`, pdf);
      const [saved] = await Promise.all([
        form("energy-awareness-intro", { main_file: file.id }),
        sweepUploads(t.services, dayLater),
      ]);
      const product = await productRow("energy-awareness-intro");
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
    const orders = await (await t.app.request("/admin/orders", { headers: { cookie: admin.cookie } })).text();
    expect(orders).toContain(buyer.email);
    expect(orders).toContain(`Order #${purchase?.id.slice(0, 8)}`);

    const refund = await adminForm(
      t.app,
      admin.cookie,
      { intent: "refund", id: purchase?.id as string },
      "/admin/orders",
    );
    expect(refund.status).toBe(302);
    const download = await t.app.request("/api/downloads/chakra-balance-guide", { headers: { cookie: buyer.cookie } });
    expect(download.status).toBe(403);
    const again = await adminForm(
      t.app,
      admin.cookie,
      { intent: "refund", id: purchase?.id as string },
      "/admin/orders",
    );
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("already been refunded");
  });

  it("refuses a malformed page number with a reason, and a page past the end is simply empty", async () => {
    for (const page of ["99999999999999999", "9007199254740991"]) {
      for (const path of ["/admin", "/admin/orders", "/admin/members"]) {
        const res = await t.app.request(`${path}?page=${page}`, { headers: { cookie: admin.cookie } });
        expect(res.status, `${path}?page=${page}`).toBe(200);
      }
    }
    for (const path of ["/admin?page=abc", "/admin/orders?page=0", "/admin/members?page=-1"]) {
      const res = await t.app.request(path, { headers: { cookie: admin.cookie } });
      expect(res.status, path).toBe(400);
      expect(await res.text()).toContain("That page number is not valid");
    }
  });
});
