import { readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Env } from "~/lib/env.server";
import { z } from "~/lib/zod";

/** Beside the automatic backups: the newest one that was written and then read back whole. */
export const LAST_BACKUP_FILE = "last-backup.json";

const lastBackupSchema = z.object({
  folder: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  verifiedAt: z.iso.datetime({ offset: true }),
  tables: z.number().int().nonnegative(),
  rows: z.number().int().nonnegative(),
  objects: z.number().int().nonnegative(),
  /** Where its copy in the S3-compatible bucket is, read back whole; absent without S3 (or when copying failed). */
  copiedTo: z.string().optional(),
});

export type LastBackup = z.infer<typeof lastBackupSchema>;

/** The newest verified automatic backup, or undefined when none was made (or its record is unreadable). */
export async function readLastBackup(env: Pick<Env, "BACKUP_DIR">): Promise<LastBackup | undefined> {
  const text = await readFile(path.join(env.BACKUP_DIR, LAST_BACKUP_FILE), "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const parsed = lastBackupSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Written to a temporary name and renamed, so a reader never sees half a record. */
export async function writeLastBackup(env: Pick<Env, "BACKUP_DIR">, last: LastBackup): Promise<void> {
  const file = path.join(env.BACKUP_DIR, LAST_BACKUP_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(last, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
  kept.set(env.BACKUP_DIR, { at: performance.now(), last: Promise.resolve(last) });
}

/**
 * The last backup's record as the health check reads it: kept for KEEP_MS (this process's own backups
 * at once), so a health check does not wait for a file read behind a burst of sign-ins' password
 * hashing, which shares Node's thread pool with the file system (decision 055). Another instance's
 * backup in a shared folder is seen within KEEP_MS.
 */
const KEEP_MS = 10_000;
const kept = new Map<string, { at: number; last: Promise<LastBackup | undefined> }>();
function keptLastBackup(env: Pick<Env, "BACKUP_DIR">): Promise<LastBackup | undefined> {
  const found = kept.get(env.BACKUP_DIR);
  if (found && performance.now() - found.at < KEEP_MS) return found.last;
  const last = readLastBackup(env);
  kept.set(env.BACKUP_DIR, { at: performance.now(), last });
  return last;
}

export type BackupHealth = {
  /** "late": no good backup for twice the interval; "none": none made yet; "off": BACKUP_INTERVAL_HOURS=0. */
  state: "ok" | "late" | "none" | "off";
  lastAt: string | null;
  ageSeconds: number | null;
};

/** What status and /api/health say about the automatic backups. */
export async function describeBackupHealth(
  env: Pick<Env, "BACKUP_DIR" | "BACKUP_INTERVAL_HOURS">,
  now = new Date(),
): Promise<BackupHealth> {
  const last = await keptLastBackup(env);
  const ageSeconds = last ? Math.max(0, Math.round((now.getTime() - Date.parse(last.createdAt)) / 1000)) : null;
  const state =
    env.BACKUP_INTERVAL_HOURS === 0
      ? "off"
      : ageSeconds === null
        ? "none"
        : ageSeconds > 2 * env.BACKUP_INTERVAL_HOURS * 3600
          ? "late"
          : "ok";
  return { state, lastAt: last?.createdAt ?? null, ageSeconds };
}
