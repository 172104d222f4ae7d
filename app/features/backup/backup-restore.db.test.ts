import { createHash } from "node:crypto";
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerifiedUser } from "~/features/accounts/create-verified-user.server";
import { listUpcomingEvents } from "~/features/events/list-events.server";
import { saveEvent } from "~/features/events/save-event.server";
import { listGalleries } from "~/features/media/list-galleries.server";
import { seedCatalogue } from "~/features/shop/seed-catalogue.server";
import { forgetSiteSettings, getSiteSettings } from "~/features/site-settings/get-site-settings.server";
import { saveSiteSettings } from "~/features/site-settings/save-site-settings.server";
import { DEFAULT_SITE_SETTINGS } from "~/features/site-settings/site-details";
import { listSongs } from "~/features/songs/list-songs.server";
import {
  authAttempts,
  downloadLog,
  galleryPhotos,
  galleryTabs,
  purchases,
  songs,
  subscribers,
} from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import type { Storage } from "~/lib/storage/storage.server";
import { startLocalS3 } from "../../../tests/support/local-s3";
import { onPostgres } from "../../../tests/support/test-database";
import { createTestServices } from "../../../tests/support/test-services";
import { BackupError, MANIFEST_FILE } from "./backup-manifest";
import { createBackup } from "./create-backup.server";
import { describeTables } from "./describe-database.server";
import { restoreBackup } from "./restore-backup.server";

type Instance = Awaited<ReturnType<typeof createTestServices>>;
const instances: Instance[] = [];
const scratch = mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
let source: Instance;
let s3: Awaited<ReturnType<typeof startLocalS3>>;

async function instance(overrides: Record<string, string> = {}) {
  const made = await createTestServices(overrides);
  instances.push(made);
  return made;
}

beforeAll(async () => {
  s3 = await startLocalS3();
  source = await instance();
  await fillWithData(source.services);
});
afterAll(async () => {
  for (const made of instances) await made.cleanup();
  await s3.stop();
  rmSync(scratch, { recursive: true, force: true });
});

let folders = 0;
const newFolder = () => path.join(scratch, `backup-${++folders}`);

/** Rows of every kind of column: identities, arrays, jsonb, timestamps with microseconds, nulls. */
async function fillWithData(services: AppServices, { withCatalogue = true } = {}) {
  // The catalogue brings the files and images (and takes a few seconds to draw).
  if (withCatalogue) await seedCatalogue(services);
  const { db } = services.database;
  const buyer = await createVerifiedUser(services, {
    email: `buyer-${Math.random().toString(36).slice(2)}@example.com`,
    password: "Passw0rd1",
    fullName: "Back Up",
  });
  await db.insert(purchases).values({
    id: crypto.randomUUID(),
    userId: buyer.id,
    status: "paid",
    totalAmountCents: 2098,
    productIds: ["chakra-balance-guide", "moon-ritual-journal"],
    provider: "demo",
    providerRef: crypto.randomUUID(),
    consent: { at: "2026-11-22T10:00:00.000Z", wording: 'I want immediate access, "quoted" and ünïcode' },
  });
  await db.insert(subscribers).values({
    email: buyer.email,
    userId: buyer.id,
    subscribed: true,
    subscriptionEnd: new Date("2026-12-22T10:00:00.123Z"),
  });
  for (let i = 0; i < 3; i++) await db.insert(authAttempts).values({ bucket: `signin:test|${i}` });
  await db
    .insert(downloadLog)
    .values({ userId: buyer.id, productId: "chakra-balance-guide", fileKey: "pdfs/x.pdf", grant: "purchase" });
  // Microseconds, which a JavaScript Date would lose on the way through.
  await db.execute(sql`update ${authAttempts} set created_at = '2026-11-22 10:00:00.123456+00'`);
  return buyer;
}

/** Every row of every table as PostgreSQL renders it, in a stable order. */
async function snapshot(services: AppServices) {
  const { db } = services.database;
  const tables: Record<string, string[]> = {};
  for (const table of await describeTables(db)) {
    const result = await db.execute(
      sql`select to_jsonb(t)::text as row from ${sql.identifier(table.name)} t order by 1`,
    );
    tables[table.name] = (result as unknown as { rows: { row: string }[] }).rows.map((r) => r.row);
  }
  return tables;
}

async function checksums(store: Storage) {
  const sums: Record<string, string> = {};
  for await (const key of store.list()) {
    sums[key] = createHash("sha256")
      .update(await buffer(await store.read(key)))
      .digest("hex");
  }
  return sums;
}

describe("backup and restore of the database and files", () => {
  it("restores every row and file exactly into an empty database, and identities continue after the restored ones", async () => {
    const folder = newFolder();
    const { manifest } = await createBackup(source.services, folder);
    expect(manifest.tables.find((t) => t.name === "products")?.rows).toBeGreaterThan(0);
    expect(manifest.objects.length).toBeGreaterThan(0);
    expect(statSync(folder).mode & 0o777).toBe(0o700);

    const target = await instance();
    const { authSecret } = await restoreBackup(target.services, folder);
    expect(authSecret).toBe("none");
    expect(await snapshot(target.services)).toEqual(await snapshot(source.services));
    expect(await checksums(target.services.files)).toEqual(await checksums(source.services.files));
    expect(await checksums(target.services.images)).toEqual(await checksums(source.services.images));

    const [maxBefore] = await target.services.database.db
      .select({ id: sql<number>`max(${authAttempts.id})` })
      .from(authAttempts);
    const [added] = await target.services.database.db
      .insert(authAttempts)
      .values({ bucket: "after-restore" })
      .returning({ id: authAttempts.id });
    expect(added?.id).toBeGreaterThan(Number(maxBefore?.id));
  });

  it("brings back the owner's settings, events, gallery tabs and photos with their files", async () => {
    const owner = await instance();
    const { services } = owner;
    await saveSiteSettings(services, { ...DEFAULT_SITE_SETTINGS, email: "maria@lumina.co.uk", town: "Wells" });
    const startsAt = new Date(Date.now() + 7 * 86_400_000);
    await saveEvent(services, null, {
      title: "Full Moon Circle",
      startsAt,
      place: null,
      description: "Online, bring a candle.",
      bookingUrl: "https://tickets.lumina.co.uk/moon",
    });
    await services.database.db.insert(galleryTabs).values({ id: "avebury", label: "Avebury", sortOrder: 1 });
    for (const [key, bytes] of [
      ["gallery/1-stone.webp", "large"],
      ["gallery/1-stone-thumb.webp", "thumb"],
    ] as const) {
      await services.images.put(key, Buffer.from(bytes), "image/webp");
    }
    await services.database.db.insert(galleryPhotos).values({
      id: crypto.randomUUID(),
      gallery: "avebury",
      alt: "A standing stone",
      caption: "Avebury at dawn",
      position: 1,
      largeKey: "gallery/1-stone.webp",
      largeWidth: 1280,
      largeHeight: 960,
      thumbKey: "gallery/1-stone-thumb.webp",
      thumbWidth: 480,
      thumbHeight: 360,
    });

    await services.images.put("songs/1-morning.mp3", Buffer.from("ID3 recording"), "audio/mpeg");
    await services.database.db.insert(songs).values({
      id: crypto.randomUUID(),
      title: "Morning Light",
      theme: "Awakening",
      durationSeconds: 245,
      description: "A dawn song.",
      youtubeUrl: "https://youtu.be/morning0001",
      position: 1,
      audioSrc: "/media/songs/1-morning.mp3",
      audioKey: "songs/1-morning.mp3",
      audioName: "morning.mp3",
      audioFormat: "MP3",
    });

    const folder = newFolder();
    const { manifest } = await createBackup(services, folder);
    for (const table of ["site_settings", "events", "gallery_tabs", "gallery_photos", "songs"]) {
      expect(manifest.tables.find((t) => t.name === table)?.rows, table).toBe(1);
    }
    const target = await instance();
    await restoreBackup(target.services, folder);
    const { db } = target.services.database;
    forgetSiteSettings(db);
    expect(await getSiteSettings(db)).toMatchObject({ email: "maria@lumina.co.uk", town: "Wells" });
    const [event] = await listUpcomingEvents(db);
    expect(event).toMatchObject({
      title: "Full Moon Circle",
      place: null,
      bookingUrl: "https://tickets.lumina.co.uk/moon",
    });
    expect(event?.startsAt.toISOString()).toBe(startsAt.toISOString());
    const galleries = await listGalleries(db);
    expect(galleries.addedTabs).toEqual([{ id: "avebury", label: "Avebury" }]);
    expect(galleries.uploaded.avebury?.map((p) => [p.alt, p.caption, p.width, p.height])).toEqual([
      ["A standing stone", "Avebury at dawn", 480, 360],
    ]);
    expect((await buffer(await target.services.images.read("gallery/1-stone-thumb.webp"))).toString()).toBe("thumb");
    const { songs: restoredSongs, shipped } = await listSongs(db);
    expect(shipped).toBe(false);
    expect(restoredSongs).toEqual([
      {
        id: expect.any(String),
        title: "Morning Light",
        theme: "Awakening",
        duration: "4:05",
        description: "A dawn song.",
        youtubeUrl: "https://youtu.be/morning0001",
        audio: { src: "/media/songs/1-morning.mp3", fileName: "morning.mp3", format: "MP3" },
      },
    ]);
    expect((await buffer(await target.services.images.read("songs/1-morning.mp3"))).toString()).toBe("ID3 recording");
  });

  it("refuses a target that already has data or files, and says what to do", async () => {
    const folder = newFolder();
    await createBackup(source.services, folder);
    const error = await restoreBackup(source.services, folder).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(/^The target is not empty \(table .*, files storage, images storage\)/);

    const onlyFiles = await instance();
    await onlyFiles.services.images.put("covers/stray.webp", Buffer.from("x"), "image/webp");
    await expect(restoreBackup(onlyFiles.services, folder)).rejects.toThrow("The target is not empty (images storage)");
  });

  it("refuses a damaged or unfinished backup before writing anything", async () => {
    const folder = newFolder();
    await createBackup(source.services, folder);
    const target = await instance();

    const pdf = readdirSync(path.join(folder, "files", "pdfs"))[0] as string;
    const damaged = path.join(folder, "files", "pdfs", pdf);
    const original = readFileSync(damaged);
    appendFileSync(damaged, "tampered");
    await expect(restoreBackup(target.services, folder)).rejects.toThrow(
      `The backup is damaged: files/pdfs/${pdf} does not match its checksum`,
    );
    writeFileSync(damaged, original);

    appendFileSync(path.join(folder, "database", "user.jsonl"), "\n");
    await expect(restoreBackup(target.services, folder)).rejects.toThrow("database/user.jsonl does not match");

    rmSync(path.join(folder, MANIFEST_FILE));
    await expect(restoreBackup(target.services, folder)).rejects.toThrow("has no manifest.json");
    expect(Object.values(await snapshot(target.services)).flat()).toEqual([]);
    expect(await checksums(target.services.files)).toEqual({});
  });

  it("never overwrites an existing backup, and leaves no half-written folder behind", async () => {
    const folder = newFolder();
    await createBackup(source.services, folder);
    await expect(createBackup(source.services, folder)).rejects.toThrow("already exists and is not empty");
    expect(readdirSync(scratch).filter((name) => name.includes(".partial-"))).toEqual([]);
  });

  it("takes one consistent snapshot while writes go on", async () => {
    const live = await instance();
    const buyer = await fillWithData(live.services, { withCatalogue: false });
    const { db } = live.services.database;
    let writing = true;
    let written = 0;
    let committed = 0;
    // Each round writes two tables in one transaction; a dump that read them at different moments
    // would hold more rows of the table it read later.
    const writer = (async () => {
      while (writing) {
        const n = written++;
        await db.transaction(async (tx) => {
          await tx.insert(authAttempts).values({ bucket: `live:${n}` });
          await tx
            .insert(downloadLog)
            .values({ userId: buyer.id, productId: "p", fileKey: `live:${n}`, grant: "free" });
        });
        committed++;
        // PGlite answers without touching the event loop: yield, as a server between requests would.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    // The snapshot starts once a round has committed, so it holds writes (on PostgreSQL it could begin
    // before the first commit, and then held none).
    while (committed === 0) await new Promise((resolve) => setImmediate(resolve));
    const folder = newFolder();
    const { manifest } = await createBackup(live.services, folder);
    writing = false;
    await writer;

    const target = await instance();
    await restoreBackup(target.services, folder);
    const restored = await snapshot(target.services);
    for (const table of manifest.tables) expect(restored[table.name]).toHaveLength(table.rows);
    const rounds = (rows: string[] | undefined, field: string) =>
      (rows ?? [])
        .map((row) => String((JSON.parse(row) as Record<string, unknown>)[field]))
        .filter((value) => value.startsWith("live:"))
        .map((value) => Number(value.slice(5)))
        .sort((a, b) => a - b);
    const attempts = rounds(restored.auth_attempts, "bucket");
    expect(attempts.length).toBeGreaterThan(0);
    expect(attempts).toEqual(attempts.map((_, i) => i));
    expect(rounds(restored.download_log, "file_key")).toEqual(attempts);
  });

  it("moves files between local disk and S3 in both directions", async () => {
    const onS3 = await instance(s3.env);
    const fromDisk = newFolder();
    await createBackup(source.services, fromDisk);
    await restoreBackup(onS3.services, fromDisk);
    expect(await checksums(onS3.services.files)).toEqual(await checksums(source.services.files));
    expect(await checksums(onS3.services.images)).toEqual(await checksums(source.services.images));

    const fromS3 = newFolder();
    await createBackup(onS3.services, fromS3);
    const backOnDisk = await instance();
    await restoreBackup(backOnDisk.services, fromS3);
    expect(await snapshot(backOnDisk.services)).toEqual(await snapshot(source.services));
    expect(await checksums(backOnDisk.services.files)).toEqual(await checksums(source.services.files));
  });
});

describe.skipIf(onPostgres())("the embedded set-up's generated auth secret", () => {
  it("travels with the backup, so sessions made before it stay valid after a restore", async () => {
    const embedded = await instance({ AUTH_SECRET: "" });
    await fillWithData(embedded.services, { withCatalogue: false });
    const secret = readFileSync(path.join(embedded.dataDir, "auth-secret"), "utf8");
    const folder = newFolder();
    const { manifest } = await createBackup(embedded.services, folder);
    expect(manifest.authSecret).not.toBeNull();

    const target = await instance({ AUTH_SECRET: "" });
    expect(readFileSync(path.join(target.dataDir, "auth-secret"), "utf8")).not.toBe(secret);
    expect((await restoreBackup(target.services, folder)).authSecret).toBe("restored");
    expect(readFileSync(path.join(target.dataDir, "auth-secret"), "utf8")).toBe(secret);

    // A configured AUTH_SECRET is the operator's: it is not replaced.
    const configured = await instance();
    expect((await restoreBackup(configured.services, folder)).authSecret).toBe("kept-configured");
    expect(existsSync(path.join(configured.dataDir, "auth-secret"))).toBe(false);
  });
});
