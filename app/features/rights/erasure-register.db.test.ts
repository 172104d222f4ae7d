import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createVerifiedUser } from "~/features/accounts/create-verified-user.server";
import { createBackup } from "~/features/backup/create-backup.server";
import { restoreBackup } from "~/features/backup/restore-backup.server";
import { sampleAnswers } from "~/features/clients/intake-test-kit";
import { SYSTEM_ACTOR } from "~/features/clients/log-health-access.server";
import { saveIntakeAnswers } from "~/features/clients/save-intake-answers.server";
import { withdrawHealthConsent } from "~/features/clients/withdraw-health-consent.server";
import { clientConsents, erasedAccounts, intakeAnswers, user } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { startLocalS3 } from "../../../tests/support/local-s3";
import { createTestServices } from "../../../tests/support/test-services";
import { CLOSE_WORD, closeAccount } from "./close-account.server";
import { copyErasuresOffsite, ERASURES_FOLDER, readErasureRegister, reapplyErasures } from "./erasure-register.server";

/**
 * The erasure register (decision 062): a backup made before a client closed her account or withdrew
 * her health consent does not bring her data back when it is restored.
 */
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});
const scratch = mkdtempSync(path.join(os.tmpdir(), "erasures-"));
cleanups.push(() => rmSync(scratch, { recursive: true, force: true }));

async function services(env: Record<string, string> = {}) {
  const made = await createTestServices(env);
  cleanups.push(made.cleanup);
  return made.services;
}

async function clientWithAnswers(site: AppServices, label: string) {
  const person = await createVerifiedUser(site, {
    email: `${label}-${Math.random().toString(36).slice(2)}@example.com`,
    password: "Passw0rd1",
    fullName: `${label} Client`,
  });
  const { version, answers } = await sampleAnswers(site);
  await saveIntakeAnswers(site, {
    userId: person.id,
    actor: { id: person.id, name: `${label} Client`, email: person.email, role: "client" },
    formVersion: version,
    answers,
    consent: true,
  });
  return person;
}

describe("the erasure register", () => {
  it("erases again, after a restore, what clients had erased since the backup was made", async () => {
    const backups = path.join(scratch, "backups");
    const site = await services({ BACKUP_DIR: backups });
    const closing = await clientWithAnswers(site, "closing");
    const withdrawing = await clientWithAnswers(site, "withdrawing");
    const staying = await clientWithAnswers(site, "staying");
    const folder = path.join(backups, "2026-11-26T09-00-00Z");
    await createBackup(site, folder);

    await closeAccount(site, { userId: closing.id, by: "owner", word: CLOSE_WORD });
    await withdrawHealthConsent(site, { userId: withdrawing.id, actor: SYSTEM_ACTOR });
    const files = readdirSync(path.join(backups, ERASURES_FOLDER)).sort();
    expect(files).toHaveLength(2);
    expect(files.some((name) => name.endsWith(`-account-${closing.id}.json`))).toBe(true);
    // Each names the account by its id alone.
    for (const name of files) {
      const body = readFileSync(path.join(backups, ERASURES_FOLDER, name), "utf8");
      expect(body).not.toContain("@example.com");
    }
    writeFileSync(path.join(backups, ERASURES_FOLDER, "damaged.json"), "{ not json");

    // A new, empty site restores the backup from the folder beside the register.
    const restored = await services({ BACKUP_DIR: path.join(scratch, "elsewhere") });
    const summary = await restoreBackup(restored, folder);
    expect(summary.erased).toEqual({
      accounts: 1,
      consents: 1,
      unreadable: [path.join(backups, ERASURES_FOLDER, "damaged.json")],
    });
    const { db } = restored.database;
    const [closed] = await db.select().from(user).where(eq(user.id, closing.id));
    expect(closed?.email).not.toBe(closing.email);
    expect(await db.select().from(erasedAccounts).where(eq(erasedAccounts.userId, closing.id))).toHaveLength(1);
    expect(await db.select().from(intakeAnswers).where(eq(intakeAnswers.userId, withdrawing.id))).toHaveLength(0);
    const [consent] = await db.select().from(clientConsents).where(eq(clientConsents.userId, withdrawing.id));
    expect(consent?.withdrawnAt).not.toBeNull();
    // Nobody else is touched, and a second run changes nothing.
    expect(await db.select().from(intakeAnswers).where(eq(intakeAnswers.userId, staying.id))).toHaveLength(1);
    const { erasures } = await readErasureRegister(restored, [backups]);
    expect(await reapplyErasures(restored, erasures)).toEqual({ accounts: 0, consents: 0 });
  });

  it("is kept in the backup bucket too, and read from there when the disk's copy is gone", async () => {
    const s3 = await startLocalS3();
    cleanups.push(s3.stop);
    const backups = path.join(scratch, "with-s3");
    const site = await services({ ...s3.env, BACKUP_DIR: backups });
    const person = await clientWithAnswers(site, "bucket");
    await withdrawHealthConsent(site, { userId: person.id, actor: SYSTEM_ACTOR });
    const local = path.join(backups, ERASURES_FOLDER);
    const [name] = readdirSync(local);
    expect((await site.backupCopies?.stat(`${ERASURES_FOLDER}/${name}`))?.size).toBeGreaterThan(0);

    // The disk is lost: the bucket still says it.
    rmSync(local, { recursive: true });
    const read = await readErasureRegister(site, [backups]);
    expect(read.erasures.map((e) => [e.kind, e.userId])).toEqual([["health-consent", person.id]]);

    // A file the bucket missed (it was away) is copied with the next backup, once.
    mkdirSync(local, { recursive: true });
    const later = {
      at: new Date().toISOString(),
      kind: "account" as const,
      userId: "someone-else",
      by: "client" as const,
    };
    writeFileSync(path.join(local, `${later.at.replace(/:/g, "-")}-account-someone-else.json`), JSON.stringify(later));
    expect(await copyErasuresOffsite(site)).toBe(1);
    expect(await copyErasuresOffsite(site)).toBe(0);
    rmSync(local, { recursive: true });
    const both = await readErasureRegister(site, [backups]);
    expect(both.erasures.map((e) => e.userId)).toEqual([person.id, "someone-else"]);
  });
});
