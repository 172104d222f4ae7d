import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { sql } from "drizzle-orm";
import {
  ERASURES_FOLDER,
  type ErasureRegister,
  erasuresMissingFrom,
  readErasureRegister,
  reapplyErasures,
} from "~/features/rights/erasure-register.server";
import type { AppServices } from "~/lib/services.server";
import type { Storage } from "~/lib/storage/storage.server";
import { BackupError, type BackupManifest, backupManifestSchema, backupPaths, MANIFEST_FILE } from "./backup-manifest";
import {
  describeTables,
  listAppliedMigrations,
  type Queryable,
  type TableLayout,
  tableIdentifier,
} from "./describe-database.server";

export type RestoreSummary = {
  manifest: BackupManifest;
  authSecret: "restored" | "kept-configured" | "none";
  /** Erasures made again from the erasure register (decision 062), and where it was read. */
  erased: { accounts: number; consents: number; sessions: number; register: string[] };
};

/** Rows per INSERT: large enough to be quick, small enough for any row size. */
const INSERT_ROWS = 500;

/**
 * Restores a backup made by createBackup into an empty database and data folder. Every checksum is
 * verified before anything is written; the rows go in within one transaction (all or nothing), in
 * foreign-key order, keeping their identity values; the identity sequences then continue after them.
 */
export async function restoreBackup(
  services: AppServices,
  folder: string,
  /** Restore with no erasure register at all (the operator has said there is none to find). */
  { withoutErasureRegister = false }: { withoutErasureRegister?: boolean } = {},
): Promise<RestoreSummary> {
  const manifest = await verifyBackup(folder);
  await assertEmptyTarget(services);
  // What clients had erased since this backup must stay erased: the register beside the backups
  // (beside this one, in the configured BACKUP_DIR, in the bucket) says what (decision 062).
  const register = await readErasureRegister(services, [path.dirname(folder), services.env.BACKUP_DIR]);
  if (!withoutErasureRegister) assertRegisterFor(register, manifest, path.dirname(folder), services.env.BACKUP_DIR);
  let erased = { accounts: 0, consents: 0, sessions: 0 };

  await services.database.db.transaction(async (tx) => {
    // The rows go back as they were, the ledger's running totals with them: its triggers step aside
    // for this transaction only (migration 0010, decision 040).
    await tx.execute(sql`select set_config('ledger.restoring', 'on', true)`);
    const tables = await describeTables(tx);
    await assertSameSchema(tx, tables, manifest);
    for (const table of tables) {
      const expected = manifest.tables.find((t) => t.name === table.name);
      await insertRows(tx, table, path.join(folder, backupPaths.table(table.name)), expected?.rows ?? 0);
      await continueSequences(tx, table);
    }
    // In the same transaction: the rows are never committed with what was erased since in them.
    await tx.execute(sql`select set_config('ledger.restoring', 'off', true)`);
    const missing = withoutErasureRegister ? [] : await erasuresMissingFrom(tx, register.erasures);
    if (missing.length > 0) {
      throw new BackupError(
        `The erasure register (${register.found.join(", ")}) does not hold ${missing.length} erasures this backup itself records (${missing.slice(0, 3).join(", ")}${missing.length > 3 ? ", ..." : ""}): it is not this site's register, or not all of it. ${REFETCH} Nothing was restored.`,
      );
    }
    erased = await reapplyErasures(tx, register.erasures);
  });

  for (const object of manifest.objects) {
    const store = object.store === "files" ? services.files : services.images;
    const source = path.join(folder, backupPaths.object(object.store, object.key));
    const stored = await store.put(object.key, createReadStream(source), contentTypeOf(object.key));
    if (stored.size !== object.bytes) {
      throw new BackupError(`${object.store}/${object.key} was stored with ${stored.size} bytes, not ${object.bytes}.`);
    }
  }

  return {
    manifest,
    authSecret: await restoreAuthSecret(services, folder, manifest),
    erased: { ...erased, register: register.found },
  };
}

const REFETCH =
  "Copy the erasures folder from where the site kept its backups (with S3: aws s3 cp --recursive s3://<bucket>/backups/erasures/ <folder>/erasures/) beside the backup folder, then run the restore again.";

/**
 * Refuses, before anything is written, a register that cannot be this backup's (decision 062):
 * none at all, one last made whole before the backup was made (a stale copy, another site's), or one
 * with a file it cannot read. Each refusal says where it looked and what to do.
 */
function assertRegisterFor(register: ErasureRegister, manifest: BackupManifest, beside: string, backupDir: string) {
  const refuse = (why: string) => {
    throw new BackupError(`${why} ${REFETCH} Nothing was restored.`);
  };
  if (register.found.length === 0) {
    refuse(
      `No erasure register was found beside the backup (${path.join(beside, ERASURES_FOLDER)}) or in BACKUP_DIR (${path.join(backupDir, ERASURES_FOLDER)}). It names the clients who closed their accounts or withdrew their health consent, so that the restore erases them again. If the site never had one, run the restore with --without-erasure-register.`,
    );
  }
  if (!register.rebuiltAt || Date.parse(register.rebuiltAt) < Date.parse(manifest.createdAt)) {
    refuse(
      `The erasure register found (${register.found.join(", ")}) was last made whole ${register.rebuiltAt ? `at ${register.rebuiltAt}` : "at no recorded time"}, before this backup was made (${manifest.createdAt}): it is not the register of the site that made it.`,
    );
  }
  if (register.unreadable.length > 0) {
    refuse(
      `These files of the erasure register cannot be read: ${register.unreadable.join(", ")}. Each may name a client whose data must not come back: mend or remove them.`,
    );
  }
}

/**
 * Reads a backup's manifest and checks every part against its size and SHA-256, as a restore does
 * before it writes anything; throws a BackupError naming the first part that does not match.
 */
export async function verifyBackup(folder: string): Promise<BackupManifest> {
  const manifest = await readManifest(folder);
  await verifyChecksums(folder, manifest);
  return manifest;
}

/** A backup's manifest, read and checked for shape (not its parts' checksums: `verifyBackup`). */
export async function readManifest(folder: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(folder, MANIFEST_FILE), "utf8");
  } catch {
    throw new BackupError(
      `${folder} has no ${MANIFEST_FILE}: it is not a backup, or the backup did not finish (a folder named *.partial-*).`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = backupManifestSchema.safeParse(json);
  if (!parsed.success)
    throw new BackupError(`${path.join(folder, MANIFEST_FILE)} is not a backup manifest we can read.`);
  return parsed.data;
}

async function verifyChecksums(folder: string, manifest: BackupManifest) {
  const parts = [
    ...manifest.tables.map((t) => ({ file: backupPaths.table(t.name), ...t })),
    ...manifest.objects.map((o) => ({ file: backupPaths.object(o.store, o.key), ...o })),
  ];
  for (const part of parts) {
    // Names come from the manifest: never follow one out of the backup folder.
    const file = path.resolve(folder, part.file);
    if (!file.startsWith(path.resolve(folder) + path.sep))
      throw new BackupError(`Unsafe name in the manifest: ${part.file}`);
    const actual = await hashFile(file).catch(() => undefined);
    if (actual === undefined) throw new BackupError(`The backup is damaged: ${part.file} is missing.`);
    if (actual.bytes !== part.bytes || actual.sha256 !== part.sha256) {
      throw new BackupError(`The backup is damaged: ${part.file} does not match its checksum. Nothing was restored.`);
    }
  }
  if (manifest.authSecret) {
    const actual = await hashFile(path.join(folder, backupPaths.authSecret)).catch(() => undefined);
    if (actual?.sha256 !== manifest.authSecret.sha256) {
      throw new BackupError(
        `The backup is damaged: ${backupPaths.authSecret} is missing or does not match its checksum.`,
      );
    }
  }
}

async function hashFile(file: string) {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest("hex") };
}

/**
 * Restoring over live data would mix two histories, so the target must be empty. A running server
 * is never empty (it seeds the catalogue at start), which also keeps a restore out of a live server.
 */
async function assertEmptyTarget(services: AppServices) {
  const { db } = services.database;
  const found: string[] = [];
  for (const table of await describeTables(db)) {
    const result = await db.execute(sql`select exists (select 1 from ${tableIdentifier(table.name)}) as "any"`);
    if ((result as unknown as { rows: { any: boolean }[] }).rows[0]?.any) found.push(`table ${table.name}`);
  }
  for (const [name, store] of [
    ["files", services.files],
    ["images", services.images],
  ] as const) {
    if (!(await isEmpty(store))) found.push(`${name} storage`);
  }
  if (found.length > 0) {
    throw new BackupError(
      `The target is not empty (${found.join(", ")}). Restore only into an empty database and data folder: ` +
        "stop the server, point DATA_DIR at a new folder (and DATABASE_URL at a new database), then run restore again.",
    );
  }
}

async function isEmpty(store: Storage): Promise<boolean> {
  for await (const _key of store.list()) return false;
  return true;
}

async function assertSameSchema(tx: Queryable, tables: TableLayout[], manifest: BackupManifest) {
  const migrations = await listAppliedMigrations(tx);
  const sameMigrations =
    migrations.length === manifest.database.migrations.length &&
    migrations.every((hash, i) => hash === manifest.database.migrations[i]);
  if (!sameMigrations) {
    throw new BackupError(
      `The backup was made with ${manifest.database.migrations.length} database migrations and this version has ` +
        `${migrations.length}, or they differ. Restore with the version of the site that made the backup, then upgrade.`,
    );
  }
  // Same migrations make the same tables; this only guards against hand-made changes.
  const signature = (list: { name: string; columns: string[] }[]) =>
    list
      .map((t) => `${t.name}(${t.columns.join(",")})`)
      .sort()
      .join(" ");
  const target = tables.map((t) => ({ name: t.name, columns: t.columns.map((c) => c.name) }));
  if (signature(target) !== signature(manifest.tables)) {
    throw new BackupError(
      "The target database's tables differ from the backup's; restore into a database the site created.",
    );
  }
}

async function insertRows(tx: Queryable, table: TableLayout, file: string, expectedRows: number) {
  const columns = table.columns.filter((c) => !c.generated);
  const list = sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const target = tableIdentifier(table.name);
  let batch: string[] = [];
  let inserted = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    // The rows are PostgreSQL's own JSON rendering; jsonb_populate_recordset turns them back into
    // the table's types exactly. OVERRIDING SYSTEM VALUE keeps identity values (ids other rows and
    // logs refer to) instead of drawing new ones.
    await tx.execute(
      sql`insert into ${target} (${list}) overriding system value
          select ${list} from jsonb_populate_recordset(null::${target}, ${`[${batch.join(",")}]`}::jsonb)`,
    );
    inserted += batch.length;
    batch = [];
  };
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (line === "") continue;
    batch.push(line);
    if (batch.length >= INSERT_ROWS) await flush();
  }
  await flush();
  if (inserted !== expectedRows) {
    throw new BackupError(`Table ${table.name}: restored ${inserted} rows, the manifest says ${expectedRows}.`);
  }
}

/** Identity sequences start again after the restored values, so new rows never collide with old ids. */
async function continueSequences(tx: Queryable, table: TableLayout) {
  for (const column of table.columns) {
    if (!column.sequence) continue;
    await tx.execute(
      sql`select setval(${column.sequence}::regclass,
            coalesce((select max(${sql.identifier(column.name)}) from ${tableIdentifier(table.name)}), 0) + 1, false)`,
    );
  }
}

/** The content type to store an object with (S3 keeps it); local disk ignores it. */
function contentTypeOf(key: string): string {
  const types: Record<string, string> = {
    pdf: "application/pdf",
    wav: "audio/wav",
    mp3: "audio/mpeg",
    m4a: "audio/mp4",
    ogg: "audio/ogg",
    webp: "image/webp",
    avif: "image/avif",
    png: "image/png",
    jpg: "image/jpeg",
    jpeg: "image/jpeg",
  };
  return types[key.split(".").pop()?.toLowerCase() ?? ""] ?? "application/octet-stream";
}

/**
 * The embedded set-up's generated secret comes back with the data, so restored sessions stay valid.
 * A secret the operator configured (AUTH_SECRET) is theirs to carry over and is left alone.
 */
async function restoreAuthSecret(
  services: AppServices,
  folder: string,
  manifest: BackupManifest,
): Promise<RestoreSummary["authSecret"]> {
  if (!manifest.authSecret) return "none";
  const file = path.join(services.env.DATA_DIR, "auth-secret");
  const current = await readFile(file, "utf8").catch(() => undefined);
  if (current?.trim() !== services.env.AUTH_SECRET) return "kept-configured";
  // Checked against the manifest with everything else before the restore began.
  await writeFile(file, await readFile(path.join(folder, backupPaths.authSecret), "utf8"), { mode: 0o600 });
  return "restored";
}
