import { createHash, randomBytes } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, rmdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import { rebuildErasureRegister } from "~/features/rights/erasure-register.server";
import type { AppServices } from "~/lib/services.server";
import type { Storage } from "~/lib/storage/storage.server";
import {
  BACKUP_FORMAT,
  BackupError,
  type BackupManifest,
  backupPaths,
  MANIFEST_FILE,
  type StoreName,
} from "./backup-manifest";
import { describeTables, listAppliedMigrations, type Queryable, tableIdentifier } from "./describe-database.server";

export type BackupSummary = { folder: string; manifest: BackupManifest };

/** Rows fetched per round trip while dumping a table. */
const FETCH_ROWS = 1000;

/**
 * Writes the database, the private files and the public images to a new folder, with a SHA-256
 * checksum of every part in its manifest. Safe while the server runs: the rows are read in one
 * consistent snapshot, and the folder only gets its final name once everything is in it.
 */
export async function createBackup(
  services: AppServices,
  folder: string,
  /** The clock that dates the snapshot (tests move it). */
  { now = () => new Date() }: { now?: () => Date } = {},
): Promise<BackupSummary> {
  await assertFreeTarget(folder);
  await mkdir(path.dirname(folder), { recursive: true });
  // The backup holds password hashes and session tokens: only the owner may read it.
  const work = `${folder}.partial-${randomBytes(4).toString("hex")}`;
  await mkdir(work, { mode: 0o700 });
  try {
    const database = await dumpDatabase(services, work, now);
    const skipped: string[] = [];
    const objects = [
      ...(await copyStore(services.files, "files", work, skipped)),
      ...(await copyStore(services.images, "images", work, skipped)),
    ];
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: database.createdAt,
      database: { kind: services.database.kind, migrations: database.migrations },
      tables: database.tables,
      objects,
      authSecret: await copyAuthSecret(services, work),
      skipped,
    };
    await writeFile(path.join(work, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
      flag: "wx",
    });
    await rename(work, folder);
    // Beside every backup, the erasure register made whole from the database: a restore reads it
    // and erases again what clients had erased since (decision 062).
    // A backup is kept even if that fails (logged); a restore then finds no register and says so.
    await rebuildErasureRegister(services, path.dirname(folder), now()).catch((error: unknown) =>
      services.logger.error({ err: error, folder }, "erasure register not written beside the backup"),
    );
    return { folder, manifest };
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}

async function assertFreeTarget(folder: string) {
  const entries = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    if (error.code === "ENOTDIR") throw new BackupError(`${folder} is a file; give a new folder for the backup.`);
    throw error;
  });
  if (entries === undefined) return;
  if (entries.length > 0) throw new BackupError(`${folder} already exists and is not empty; give a new folder.`);
  // An empty folder made ready by the operator: the finished backup takes its place.
  await rmdir(folder);
}

/**
 * One transaction for every table. On PostgreSQL it is REPEATABLE READ, so all tables come from
 * one snapshot while the server keeps writing; PGlite runs one query at a time and holds its
 * transaction to itself, which is as consistent (writes wait until the dump is done).
 */
async function dumpDatabase(services: AppServices, work: string, now: () => Date) {
  await mkdir(path.join(work, "database"), { mode: 0o700 });
  return services.database.db.transaction(
    async (tx) => {
      const createdAt = now().toISOString();
      const migrations = await listAppliedMigrations(tx);
      const tables: BackupManifest["tables"] = [];
      for (const table of await describeTables(tx)) {
        const written = await dumpTable(tx, table.name, path.join(work, backupPaths.table(table.name)));
        tables.push({ name: table.name, columns: table.columns.map((c) => c.name), ...written });
      }
      return { createdAt, migrations, tables };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** One JSON object per line, as PostgreSQL itself renders the row (no JavaScript number or date round trip). */
async function dumpTable(tx: Queryable, name: string, file: string) {
  const out = createWriteStream(file, { mode: 0o600, flags: "wx" });
  const hash = createHash("sha256");
  let rows = 0;
  let bytes = 0;
  try {
    // A cursor keeps memory flat however large the table is. After an error the transaction is
    // rolled back, which drops the cursor too.
    await tx.execute(
      sql`declare backup_rows no scroll cursor for select to_jsonb(t)::text as row from ${tableIdentifier(name)} t`,
    );
    for (;;) {
      const result = (await tx.execute(sql.raw(`fetch ${FETCH_ROWS} from backup_rows`))) as unknown as {
        rows: { row: string }[];
      };
      if (result.rows.length === 0) break;
      const chunk = result.rows.map((r) => `${r.row}\n`).join("");
      hash.update(chunk);
      bytes += Buffer.byteLength(chunk);
      rows += result.rows.length;
      await write(out, chunk);
    }
    await tx.execute(sql`close backup_rows`);
  } finally {
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  }
  return { rows, bytes, sha256: hash.digest("hex") };
}

function write(out: WriteStream, chunk: string): Promise<void> {
  return new Promise((resolve, reject) => {
    out.write(chunk, (error) => (error ? reject(error) : resolve()));
  });
}

async function copyStore(store: Storage, name: StoreName, work: string, skipped: string[]) {
  const copied: BackupManifest["objects"] = [];
  for await (const key of store.list()) {
    const target = path.join(work, backupPaths.object(name, key));
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const hash = createHash("sha256");
    let bytes = 0;
    try {
      const source = await store.read(key);
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(source, measure, createWriteStream(target, { mode: 0o600, flags: "wx" }));
    } catch (error) {
      // Deleted between the listing and the copy (an admin removed a file meanwhile): not an error.
      if ((await store.stat(key)) !== undefined) throw error;
      await rm(target, { force: true });
      skipped.push(`${name}/${key}`);
      continue;
    }
    copied.push({ store: name, key, bytes, sha256: hash.digest("hex") });
  }
  return copied;
}

/**
 * The embedded set-up generates its AUTH_SECRET into the data folder; it signs the session cookies,
 * so a restore without it would sign everybody out. A configured AUTH_SECRET stays with the
 * operator's configuration and is not copied.
 */
async function copyAuthSecret(services: AppServices, work: string): Promise<BackupManifest["authSecret"]> {
  const file = path.join(services.env.DATA_DIR, "auth-secret");
  const secret = await readFile(file, "utf8").catch(() => undefined);
  if (secret === undefined || secret.trim() !== services.env.AUTH_SECRET) return null;
  await writeFile(path.join(work, backupPaths.authSecret), secret, { mode: 0o600, flag: "wx" });
  return { sha256: createHash("sha256").update(secret).digest("hex") };
}
