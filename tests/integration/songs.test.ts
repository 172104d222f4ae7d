import { readFileSync } from "node:fs";
import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteSettings, songs } from "~/lib/db/schema.server";
import { adminForm, makePng, upload } from "../support/admin-requests";
import { type AdminTestApp, createAdminTestApp, fileBytes } from "../support/admin-test-app";

/** Issue 15, item 4: songs are records the owner edits, with an optional downloadable recording. */
let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp();
}, 120_000);
afterAll(() => t.cleanup());

const wav = new Uint8Array(readFileSync("public/audio/light-within-sample.wav"));
const page = async (path: string) => (await t.app.request(`http://localhost:3000${path}`)).text();
const songForm = (fields: Record<string, string>) =>
  adminForm(
    t.app,
    t.admin.cookie,
    {
      intent: "save",
      theme: "",
      description: "",
      upload: "",
      youtubeUrl: "https://www.youtube.com/watch?v=songReal001",
      ...fields,
    },
    "/admin/songs",
  );
const rows = () => t.services.database.db.select().from(songs).orderBy(asc(songs.position));

describe("songs", () => {
  it("shows the four shipped songs until the owner has her own", async () => {
    const html = await page("/music");
    for (const title of ["Light Within", "Angel Wings", "Sacred Earth", "Return to Peace"])
      expect(html).toContain(title);
    expect(html).toContain('href="/audio/light-within-sample.wav"');
    const admin = await (
      await t.app.request("http://localhost:3000/admin/songs", { headers: { cookie: t.admin.cookie } })
    ).text();
    expect(admin).toContain("Edit These Songs");
  });

  it("refuses a bad duration and a link that is not YouTube, with reasons, and stores nothing", async () => {
    for (const duration of ["3.45", "3:75", "0:00", "abc"]) {
      const res = await songForm({ title: "Morning", duration });
      expect(res.status, duration).toBe(400);
      expect(await res.text()).toContain("Duration must be minutes and seconds, such as 3:45.");
    }
    const res = await songForm({ title: "Morning", duration: "3:45", youtubeUrl: "https://vimeo.com/1234567" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("YouTube link must be a YouTube link");
    const plain = await songForm({
      title: "Morning",
      duration: "3:45",
      youtubeUrl: "http://www.youtube.com/watch?v=x",
    });
    expect(plain.status).toBe(400);
    expect(await rows()).toHaveLength(0);
  });

  it("refuses a recording that is not audio (a renamed executable, a picture) and writes nothing", async () => {
    const filesBefore = t.storedFiles();
    const rowsBefore = (await t.uploadRows()).length;
    const elf = new Uint8Array(8192);
    elf.set([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]);
    for (const [name, body] of [
      ["song.mp3", elf],
      ["song.wav", new Uint8Array(await makePng())],
    ] as const) {
      const res = await upload(t.app, t.admin.cookie, "song", name, body);
      expect(res.status, name).toBe(415);
      expect(((await res.json()) as { message: string }).message).toBe(
        "Recordings must be MP3, M4A, OGG or WAV audio, and this file is not one of them.",
      );
    }
    expect(t.storedFiles()).toEqual(filesBefore);
    expect(await t.uploadRows()).toHaveLength(rowsBefore);
  });

  it("adds a song with a recording anyone can download, replacing the shipped songs, text escaped", async () => {
    const recording = await t.uploaded("song", "Morning Light (demo).wav", wav);
    expect(recording.url).toMatch(/^\/media\/songs\/\d+-morning-light-demo\.wav$/);
    const res = await songForm({
      title: "Morning <b>Light</b> & Dew",
      theme: "Awakening",
      duration: "4:05",
      description: 'A "dawn" song',
      upload: recording.id,
    });
    expect(res.status).toBe(302);
    const html = await page("/music");
    expect(html).toContain("Morning bLight/b &amp; Dew");
    expect(html).not.toContain("<b>Light</b>");
    expect(html).toContain("A &quot;dawn&quot; song");
    expect(html).toContain("4:05");
    expect(html).toContain("https://www.youtube.com/watch?v=songReal001");
    expect(html).toContain(`href="${recording.url}"`);
    expect(html).not.toContain("Angel Wings");

    // Served to a visitor (no cookie) as a download, cached like the public images.
    const file = await t.app.request(`http://localhost:3000${recording.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("audio/wav");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="morning-light-demo\.wav"/);
    expect(file.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(Buffer.compare(await fileBytes(file), Buffer.from(wav))).toBe(0);
    // A song recording is never served as something else, nor from another folder.
    expect((await t.app.request(`http://localhost:3000${recording.url?.replace("songs/", "covers/")}`)).status).toBe(
      404,
    );
  });

  it("edits, replaces the recording (the old file goes), reorders and removes", async () => {
    const [first] = await rows();
    const oldFile = first?.audioKey ?? "";
    expect((await songForm({ title: "Evening Song", duration: "2:30" })).status).toBe(302);
    const replacement = await t.uploaded("song", "take two.wav", wav);
    const edited = await songForm({
      id: first?.id ?? "",
      title: "Morning Light",
      duration: "4:06",
      upload: replacement.id,
    });
    expect(edited.status).toBe(302);
    expect(t.storedFiles()).not.toContain(`images/${oldFile}`);
    expect((await rows())[0]).toMatchObject({ title: "Morning Light", durationSeconds: 246, audioFormat: "WAV" });

    const evening = (await rows())[1];
    expect(
      (await adminForm(t.app, t.admin.cookie, { intent: "up", id: evening?.id ?? "" }, "/admin/songs")).status,
    ).toBe(302);
    let html = await page("/music");
    expect(html.indexOf("Evening Song")).toBeLessThan(html.indexOf("Morning Light"));

    const withFile = (await rows()).find((r) => r.audioKey);
    const filesBefore = t.storedFiles().length;
    const removed = await adminForm(
      t.app,
      t.admin.cookie,
      { intent: "remove", id: withFile?.id ?? "" },
      "/admin/songs",
    );
    expect(removed.status).toBe(302);
    expect(filesBefore - t.storedFiles().length).toBe(1);
    html = await page("/music");
    expect(html).not.toContain("Morning Light");
    expect(html).toContain("Evening Song");

    const last = (await rows())[0];
    await adminForm(t.app, t.admin.cookie, { intent: "remove", id: last?.id ?? "" }, "/admin/songs");
    expect(await page("/music")).toContain("Light Within");
  });

  it("copies the shipped songs for editing once, sample recording included", async () => {
    const adopt = () => adminForm(t.app, t.admin.cookie, { intent: "adopt" }, "/admin/songs");
    const [one, two] = await Promise.all([adopt(), adopt()]);
    expect([one.status, two.status].sort()).toEqual([302, 409]);
    const copied = await rows();
    expect(copied.map((r) => r.title)).toEqual(["Light Within", "Angel Wings", "Sacred Earth", "Return to Peace"]);
    expect(copied[0]).toMatchObject({
      durationSeconds: 225,
      audioSrc: "/audio/light-within-sample.wav",
      audioKey: null,
    });
    const edited = await songForm({
      id: copied[1]?.id ?? "",
      title: "Angel Wings",
      theme: "Angelic guidance",
      duration: "4:12",
      youtubeUrl: "https://youtu.be/angelReal01",
    });
    expect(edited.status).toBe(302);
    const html = await page("/music");
    expect(html).toContain("https://youtu.be/angelReal01");
    expect(html).toContain('href="/audio/light-within-sample.wav"');
    await t.services.database.db.delete(songs);
  });

  it("carries song links the owner saved in site settings into song rows (the migration's data step)", async () => {
    const migration = readFileSync("drizzle/0009_songs_and_event_images.sql", "utf8").split("--> statement-breakpoint");
    const carry = migration.find((statement) => statement.includes('INSERT INTO "songs"')) ?? "";
    const { db } = t.services.database;
    // Saved with the shipped links only: nothing to carry, the shipped songs stay the default.
    await db
      .insert(siteSettings)
      .values({ id: 1, values: { song1Url: "https://www.youtube.com/watch?v=LIGHTWITHIN" } })
      .onConflictDoUpdate({
        target: siteSettings.id,
        set: { values: { song1Url: "https://www.youtube.com/watch?v=LIGHTWITHIN" } },
      });
    await db.execute(sql.raw(carry));
    expect(await rows()).toHaveLength(0);
    const values = { song2Url: "https://youtu.be/angelReal02" };
    await db.update(siteSettings).set({ values });
    await db.execute(sql.raw(carry));
    const carried = await rows();
    expect(carried.map((r) => [r.title, r.youtubeUrl])).toEqual([
      ["Light Within", "https://www.youtube.com/watch?v=LIGHTWITHIN"],
      ["Angel Wings", "https://youtu.be/angelReal02"],
      ["Sacred Earth", "https://www.youtube.com/watch?v=SACREDEARTH"],
      ["Return to Peace", "https://www.youtube.com/watch?v=RETURNPEACE"],
    ]);
    await db.delete(songs);
    await db.delete(siteSettings);
  });
});
