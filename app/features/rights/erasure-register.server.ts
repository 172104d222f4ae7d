import { randomUUID } from "node:crypto";
import { mkdir, open, readdir, readFile, rename } from "node:fs/promises";
import path from "node:path";
import { text } from "node:stream/consumers";
import { and, eq, inArray, isNotNull, isNull, notInArray } from "drizzle-orm";
import { logHealthAccess, SYSTEM_ACTOR } from "~/features/clients/log-health-access.server";
import type { Database, Transaction } from "~/lib/db/client.server";
import { clientConsents, erasedAccounts, intakeAnswers, user } from "~/lib/db/schema.server";
import { personalDataHolders } from "~/lib/personal-data.server";
import type { AppServices } from "~/lib/services.server";
import { z } from "~/lib/zod";

/**
 * The erasure register (decision 062). A backup taken before a client closed her account or withdrew
 * her health consent still holds what was erased; restored, it would bring that back into use. So
 * each such erasure is also written down outside the database: one small file per erasure in
 * `BACKUP_DIR/erasures/`, flushed to disk before she is told, and in the backup bucket's
 * `erasures/` when there is one. Every backup writes again, beside itself and from the database, any
 * file that is missing (a write that failed, an instance with its own disk, a backup kept in a
 * folder of its own) and the register's `index.json`, so that a restore can tell a register with
 * nothing in it from no register at all.
 * A file names the account and the consents by their ids alone: nothing else about her.
 */
const erased = {
  at: z.iso.datetime(),
  userId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
  by: z.enum(["client", "owner"]),
};
const erasureSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("account"), ...erased }),
  /** `consentIds`: the consents withdrawn; their answers go with them. */
  z.object({ kind: z.literal("health-consent"), ...erased, consentIds: z.array(z.string().max(100)).min(1) }),
]);
export type Erasure = z.infer<typeof erasureSchema>;

export const ERASURES_FOLDER = "erasures";
const INDEX = "index.json";
const indexSchema = z.object({ rebuiltAt: z.iso.datetime() });

const safeJson = (body: string): unknown => {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
};

/** A file name that sorts by time and is a safe storage key: `2026-11-26T17-30-00.123Z-account-<id>.json`. */
const fileNameOf = (erasure: Erasure) => `${erasure.at.replace(/:/g, "-")}-${erasure.kind}-${erasure.userId}.json`;

async function writeFlushed(folder: string, name: string, body: string): Promise<void> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const target = path.join(folder, name);
  const temp = `${target}.${randomUUID()}.partial`;
  const file = await open(temp, "wx", 0o600);
  try {
    await file.writeFile(body);
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temp, target);
  const dir = await open(folder, "r");
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}

/**
 * Writes one erasure into the register, on disk before it returns, and to the bucket when there is
 * one. It never throws: the erasure itself is done, and a write that fails is logged and written
 * again, from the database, by the next backup.
 */
export async function recordErasure(services: AppServices, erasure: Erasure): Promise<void> {
  const body = `${JSON.stringify(erasureSchema.parse(erasure))}\n`;
  const name = fileNameOf(erasure);
  const log = (where: string) => (error: unknown) =>
    services.logger.error({ err: error, userId: erasure.userId }, `erasure not written to the register ${where}`);
  // The disk and the bucket each on their own: one failing never stops the other.
  await Promise.all([
    writeFlushed(path.join(services.env.BACKUP_DIR, ERASURES_FOLDER), name, body).catch(log("on disk")),
    services.backupCopies
      ?.put(`${ERASURES_FOLDER}/${name}`, Buffer.from(body), "application/json")
      .catch(log("in the bucket")),
  ]);
}

/** Every erasure the database records: closed accounts, and withdrawn health consents of open ones. */
async function erasuresInDatabase(db: Database | Transaction): Promise<Erasure[]> {
  const closed = await db.select().from(erasedAccounts);
  const closedIds = closed.map((row) => row.userId);
  const withdrawn = await db
    .select({ id: clientConsents.id, userId: clientConsents.userId, at: clientConsents.withdrawnAt })
    .from(clientConsents)
    .where(
      and(
        eq(clientConsents.kind, "health_data"),
        isNotNull(clientConsents.withdrawnAt),
        closedIds.length ? notInArray(clientConsents.userId, closedIds) : undefined,
      ),
    );
  const consents = new Map<string, Erasure & { kind: "health-consent" }>();
  for (const row of withdrawn) {
    const at = (row.at as Date).toISOString();
    const key = `${row.userId} ${at}`;
    const found = consents.get(key);
    if (found) found.consentIds.push(row.id);
    // Who withdrew it is in the access log, not here: the register only needs what to erase.
    else consents.set(key, { kind: "health-consent", at, userId: row.userId, by: "client", consentIds: [row.id] });
  }
  return [
    ...closed.map((row) => ({
      kind: "account" as const,
      at: row.erasedAt.toISOString(),
      userId: row.userId,
      by: row.by,
    })),
    ...consents.values(),
  ];
}

/**
 * Makes the register whole from the database (every backup does, beside itself): writes any
 * erasure's file that is missing, on disk and in the bucket, and the index that says the register
 * is there. Answers how many files it wrote.
 */
export async function rebuildErasureRegister(
  services: AppServices,
  /** The folder the backups are in (`createBackup` passes its backup's parent). */
  into = services.env.BACKUP_DIR,
  /** When it is made whole (a backup's own clock, which tests move). */
  now = new Date(),
): Promise<number> {
  const folder = path.join(into, ERASURES_FOLDER);
  const erasures = await erasuresInDatabase(services.database.db);
  // The disk first, whatever the bucket does; then the bucket, which a failure leaves for next time.
  const onDisk = new Set(await namesIn(folder));
  let written = 0;
  for (const erasure of erasures) {
    if (onDisk.has(fileNameOf(erasure))) continue;
    await writeFlushed(folder, fileNameOf(erasure), `${JSON.stringify(erasure)}\n`);
    onDisk.add(fileNameOf(erasure));
    written++;
  }
  const index = `${JSON.stringify({ rebuiltAt: now.toISOString(), erasures: erasures.length })}\n`;
  await writeFlushed(folder, INDEX, index);
  const copies = services.backupCopies;
  if (copies) {
    const inBucket = new Set<string>();
    for await (const key of copies.list(`${ERASURES_FOLDER}/`)) inBucket.add(path.basename(key));
    // Every file on disk: the database's, and any it no longer names (a restore since).
    for (const name of onDisk) {
      if (!inBucket.has(name)) {
        await copies.put(`${ERASURES_FOLDER}/${name}`, await readFile(path.join(folder, name)), "application/json");
      }
    }
    await copies.put(`${ERASURES_FOLDER}/${INDEX}`, Buffer.from(index), "application/json");
  }
  return written;
}

async function namesIn(folder: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return names.filter((name) => name.endsWith(".json") && name !== INDEX);
}

export type ErasureRegister = {
  /** Where a register was found (a folder holding its index, or the bucket). */
  found: string[];
  /** The newest time one of them was made whole from a database (its index), if any says. */
  rebuiltAt: string | null;
  erasures: Erasure[];
  /** Files that could not be read as an erasure, named for the operator to look at. */
  unreadable: string[];
};

/**
 * Every erasure the register holds, from the given folders (each one's `erasures/`) and the bucket,
 * each once, oldest first. A place counts as holding a register when its index is there.
 */
export async function readErasureRegister(services: AppServices, folders: string[]): Promise<ErasureRegister> {
  const byName = new Map<string, Erasure>();
  const found: string[] = [];
  const unreadable: string[] = [];
  const take = (where: string, name: string, body: string) => {
    const parsed = erasureSchema.safeParse(safeJson(body));
    if (parsed.success && name === fileNameOf(parsed.data)) byName.set(name, parsed.data);
    else unreadable.push(path.join(where, name));
  };
  let rebuiltAt: string | null = null;
  const index = (body: string | null) => {
    const at = indexSchema.safeParse(body === null ? undefined : safeJson(body)).data?.rebuiltAt;
    if (at && (!rebuiltAt || at > rebuiltAt)) rebuiltAt = at;
    return body !== null;
  };
  for (const folder of new Set(folders.map((f) => path.resolve(f, ERASURES_FOLDER)))) {
    const names = await namesIn(folder);
    const indexed = index(await readFile(path.join(folder, INDEX), "utf8").catch(() => null));
    if (names.length > 0 || indexed) found.push(folder);
    for (const name of names) take(folder, name, await readFile(path.join(folder, name), "utf8"));
  }
  if (services.backupCopies) {
    let there = false;
    for await (const key of services.backupCopies.list(`${ERASURES_FOLDER}/`)) {
      there = true;
      const name = path.basename(key);
      if (name === INDEX) index(await text(await services.backupCopies.read(key)));
      else if (name.endsWith(".json") && !byName.has(name)) {
        take("bucket", name, await text(await services.backupCopies.read(key)));
      }
    }
    if (there) found.push(`s3://${services.env.S3_BUCKET}/backups/${ERASURES_FOLDER}/`);
  }
  const erasures = [...byName.values()].sort((a, b) => a.at.localeCompare(b.at));
  return { found, rebuiltAt, erasures, unreadable: [...new Set(unreadable)] };
}

/**
 * Erases again, inside a restore's transaction, what the register says was erased: a closed
 * account (every holder's erasure and the closed mark, as closing did; not its release, whose
 * refunds and e-mails happened then) and withdrawn consents (marked withdrawn, their answers
 * deleted). What the restored rows do not hold, or already show erased, is left alone.
 */
export async function reapplyErasures(
  tx: Transaction,
  erasures: readonly Erasure[],
): Promise<{ accounts: number; consents: number; sessions: number }> {
  let accounts = 0;
  let consents = 0;
  let sessions = 0;
  // Closing an account is every holder's erasure: with none registered it would erase nothing.
  if (personalDataHolders().length === 0) throw new Error("No personal data holders are registered");
  for (const erasure of erasures) {
    const [person] = await tx.select({ id: user.id }).from(user).where(eq(user.id, erasure.userId));
    if (!person) continue;
    const [closed] = await tx.select().from(erasedAccounts).where(eq(erasedAccounts.userId, erasure.userId));
    if (closed) continue;
    const at = new Date(erasure.at);
    if (erasure.kind === "account") {
      // What closing ended (her sessions after it), then what it erased.
      for (const holder of personalDataHolders())
        sessions += (await holder.releaseAgain?.(tx, erasure.userId, at)) ?? 0;
      for (const holder of personalDataHolders()) await holder.erase(tx, erasure.userId);
      await tx.insert(erasedAccounts).values({ userId: erasure.userId, erasedAt: at, by: erasure.by });
      accounts++;
      continue;
    }
    const withdrawn = await tx
      .update(clientConsents)
      .set({ withdrawnAt: at })
      .where(and(inArray(clientConsents.id, erasure.consentIds), isNull(clientConsents.withdrawnAt)))
      .returning({ id: clientConsents.id });
    const deleted = await tx
      .delete(intakeAnswers)
      .where(inArray(intakeAnswers.consentId, erasure.consentIds))
      .returning({ userId: intakeAnswers.userId });
    if (withdrawn.length === 0 && deleted.length === 0) continue;
    await logHealthAccess(tx, {
      clientId: erasure.userId,
      actor: SYSTEM_ACTOR,
      action: "erase",
      subject: "intake",
      detail: "Consent withdrawn: answers erased again after a backup was restored",
    });
    consents++;
  }
  return { accounts, consents, sessions };
}

/**
 * The erasures a restored database records that the register does not hold: none for this site's
 * register, which every backup makes whole from the database; some for another site's, or a stale
 * copy, which the restore then refuses (decision 062).
 */
export async function erasuresMissingFrom(tx: Transaction, erasures: readonly Erasure[]): Promise<string[]> {
  const held = new Set(erasures.map(fileNameOf));
  return (await erasuresInDatabase(tx)).map(fileNameOf).filter((name) => !held.has(name));
}
