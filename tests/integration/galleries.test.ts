import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { galleryPhotos } from "~/lib/db/schema.server";
import { adminForm, makePng, upload } from "../support/admin-requests";
import { type AdminTestApp, createAdminTestApp } from "../support/admin-test-app";

/** Issue 15, item 3: the owner's photos go through the upload path, re-encoded, and replace the placeholders. */
let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp();
}, 120_000);
afterAll(() => t.cleanup());

const page = async (path: string) => (await t.app.request(`http://localhost:3000${path}`)).text();
const galleryForm = (fields: Record<string, string>) => adminForm(t.app, t.admin.cookie, fields, "/admin/galleries");

describe("gallery uploads", () => {
  it("refuses a renamed executable and writes nothing", async () => {
    const filesBefore = t.storedFiles();
    const rowsBefore = (await t.uploadRows()).length;
    // An ELF executable's first bytes, named like a photo.
    const elf = new Uint8Array(8192);
    elf.set([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]);
    const res = await upload(t.app, t.admin.cookie, "photo", "sunrise.jpg", elf);
    expect(res.status).toBe(415);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Photos must be PNG, JPEG, WebP or AVIF (SVG and other formats are not accepted).",
    );
    expect(t.storedFiles()).toEqual(filesBefore);
    expect(await t.uploadRows()).toHaveLength(rowsBefore);
    expect(await t.services.database.db.select().from(galleryPhotos)).toHaveLength(0);
  });

  it("re-encodes a photo to a 480 × 360 thumbnail and a 1280 × 960 lightbox WebP", async () => {
    const uploaded = await t.uploaded("photo", "angel orb.png", await makePng(2000, 1000));
    expect(uploaded.url).toMatch(/^\/media\/gallery\/\d+-angel-orb-thumb\.webp$/);
    const thumb = await t.app.request(`http://localhost:3000${uploaded.url}`);
    expect(thumb.status).toBe(200);
    expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({
      format: "webp",
      width: 480,
      height: 360,
    });
    const large = await t.app.request(`http://localhost:3000${uploaded.url?.replace("-thumb", "")}`);
    expect(await sharp(Buffer.from(await large.arrayBuffer())).metadata()).toMatchObject({ width: 1280, height: 960 });
  });

  it("replaces the shipped art once the owner adds a photo, with the count following, and brings it back on removal", async () => {
    expect(await page("/media-events")).toContain('aria-label="Angel Light Gallery: 9 photos"');
    const uploaded = await t.uploaded("photo", "orb.png", await makePng());
    const added = await galleryForm({
      intent: "add",
      gallery: "angel",
      upload: uploaded.id,
      alt: "An orb of light over the meadow",
      caption: 'The "first" orb & its glow',
    });
    expect(added.status).toBe(302);
    let html = await page("/media-events");
    expect(html).toContain('aria-label="Angel Light Gallery: 1 photos"');
    expect(html).toContain(uploaded.url);
    expect(html).toContain('width="480" height="360"');
    expect(html).not.toContain("/images/gallery/angel/angel-01-480.webp");
    expect(html).toContain("The &quot;first&quot; orb &amp; its glow");

    // The same upload cannot join a second gallery.
    const twice = await galleryForm({ intent: "add", gallery: "romania", upload: uploaded.id, alt: "x", caption: "" });
    expect(twice.status).toBe(400);

    const [row] = await t.services.database.db.select().from(galleryPhotos).where(eq(galleryPhotos.gallery, "angel"));
    const filesWith = t.storedFiles();
    const removed = await galleryForm({ intent: "remove", gallery: "angel", id: row?.id ?? "" });
    expect(removed.status).toBe(302);
    expect(filesWith.length - t.storedFiles().length).toBe(2);
    html = await page("/media-events");
    expect(html).toContain('aria-label="Angel Light Gallery: 9 photos"');
  });

  it("adds a Sacred Moments tab and reorders its photos", async () => {
    expect((await galleryForm({ intent: "add-tab", label: "Avebury" })).status).toBe(302);
    for (const alt of ["First stone", "Second stone"]) {
      const uploaded = await t.uploaded("photo", `${alt}.png`, await makePng());
      const res = await galleryForm({ intent: "add", gallery: "avebury", upload: uploaded.id, alt, caption: alt });
      expect(res.status).toBe(302);
    }
    let html = await page("/media-events");
    expect(html).toContain("Avebury (2)");
    // Only the open tab's photos are in the page; the admin's list shows the order visitors get.
    const adminList = async () =>
      (
        await t.app.request("http://localhost:3000/admin/galleries?gallery=avebury", {
          headers: { cookie: t.admin.cookie },
        })
      ).text();
    html = await adminList();
    expect(html.indexOf('alt="First stone"')).toBeGreaterThan(0);
    expect(html.indexOf('alt="First stone"')).toBeLessThan(html.indexOf('alt="Second stone"'));
    const rows = await t.services.database.db.select().from(galleryPhotos).where(eq(galleryPhotos.gallery, "avebury"));
    const second = rows.find((r) => r.alt === "Second stone");
    const moved = await galleryForm({ intent: "up", gallery: "avebury", id: second?.id ?? "" });
    expect(moved.status, await moved.clone().text()).toBe(302);
    html = await adminList();
    expect(html.indexOf('alt="Second stone"')).toBeLessThan(html.indexOf('alt="First stone"'));
    html = await page("/media-events");
    // Romania still shows its 50 placeholders.
    expect(html).toContain("Romania (50)");
  });

  it("refuses a photo without alt text", async () => {
    const uploaded = await t.uploaded("photo", "no-alt.png", await makePng());
    const res = await galleryForm({ intent: "add", gallery: "angel", upload: uploaded.id, alt: "  ", caption: "" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Describe the photo for people who cannot see it");
  });

  it("renames a tab she added and removes it with its photos only once she confirms", async () => {
    expect((await galleryForm({ intent: "add-tab", label: "Tintagel" })).status).toBe(302);
    const renamed = await galleryForm({ intent: "rename-tab", gallery: "tintagel", label: "Tintagel & Boscastle" });
    expect(renamed.status).toBe(302);
    const uploaded = await t.uploaded("photo", "cliff.png", await makePng());
    await galleryForm({ intent: "add", gallery: "tintagel", upload: uploaded.id, alt: "Cliffs", caption: "" });
    expect(await page("/media-events")).toContain("Tintagel &amp; Boscastle (1)");

    const filesBefore = t.storedFiles();
    const refused = await galleryForm({ intent: "remove-tab", gallery: "tintagel" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("This tab has 1 photo. Tick");
    expect(t.storedFiles()).toEqual(filesBefore);

    const removed = await galleryForm({ intent: "remove-tab", gallery: "tintagel", withPhotos: "on" });
    expect(removed.status).toBe(302);
    expect(filesBefore.length - t.storedFiles().length).toBe(2);
    expect(
      await t.services.database.db.select().from(galleryPhotos).where(eq(galleryPhotos.gallery, "tintagel")),
    ).toEqual([]);
    expect(await page("/media-events")).not.toContain("Tintagel");
  });

  it("does not rename or remove the shipped tabs", async () => {
    expect((await galleryForm({ intent: "rename-tab", gallery: "romania", label: "Transylvania" })).status).toBe(404);
    expect((await galleryForm({ intent: "remove-tab", gallery: "romania", withPhotos: "on" })).status).toBe(404);
    expect(await page("/media-events")).toContain("Romania (50)");
  });
});
