import { randomUUID } from "node:crypto";
import { mkdir, open, readdir, readFile, rename } from "node:fs/promises";
import path from "node:path";
import { text } from "node:stream/consumers";
import { and, eq, isNull, lte } from "drizzle-orm";
import { logHealthAccess, SYSTEM_ACTOR } from "~/features/clients/log-health-access.server";
import { clientConsents, erasedAccounts, intakeAnswers, user } from "~/lib/db/schema.server";
import { personalDataHolders } from "~/lib/personal-data.server";
import type { AppServices } from "~/lib/services.server";
import { z } from "~/lib/zod";

/**
 * The erasure register (decision 062). A backup taken before a client closed her account or withdrew
 * her health consent still holds what was erased; restored, it would bring that back into use. So each
 * such erasure is also written down outside the database: one small file per erasure in
 * `BACKUP_DIR/erasures/` (beside the backups, on disk before she is told), and in the backup bucket's
 * `erasures/` when one is configured (every instance writes there, and each backup run copies what is
 * missing). A restore reads them and erases again (`reapplyErasures`). A file names the account by
 * its id alone: the register holds nothing else about her.
 */
const erasureSchema = z.object({
  at: z.iso.datetime(),
  kind: z.enum(["account", "health-consent"]),
  userId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
  by: z.enum(["client", "owner"]),
});
export type Erasure = z.infer<typeof erasureSchema>;

export const ERASURES_FOLDER = "erasures";

/** A file name that sorts by time and is a safe storage key: `2026-11-26T17-30-00.123Z-account-<id>.json`. */
const fileNameOf = (erasure: Erasure) => `${erasure.at.replace(/:/g, "-")}-${erasure.kind}-${erasure.userId}.json`;

/** Writes one erasure into the register, flushed to disk; then to the bucket when there is one. */
export async function recordErasure(services: AppServices, erasure: Erasure): Promise<void> {
  const body = `${JSON.stringify(erasureSchema.parse(erasure))}\n`;
  const folder = path.join(services.env.BACKUP_DIR, ERASURES_FOLDER);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const target = path.join(folder, fileNameOf(erasure));
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
  if (services.backupCopies) {
    try {
      await services.backupCopies.put(
        `${ERASURES_FOLDER}/${fileNameOf(erasure)}`,
        Buffer.from(body),
        "application/json",
      );
    } catch (error) {
      // On disk already; the next backup run copies it to the bucket.
      services.logger.warn({ err: error }, "erasure not yet copied to the backup bucket");
    }
  }
}

/** Copies to the bucket the register's files it does not have yet (each backup run calls this). */
export async function copyErasuresOffsite(services: AppServices): Promise<number> {
  const copies = services.backupCopies;
  if (!copies) return 0;
  const there = new Set<string>();
  for await (const key of copies.list(`${ERASURES_FOLDER}/`)) there.add(path.basename(key));
  const folder = path.join(services.env.BACKUP_DIR, ERASURES_FOLDER);
  let copied = 0;
  for (const name of await namesIn(folder)) {
    if (there.has(name)) continue;
    await copies.put(`${ERASURES_FOLDER}/${name}`, await readFile(path.join(folder, name)), "application/json");
    copied++;
  }
  return copied;
}

async function namesIn(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder)).filter((name) => name.endsWith(".json"));
  } catch {
    return [];
  }
}

/**
 * Every erasure the register holds, from the given folders and the bucket, each once, oldest first;
 * and the files that could not be read as one (named, for the operator to look at).
 */
export async function readErasureRegister(
  services: AppServices,
  folders: string[],
): Promise<{ erasures: Erasure[]; unreadable: string[] }> {
  const found = new Map<string, Erasure>();
  const unreadable: string[] = [];
  const take = (where: string, name: string, body: string) => {
    const parsed = erasureSchema.safeParse(
      (() => {
        try {
          return JSON.parse(body);
        } catch {
          return undefined;
        }
      })(),
    );
    if (parsed.success && name === fileNameOf(parsed.data)) found.set(name, parsed.data);
    else unreadable.push(`${where}/${name}`);
  };
  for (const folder of new Set(folders.map((f) => path.resolve(f, ERASURES_FOLDER)))) {
    for (const name of await namesIn(folder)) take(folder, name, await readFile(path.join(folder, name), "utf8"));
  }
  if (services.backupCopies) {
    for await (const key of services.backupCopies.list(`${ERASURES_FOLDER}/`)) {
      const name = path.basename(key);
      if (name.endsWith(".json") && !found.has(name))
        take("bucket", name, await text(await services.backupCopies.read(key)));
    }
  }
  const erasures = [...found.values()].sort((a, b) => a.at.localeCompare(b.at));
  return { erasures, unreadable: [...new Set(unreadable)] };
}

/**
 * Erases again, after a restore, what the register says was erased: an account closed (every holder's
 * erasure and the closed mark, as closing did; not its release, whose refunds and e-mails happened
 * then) and a health consent withdrawn (the consent given before it marked withdrawn, the answers
 * given before it deleted). What the restored database no longer holds, or already shows erased, is
 * left alone, so it may run any number of times.
 */
export async function reapplyErasures(
  services: AppServices,
  erasures: readonly Erasure[],
): Promise<{ accounts: number; consents: number }> {
  const { db } = services.database;
  let accounts = 0;
  let consents = 0;
  for (const erasure of erasures) {
    const at = new Date(erasure.at);
    const [person] = await db.select({ id: user.id }).from(user).where(eq(user.id, erasure.userId));
    if (!person) continue;
    if (erasure.kind === "account") {
      const done = await db.transaction(async (tx) => {
        const [closed] = await tx.select().from(erasedAccounts).where(eq(erasedAccounts.userId, erasure.userId));
        if (closed) return false;
        for (const holder of personalDataHolders()) await holder.erase(tx, erasure.userId);
        await tx.insert(erasedAccounts).values({ userId: erasure.userId, erasedAt: at, by: erasure.by });
        return true;
      });
      if (done) accounts++;
      continue;
    }
    const done = await db.transaction(async (tx) => {
      const withdrawn = await tx
        .update(clientConsents)
        .set({ withdrawnAt: at })
        .where(
          and(
            eq(clientConsents.userId, erasure.userId),
            eq(clientConsents.kind, "health_data"),
            isNull(clientConsents.withdrawnAt),
            lte(clientConsents.givenAt, at),
          ),
        )
        .returning({ id: clientConsents.id });
      const deleted = await tx
        .delete(intakeAnswers)
        .where(and(eq(intakeAnswers.userId, erasure.userId), lte(intakeAnswers.updatedAt, at)))
        .returning({ userId: intakeAnswers.userId });
      if (withdrawn.length === 0 && deleted.length === 0) return false;
      await logHealthAccess(tx, {
        clientId: erasure.userId,
        actor: SYSTEM_ACTOR,
        action: "erase",
        subject: "intake",
        detail: "Consent withdrawn: answers erased again after a backup was restored",
      });
      return true;
    });
    if (done) consents++;
  }
  return { accounts, consents };
}
