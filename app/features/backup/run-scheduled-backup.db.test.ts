import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { EXCLUSIVE_WORK } from "~/lib/db/client.server";
import { authAttempts } from "~/lib/db/schema.server";
import { startLocalS3 } from "../../../tests/support/local-s3";
import { createTestApp } from "../../../tests/support/test-app";
import { onPostgres } from "../../../tests/support/test-database";
import { createTestServices } from "../../../tests/support/test-services";
import { describeTables } from "./describe-database.server";
import { LAST_BACKUP_FILE, readLastBackup } from "./last-backup.server";
import { restoreBackup } from "./restore-backup.server";
import { backupFolderName, runScheduledBackup } from "./run-scheduled-backup.server";

const scratch = mkdtempSync(path.join(os.tmpdir(), "scheduled-backup-test-"));
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A month ago, to the second: the test's clock runs from there, so the real clock makes the last one late. */
const BASE = Math.floor((Date.now() - 30 * DAY) / 1000) * 1000;
const at = (offset: number) => () => new Date(BASE + offset);
const nameAt = (offset: number) => backupFolderName(new Date(BASE + offset));

async function rowCounts(services: Awaited<ReturnType<typeof createTestServices>>["services"]) {
  const { db } = services.database;
  const counts: Record<string, number> = {};
  for (const table of await describeTables(db)) {
    const result = await db.execute(sql`select count(*)::int as n from ${sql.identifier(table.name)}`);
    counts[table.name] = (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1;
  }
  return counts;
}

describe("automatic backups", () => {
  it("makes a due backup, verifies it, prunes those past their keep, reports it in status and health, and it restores", async () => {
    const backupDir = path.join(scratch, "site-backups");
    const site = await createTestApp(
      { BACKUP_DIR: backupDir, BACKUP_INTERVAL_HOURS: "24", BACKUP_KEEP_DAYS: "14" },
      { template: "seeded" },
    );
    cleanups.push(site.cleanup);
    const { services, app, server } = site;
    await services.database.db.insert(authAttempts).values({ bucket: "signin:scheduled-backup" });

    // Before any backup: health says so, and the site is still healthy.
    const before = await (await app.request("/api/health")).json();
    expect(before).toEqual({
      status: "ok",
      database: services.database.kind,
      backup: { state: "none", lastAt: null, ageSeconds: null },
    });

    // An automatic backup of three weeks before, an unfinished one of five, and an operator's own folder.
    mkdirSync(backupDir, { recursive: true });
    const old = nameAt(-21 * DAY);
    const unfinished = `${nameAt(-35 * DAY)}.partial-0a1b2c3d`;
    for (const name of [old, unfinished, "before-upgrade"]) {
      mkdirSync(path.join(backupDir, name));
      writeFileSync(path.join(backupDir, name, "manifest.json"), "{}");
    }

    const first = await runScheduledBackup(services, { now: at(0) });
    expect(first).toMatchObject({ outcome: "made", pruned: [unfinished, old].sort() });
    if (first.outcome !== "made") throw new Error("no backup made");
    expect(first.last).toMatchObject({ folder: path.join(backupDir, nameAt(0)), objects: expect.any(Number) });
    expect(first.last.rows).toBeGreaterThan(0);
    expect(await readLastBackup(services.env)).toEqual(first.last);
    // Beside it, the erasure register (decision 062).
    expect(readdirSync(backupDir).sort()).toEqual([nameAt(0), "before-upgrade", "erasures", LAST_BACKUP_FILE].sort());

    // Not due again within the interval; due after it, and the first one is kept (inside two weeks).
    expect(await runScheduledBackup(services, { now: at(17 * HOUR) })).toMatchObject({
      outcome: "not-due",
    });
    const second = await runScheduledBackup(services, { now: at(DAY) });
    expect(second).toMatchObject({ outcome: "made", pruned: [] });
    expect(existsSync(path.join(backupDir, nameAt(0)))).toBe(true);
    // Fifteen days on, the first is past its fourteen days' keep and the second (fourteen days old) is not.
    const later = await runScheduledBackup(services, { now: at(15 * DAY) });
    expect(later).toMatchObject({ outcome: "made", pruned: [nameAt(0)] });
    expect(existsSync(path.join(backupDir, nameAt(DAY)))).toBe(true);
    // Pruning old backups never takes the erasure register with them.
    expect(existsSync(path.join(backupDir, "erasures", "index.json"))).toBe(true);
    if (later.outcome !== "made") throw new Error("no backup made");

    // Its age, in the status command and in /api/health (the age is from the real clock: it is "late").
    const status = await server.runCommand(services, "status", []);
    expect(status).toContain(`last backup: ${later.last.createdAt} (`);
    expect(status).toContain(
      `verified, ${later.last.rows} rows and ${later.last.objects} files in ${later.last.folder}`,
    );
    expect(status).toContain(`automatic backups every 24 hours into ${backupDir}, kept 14 days`);
    const health = await (await app.request("/api/health")).json();
    expect(health).toMatchObject({
      status: "ok",
      database: services.database.kind,
      backup: { state: "late", lastAt: later.last.createdAt, ageSeconds: expect.any(Number) },
    });
    expect(Math.abs(health.backup.ageSeconds - (Date.now() - Date.parse(later.last.createdAt)) / 1000)).toBeLessThan(
      60,
    );

    // The backup restores into an empty site with the same rows.
    const target = await createTestServices();
    cleanups.push(target.cleanup);
    await restoreBackup(target.services, later.last.folder);
    expect(await rowCounts(target.services)).toEqual(await rowCounts(services));
  });

  it("reports a recent backup as ok and does nothing when turned off", async () => {
    const backupDir = path.join(scratch, "fresh-backups");
    const site = await createTestApp({ BACKUP_DIR: backupDir });
    cleanups.push(site.cleanup);
    const made = await runScheduledBackup(site.services, { now: () => new Date(Date.now() - HOUR) });
    expect(made.outcome).toBe("made");
    expect((await (await site.app.request("/api/health")).json()).backup).toMatchObject({ state: "ok" });
    expect(await runScheduledBackup(site.services)).toMatchObject({ outcome: "not-due" });

    const off = await createTestServices({ BACKUP_DIR: path.join(scratch, "off"), BACKUP_INTERVAL_HOURS: "0" });
    cleanups.push(off.cleanup);
    expect(await runScheduledBackup(off.services)).toEqual({ outcome: "off" });
    expect(existsSync(path.join(scratch, "off"))).toBe(false);
    expect(await site.server.runCommand(off.services, "status", [])).toContain(
      "automatic backups off (BACKUP_INTERVAL_HOURS=0)",
    );
  });

  it("copies each backup to the S3 bucket when one is configured, reads it back there, and prunes old copies", async () => {
    const s3 = await startLocalS3();
    cleanups.push(s3.stop);
    const site = await createTestApp(
      { ...s3.env, BACKUP_DIR: path.join(scratch, "with-s3"), BACKUP_KEEP_DAYS: "14" },
      { template: "seeded" },
    );
    cleanups.push(site.cleanup);
    const copies = site.services.backupCopies;
    if (!copies) throw new Error("S3 is configured, so backups have a place to be copied");
    const keysOf = async (copy: string) => {
      const keys: string[] = [];
      for await (const key of copies.list("")) if (key.startsWith(copy)) keys.push(key);
      return keys.sort();
    };
    // A copy made three weeks before, and something else in backups/ that is not the schedule's.
    const old = `${nameAt(-21 * DAY).toLowerCase()}/`;
    await copies.put(`${old}manifest.json`, Buffer.from("{}"), "application/json");
    await copies.put("by-hand/notes.txt", Buffer.from("mine"), "text/plain");

    const made = await runScheduledBackup(site.services, { now: at(0) });
    if (made.outcome !== "made") throw new Error("no backup made");
    const copy = `${nameAt(0).toLowerCase()}/`;
    expect(made.last.copiedTo).toBe(`s3://${s3.bucket}/backups/${copy}`);
    expect(made.pruned).toContain(`s3:${old.slice(0, -1)}`);
    expect(await readLastBackup(site.services.env)).toEqual(made.last);
    // Every part of the folder is in the bucket, and nothing else was touched.
    const local = readdirSync(made.last.folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `${copy}${path.relative(made.last.folder, path.join(entry.parentPath, entry.name))}`);
    expect(await keysOf(copy)).toEqual(local.sort());
    expect(await keysOf(old)).toEqual([]);
    expect(await keysOf("by-hand/")).toEqual(["by-hand/notes.txt"]);
    expect(await site.server.runCommand(site.services, "status", [])).toContain(`copied to s3://${s3.bucket}/backups/`);
  });

  it("copies a backup that has no copy in the bucket (its copy failed, or S3 came since) at the next check", async () => {
    // The state a failed copy leaves: a good backup on disk, recorded without `copiedTo`. Made here
    // by a site without S3 (S3 down makes the backup itself fail, its files being in the bucket).
    const dir = path.join(scratch, "copy-later");
    const before = await createTestServices({ BACKUP_DIR: dir });
    cleanups.push(before.cleanup);
    const made = await runScheduledBackup(before.services, { now: at(0) });
    if (made.outcome !== "made") throw new Error("no backup made");
    expect(made.last.copiedTo).toBeUndefined();

    const s3 = await startLocalS3();
    cleanups.push(s3.stop);
    // With the bucket away, the check says that only the copy failed, not the backup.
    const away = await createTestServices({ ...s3.env, S3_ENDPOINT: "http://127.0.0.1:9", BACKUP_DIR: dir });
    cleanups.push(away.cleanup);
    await expect(runScheduledBackup(away.services, { now: at(HOUR / 8) })).rejects.toThrow(
      `${made.last.folder} is made and verified, but its copy to the bucket failed`,
    );
    const site = await createTestApp({ ...s3.env, BACKUP_DIR: dir }, { template: "seeded" });
    cleanups.push(site.cleanup);
    expect(await site.server.runCommand(site.services, "status", [])).not.toContain("copied to");
    const copied = await runScheduledBackup(site.services, { now: at(HOUR / 4) });
    const copy = `${nameAt(0).toLowerCase()}/`;
    expect(copied).toMatchObject({
      outcome: "copied",
      last: { folder: made.last.folder, createdAt: made.last.createdAt, copiedTo: `s3://${s3.bucket}/backups/${copy}` },
    });
    expect(await readLastBackup(site.services.env)).toEqual(copied.outcome === "copied" ? copied.last : null);
    const keys: string[] = [];
    for await (const key of site.services.backupCopies?.list(copy) ?? []) keys.push(key);
    const local = readdirSync(made.last.folder, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(keys).toHaveLength(local.length);
    expect(await site.server.runCommand(site.services, "status", [])).toContain(`copied to s3://${s3.bucket}/backups/`);
    // Once it is there, the next checks have nothing to do until the next backup is due.
    expect(await runScheduledBackup(site.services, { now: at(HOUR / 2) })).toMatchObject({ outcome: "not-due" });
  });

  it.runIf(onPostgres())("runs on one instance at a time on one PostgreSQL database", async () => {
    const site = await createTestServices({ BACKUP_DIR: path.join(scratch, "shared") });
    cleanups.push(site.cleanup);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Another instance holds the lock (the handle's own runExclusive, on a connection of its own).
    let taken = () => {};
    const lockTaken = new Promise<void>((resolve) => {
      taken = resolve;
    });
    const holder = site.services.database.runExclusive(EXCLUSIVE_WORK.backup, async () => {
      taken();
      await held;
    });
    await lockTaken;
    expect(await runScheduledBackup(site.services)).toEqual({ outcome: "busy" });
    release();
    await holder;
    expect(await runScheduledBackup(site.services)).toMatchObject({ outcome: "made" });
  });
});
