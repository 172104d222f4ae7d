import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MigrationDatabase, openMigrationDatabase } from "../support/migration-database";

/**
 * Migration 0012 (typed upload references, decision 040) on a database written by the code before
 * it: uploads whose one text column `product_id` named a product, `event:<id>`, `gallery:<photo id>`
 * or `song:<id>`, as that code's save-product, save-event, add-gallery-photo and save-song wrote them,
 * plus uploads nothing took and references whose row is gone. Every reference lands in its typed
 * column; nothing is lost; the dangling ones are left for the sweeper.
 */
const DAY_AGO = "2025-01-01T10:00:00Z";
const BEFORE_0012 = `
  insert into "user" (id, name, email, email_verified, created_at, updated_at)
    values ('owner', 'Owner', 'owner@example.test', true, now(), now());
  insert into products (id, title, download_url, image_url) values
    ('moon-journal', 'Moon Journal', 'files/moon.pdf', '/media/images/moon.webp'),
    ('archived-guide', 'Archived Guide', 'files/old.pdf', null);
  update products set archived_at = now() where id = 'archived-guide';
  insert into events (id, title, starts_at, image_key, image_thumb_key) values
    ('0b6f1c9e-event', 'Full Moon Circle', now(), 'gallery/circle.webp', 'gallery/circle-thumb.webp');
  insert into gallery_tabs (id, label) values ('retreats', 'Retreats');
  insert into gallery_photos (id, gallery, alt, position, large_key, large_width, large_height,
      thumb_key, thumb_width, thumb_height) values
    ('7d1a-photo-angel', 'angel', 'Angel', 1, 'gallery/angel.webp', 1600, 1200, 'gallery/angel-thumb.webp', 480, 360),
    ('9e2b-photo-retreat', 'retreats', 'Retreat', 1, 'gallery/retreat.webp', 1600, 1200, 'gallery/retreat-thumb.webp', 480, 360);
  insert into songs (id, title, duration_seconds, youtube_url, position, audio_src, audio_key) values
    ('3c4d-song', 'Light Within', 240, 'https://www.youtube.com/watch?v=x', 1, '/media/songs/light.mp3', 'songs/light.mp3');
  insert into uploads (id, kind, storage_key, original_name, content_type, size_bytes, uploaded_by,
      product_id, completed_at, created_at) values
    ('u-file', 'file', 'files/moon.pdf', 'moon.pdf', 'application/pdf', 10, 'owner', 'moon-journal', '${DAY_AGO}', '${DAY_AGO}'),
    ('u-image', 'image', 'images/moon.webp', 'moon.png', 'image/webp', 10, 'owner', 'moon-journal', '${DAY_AGO}', '${DAY_AGO}'),
    ('u-archived', 'file', 'files/old.pdf', 'old.pdf', 'application/pdf', 10, null, 'archived-guide', '${DAY_AGO}', '${DAY_AGO}'),
    ('u-event', 'photo', 'gallery/circle.webp', 'circle.jpg', 'image/webp', 10, 'owner', 'event:0b6f1c9e-event', '${DAY_AGO}', '${DAY_AGO}'),
    ('u-angel', 'photo', 'gallery/angel.webp', 'angel.jpg', 'image/webp', 10, 'owner', 'gallery:7d1a-photo-angel', '${DAY_AGO}', '${DAY_AGO}'),
    ('u-retreat', 'photo', 'gallery/retreat.webp', 'retreat.jpg', 'image/webp', 10, 'owner', 'gallery:9e2b-photo-retreat', '${DAY_AGO}', '${DAY_AGO}'),
    ('u-song', 'song', 'songs/light.mp3', 'light.mp3', 'audio/mpeg', 10, 'owner', 'song:3c4d-song', '${DAY_AGO}', '${DAY_AGO}'),
    ('u-unused', 'attachment', 'files/unused.pdf', 'unused.pdf', 'application/pdf', 10, 'owner', null, '${DAY_AGO}', '${DAY_AGO}'),
    ('u-in-progress', 'file', 'files/half.pdf', 'half.pdf', 'application/pdf', 0, 'owner', null, null, now()),
    ('u-gone-event', 'photo', 'gallery/gone.webp', 'gone.jpg', 'image/webp', 10, 'owner', 'event:no-such-event', '${DAY_AGO}', '${DAY_AGO}'),
    ('u-gone-photo', 'photo', 'gallery/gone2.webp', 'gone2.jpg', 'image/webp', 10, 'owner', 'gallery:no-such-photo', '${DAY_AGO}', '${DAY_AGO}'),
    ('u-gone-song', 'song', 'songs/gone.mp3', 'gone.mp3', 'audio/mpeg', 10, 'owner', 'song:no-such-song', '${DAY_AGO}', '${DAY_AGO}'),
    ('u-gone-product', 'file', 'files/gone.pdf', 'gone.pdf', 'application/pdf', 10, 'owner', 'deleted-guide', '${DAY_AGO}', '${DAY_AGO}');
`;
const UPLOAD_IDS = [
  "u-file",
  "u-image",
  "u-archived",
  "u-event",
  "u-angel",
  "u-retreat",
  "u-song",
  "u-unused",
  "u-in-progress",
  "u-gone-event",
  "u-gone-photo",
  "u-gone-song",
  "u-gone-product",
];

let database: MigrationDatabase;
const query = (text: string) => database.query(text);

beforeAll(async () => {
  database = await openMigrationDatabase();
  await database.migrate(12);
  for (const statement of BEFORE_0012.split(";").filter((s) => s.trim())) await query(statement);
  await database.migrate();
}, 120_000);

afterAll(() => database?.close());

type Owners = { product_id: unknown; event_id: unknown; gallery_photo_id: unknown; song_id: unknown };
const owners = async (): Promise<Map<unknown, Owners>> =>
  new Map(
    (await query(`select id, product_id, event_id, gallery_photo_id, song_id from uploads`)).map(({ id, ...rest }) => [
      id,
      rest as Owners,
    ]),
  );
const none = { product_id: null, event_id: null, gallery_photo_id: null, song_id: null };

describe("migration 0012 on a database made by the code before typed upload references", () => {
  it("keeps every upload and every other row", async () => {
    expect((await query(`select id from uploads order by id`)).map((r) => r.id)).toEqual([...UPLOAD_IDS].sort());
    const counts =
      await query(`select (select count(*) from products) as products, (select count(*) from events) as events,
      (select count(*) from gallery_photos) as photos, (select count(*) from songs) as songs`);
    expect(counts.map((r) => Object.values(r).map(Number))).toEqual([[2, 1, 2, 1]]);
    const [keys] = await query(`select count(distinct storage_key) as n from uploads where completed_at is not null`);
    expect(Number(keys?.n)).toBe(UPLOAD_IDS.length - 1);
  });

  it("moves every reference whose row exists into its typed column", async () => {
    const after = await owners();
    expect(after.get("u-file")).toEqual({ ...none, product_id: "moon-journal" });
    expect(after.get("u-image")).toEqual({ ...none, product_id: "moon-journal" });
    expect(after.get("u-archived")).toEqual({ ...none, product_id: "archived-guide" });
    expect(after.get("u-event")).toEqual({ ...none, event_id: "0b6f1c9e-event" });
    expect(after.get("u-angel")).toEqual({ ...none, gallery_photo_id: "7d1a-photo-angel" });
    expect(after.get("u-retreat")).toEqual({ ...none, gallery_photo_id: "9e2b-photo-retreat" });
    expect(after.get("u-song")).toEqual({ ...none, song_id: "3c4d-song" });
  });

  it("leaves unclaimed the uploads nothing took and those whose row is gone, for the sweeper", async () => {
    const after = await owners();
    for (const id of ["u-unused", "u-in-progress", "u-gone-event", "u-gone-photo", "u-gone-song", "u-gone-product"]) {
      expect(after.get(id), id).toEqual(none);
    }
    // What the sweeper asks: unclaimed and more than a day old (the upload in progress is new).
    const swept = await query(`select id from uploads where product_id is null and event_id is null
      and gallery_photo_id is null and song_id is null and created_at < now() - interval '1 day' order by id`);
    expect(swept.map((r) => r.id)).toEqual([
      "u-gone-event",
      "u-gone-photo",
      "u-gone-product",
      "u-gone-song",
      "u-unused",
    ]);
  });

  it("lets the database hold the references: one owner at most, deleted with what it belongs to", async () => {
    await expect(query(`update uploads set event_id = '0b6f1c9e-event' where id = 'u-file'`)).rejects.toThrow();
    await expect(query(`update uploads set song_id = 'no-such-song' where id = 'u-unused'`)).rejects.toThrow();
    await query(`delete from gallery_photos where id = '9e2b-photo-retreat'`);
    await query(`delete from songs where id = '3c4d-song'`);
    await query(`delete from events where id = '0b6f1c9e-event'`);
    const left = (await query(`select id from uploads order by id`)).map((r) => r.id);
    for (const id of ["u-retreat", "u-song", "u-event"]) expect(left).not.toContain(id);
    expect(left).toContain("u-angel");
    expect(
      await query(`select column_name from information_schema.columns where table_name = 'uploads'
        and column_name in ('product_id', 'event_id', 'gallery_photo_id', 'song_id') order by column_name`),
    ).toEqual([
      { column_name: "event_id" },
      { column_name: "gallery_photo_id" },
      { column_name: "product_id" },
      { column_name: "song_id" },
    ]);
  });
});
