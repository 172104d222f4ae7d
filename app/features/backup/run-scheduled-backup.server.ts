import { existsSync } from "node:fs";
import { mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { EXCLUSIVE_WORK } from "~/lib/db/client.server";
import type { AppServices } from "~/lib/services.server";
import { BackupError, type BackupManifest } from "./backup-manifest";
import { copyBackupOffsite, pruneOffsiteCopies } from "./copy-backup-offsite.server";
import { createBackup } from "./create-backup.server";
import { type LastBackup, readLastBackup, writeLastBackup } from "./last-backup.server";
import { readManifest, verifyBackup } from "./restore-backup.server";

export type ScheduledBackupResult =
  | { outcome: "off" }
  /** Another instance on the same PostgreSQL database holds the backup lock. */
  | { outcome: "busy" }
  | { outcome: "not-due"; last: LastBackup }
  /** Not due, but the last one's copy to the bucket had failed: it is there now. */
  | { outcome: "copied"; last: LastBackup; pruned: string[] }
  | { outcome: "made"; last: LastBackup; pruned: string[] };

/** Folder names are the UTC time they were made, sortable and free of ':' (e.g. 2026-11-25T03-15-00Z). */
const NAME = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z(\.partial-[0-9a-f]+|\.failed)?$/;

export function backupFolderName(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/:/g, "-");
}

function timeOfName(name: string): number | undefined {
  const match = NAME.exec(name);
  return match ? Date.parse(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`) : undefined;
}

/**
 * Makes an automatic backup into BACKUP_DIR when the last good one is BACKUP_INTERVAL_HOURS old (or
 * there is none), reads it back against its manifest's checksums, records it as the last good one, and
 * deletes those older than BACKUP_KEEP_DAYS. Instances sharing one PostgreSQL database take turns on an
 * advisory lock, and the one that finds a fresh backup (a shared BACKUP_DIR) does nothing.
 */
export async function runScheduledBackup(
  services: AppServices,
  { now = () => new Date() }: { now?: () => Date } = {},
): Promise<ScheduledBackupResult> {
  const { env } = services;
  if (env.BACKUP_INTERVAL_HOURS === 0) return { outcome: "off" };
  const result = await services.database.runExclusive(
    EXCLUSIVE_WORK.backup,
    async (): Promise<ScheduledBackupResult> => {
      const previous = await readLastBackup(env);
      const started = now();
      const before = started.getTime() - env.BACKUP_KEEP_DAYS * 86_400_000;
      if (previous && started.getTime() - Date.parse(previous.createdAt) < env.BACKUP_INTERVAL_HOURS * 3_600_000) {
        // Its copy to the bucket failed (S3 away for a while): tried again at each check until it is
        // there, not a whole interval later. The copy is read back against the manifest's checksums.
        if (services.backupCopies && !previous.copiedTo && existsSync(previous.folder)) {
          const manifest = await readManifest(previous.folder);
          const pruned = await copyOffsite(services, services.backupCopies, previous, manifest, before);
          return { outcome: "copied", last: previous, pruned };
        }
        return { outcome: "not-due", last: previous };
      }
      await mkdir(env.BACKUP_DIR, { recursive: true, mode: 0o700 });
      const folder = path.join(env.BACKUP_DIR, backupFolderName(started));
      const { manifest } = await createBackup(services, folder, { now });
      let verified: Awaited<ReturnType<typeof verifyBackup>>;
      try {
        // Read back from disk: every part against the size and SHA-256 the writer computed.
        verified = await verifyBackup(folder);
        if (JSON.stringify(verified) !== JSON.stringify(manifest)) {
          throw new BackupError(`${folder}/manifest.json does not read back as it was written.`);
        }
      } catch (error) {
        // Kept for a person to look at, under a name that is never taken for a good backup.
        await rename(folder, `${folder}.failed`).catch(() => {});
        throw error;
      }
      const last: LastBackup = {
        folder,
        createdAt: verified.createdAt,
        verifiedAt: now().toISOString(),
        tables: verified.tables.length,
        rows: verified.tables.reduce((sum, t) => sum + t.rows, 0),
        objects: verified.objects.length,
      };
      await writeLastBackup(env, last);
      const pruned = await pruneBackups(env.BACKUP_DIR, { before, keep: path.basename(folder) });
      if (services.backupCopies) {
        // Off the machine too. A failure is logged by the schedule and leaves this backup recorded
        // without `copiedTo`; the next check copies it again.
        pruned.push(...(await copyOffsite(services, services.backupCopies, last, verified, before)));
      }
      return { outcome: "made", last, pruned };
    },
  );
  return result ?? { outcome: "busy" };
}

/**
 * Copies a backup to the bucket and reads it back there, records where it went, and deletes the
 * bucket's copies made before `before`; answers what it deleted.
 */
async function copyOffsite(
  services: AppServices,
  copies: NonNullable<AppServices["backupCopies"]>,
  last: LastBackup,
  manifest: BackupManifest,
  before: number,
): Promise<string[]> {
  const copy = await copyBackupOffsite(copies, last.folder, manifest).catch((error: unknown) => {
    // Said apart from a failed backup: this one is on disk and verified; only its copy is missing.
    throw new BackupError(
      `${last.folder} is made and verified, but its copy to the bucket failed (tried again at the next check): ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  last.copiedTo = `s3://${services.env.S3_BUCKET}/backups/${copy.prefix}`;
  await writeLastBackup(services.env, last);
  return (await pruneOffsiteCopies(copies, { before, keep: copy.prefix })).map((name) => `s3:${name}`);
}

/**
 * Deletes automatic backups (and unfinished or failed ones) made before `before`, never `keep`, the
 * newest good one. Only names this schedule makes are touched: an operator's own folders stay.
 */
async function pruneBackups(dir: string, { before, keep }: { before: number; keep: string }): Promise<string[]> {
  const pruned: string[] = [];
  for (const name of await readdir(dir)) {
    const madeAt = timeOfName(name);
    if (madeAt === undefined || name === keep || madeAt >= before) continue;
    await rm(path.join(dir, name), { recursive: true, force: true });
    pruned.push(name);
  }
  return pruned.sort();
}

/**
 * Checks every quarter of the interval, at most every 15 minutes, whether a backup is due: a site that
 * was down through its backup time makes one within a quarter hour of starting, not while it starts
 * (on PGlite a backup holds writes for a second or two). A failure is logged and tried again at the
 * next check; the last good backup's age in status and /api/health shows it too.
 */
export function startBackupSchedule(services: AppServices): { stop(): void } {
  const intervalMs = services.env.BACKUP_INTERVAL_HOURS * 3_600_000;
  if (intervalMs === 0) return { stop() {} };
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      const result = await runScheduledBackup(services);
      if (result.outcome === "made") {
        services.logger.info(
          { folder: result.last.folder, rows: result.last.rows, files: result.last.objects, pruned: result.pruned },
          "automatic backup made and verified",
        );
      } else if (result.outcome === "copied") {
        services.logger.info(
          { folder: result.last.folder, copiedTo: result.last.copiedTo, pruned: result.pruned },
          "automatic backup copied to the bucket (the copy had failed before)",
        );
      }
    } catch (error) {
      services.logger.error({ err: error }, "automatic backup failed");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(check, Math.max(1000, Math.min(intervalMs / 4, 15 * 60_000)));
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
    },
  };
}
