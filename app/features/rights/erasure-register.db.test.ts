import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createVerifiedUser } from "~/features/accounts/create-verified-user.server";
import { createBackup } from "~/features/backup/create-backup.server";
import { restoreBackup } from "~/features/backup/restore-backup.server";
import { bookingTestKitDays } from "~/features/booking/booking-test-kit";
import { startBookingCheckout } from "~/features/booking/start-booking-checkout.server";
import { sampleAnswers } from "~/features/clients/intake-test-kit";
import { SYSTEM_ACTOR } from "~/features/clients/log-health-access.server";
import { saveIntakeAnswers } from "~/features/clients/save-intake-answers.server";
import { withdrawHealthConsent } from "~/features/clients/withdraw-health-consent.server";
import { payDemoCheckout } from "~/features/shop/demo/pay-demo-checkout.server";
import {
  bookingPackages,
  bookings,
  clientConsents,
  erasedAccounts,
  intakeAnswers,
  packageCredits,
  user,
} from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { zonedInstant } from "~/lib/zoned-time";
import { startLocalS3 } from "../../../tests/support/local-s3";
import { createTestServices } from "../../../tests/support/test-services";
import { CLOSE_WORD, closeAccount } from "./close-account.server";
import {
  ERASURES_FOLDER,
  readErasureRegister,
  reapplyErasures,
  rebuildErasureRegister,
} from "./erasure-register.server";

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

async function answer(site: AppServices, person: { id: string; email: string }) {
  const { version, answers } = await sampleAnswers(site);
  await saveIntakeAnswers(site, {
    userId: person.id,
    actor: { id: person.id, name: "A Client", email: person.email, role: "client" },
    formVersion: version,
    answers,
    consent: true,
  });
}

async function clientWithAnswers(site: AppServices, label: string) {
  const person = await createVerifiedUser(site, {
    email: `${label}-${Math.random().toString(36).slice(2)}@example.com`,
    password: "Passw0rd1",
    fullName: `${label} Client`,
  });
  await answer(site, person);
  return person;
}

const answersOf = (site: AppServices, userId: string) =>
  site.database.db.select().from(intakeAnswers).where(eq(intakeAnswers.userId, userId));

describe("the erasure register", () => {
  it("erases again, in the restore's own transaction, what clients had erased since the backup was made", async () => {
    const backups = path.join(scratch, "backups");
    const site = await services({ BACKUP_DIR: backups });
    const closing = await clientWithAnswers(site, "closing");
    // She has a session booked and paid; closing her account cancels it (and refunds it).
    const [day] = bookingTestKitDays(1);
    const booked = await startBookingCheckout(site, closing, {
      serviceId: "one-on-one",
      startsAt: zonedInstant(day as string, "10:00"),
      place: "distance",
      note: "",
      expressRequest: true,
    });
    await payDemoCheckout(site, closing.id, booked.url.split("/").pop() as string);
    // And a package, its first session booked.
    const journey = await startBookingCheckout(site, closing, {
      serviceId: "healing-journey",
      startsAt: zonedInstant(day as string, "14:00"),
      place: "distance",
      note: "",
      expressRequest: true,
    });
    await payDemoCheckout(site, closing.id, journey.url.split("/").pop() as string);
    const withdrawing = await clientWithAnswers(site, "withdrawing");
    // Withdrew, then consented and answered again, all before the backup: her new answers stay.
    const returning = await clientWithAnswers(site, "returning");
    await withdrawHealthConsent(site, { userId: returning.id, actor: SYSTEM_ACTOR });
    await answer(site, returning);
    const staying = await clientWithAnswers(site, "staying");
    const folder = path.join(backups, "2026-11-26T09-00-00Z");
    await createBackup(site, folder);
    // Beside the backup, the register as the database had it, with its index.
    expect(readdirSync(path.join(backups, ERASURES_FOLDER)).sort()).toEqual([
      expect.stringMatching(new RegExp(`-health-consent-${returning.id}\\.json$`)),
      "index.json",
    ]);

    await closeAccount(site, { userId: closing.id, by: "owner", word: CLOSE_WORD });
    await withdrawHealthConsent(site, { userId: withdrawing.id, actor: SYSTEM_ACTOR });
    const files = readdirSync(path.join(backups, ERASURES_FOLDER));
    expect(files).toHaveLength(4);
    // Each names the account (and consents) by id alone.
    for (const name of files) {
      expect(readFileSync(path.join(backups, ERASURES_FOLDER, name), "utf8")).not.toContain("@example.com");
    }

    // A file that cannot be read stops the restore before anything is written.
    const damaged = path.join(backups, ERASURES_FOLDER, "damaged.json");
    writeFileSync(damaged, "{ not json");
    const target = await services({ BACKUP_DIR: path.join(scratch, "elsewhere") });
    await expect(restoreBackup(target, folder)).rejects.toThrow(/damaged\.json.*Nothing was restored/);
    expect(await target.database.db.select().from(user)).toHaveLength(0);
    rmSync(damaged);

    const summary = await restoreBackup(target, folder);
    expect(summary.erased).toEqual({
      accounts: 1,
      consents: 1,
      sessions: 2,
      register: [path.join(backups, ERASURES_FOLDER)],
    });
    const { db } = target.database;
    // Her session is cancelled again, as closing did, so the diary does not show it nor hold its time.
    const [session] = await db.select().from(bookings).where(eq(bookings.id, booked.bookingId));
    const [closedMark] = await db.select().from(erasedAccounts).where(eq(erasedAccounts.userId, closing.id));
    expect(session?.status).toBe("cancelled");
    expect(session?.cancelledAt?.getTime()).toBe(closedMark?.erasedAt.getTime());
    // Her package ended as the closing ended it: its session cancelled, every credit refunded.
    const [first] = await db.select().from(bookings).where(eq(bookings.id, journey.bookingId));
    expect(first?.status).toBe("cancelled");
    const credits = await db
      .select({ state: packageCredits.state })
      .from(packageCredits)
      .innerJoin(bookingPackages, eq(bookingPackages.id, packageCredits.packageId))
      .where(eq(bookingPackages.userId, closing.id));
    expect(credits.length).toBeGreaterThan(1);
    expect(credits.map((c) => c.state)).toEqual(credits.map(() => "refunded"));
    const [closed] = await db.select().from(user).where(eq(user.id, closing.id));
    expect(closed?.email).not.toBe(closing.email);
    expect(await db.select().from(erasedAccounts).where(eq(erasedAccounts.userId, closing.id))).toHaveLength(1);
    expect(await answersOf(target, withdrawing.id)).toHaveLength(0);
    const [consent] = await db.select().from(clientConsents).where(eq(clientConsents.userId, withdrawing.id));
    expect(consent?.withdrawnAt).not.toBeNull();
    expect(await answersOf(target, returning.id)).toHaveLength(1);
    expect(await answersOf(target, staying.id)).toHaveLength(1);
    // Run again, it finds nothing left to erase.
    const { erasures } = await readErasureRegister(target, [backups]);
    expect(await db.transaction((tx) => reapplyErasures(tx, erasures))).toEqual({
      accounts: 0,
      consents: 0,
      sessions: 0,
    });
  });

  it("refuses a restore that finds no register, a stale one or another site's, unless told there is none", async () => {
    const site = await services({ BACKUP_DIR: path.join(scratch, "site-backups") });
    const someone = await clientWithAnswers(site, "someone");
    await closeAccount(site, { userId: someone.id, by: "owner", word: CLOSE_WORD });
    const folder = path.join(scratch, "kept-apart", "2026-11-20T09-00-00Z");
    await createBackup(site, folder);
    // Copied on its own, as a backup taken off the machine without its register.
    const alone = path.join(scratch, "alone", "2026-11-20T09-00-00Z");
    await cp(folder, alone, { recursive: true });
    const target = () => services({ BACKUP_DIR: path.join(scratch, "empty-backups") });
    const first = await target();
    await expect(restoreBackup(first, alone)).rejects.toThrow(/No erasure register was found.*Nothing was restored/);
    expect(await first.database.db.select().from(user)).toHaveLength(0);

    // A register made whole before the backup (a stale copy) is not its register.
    mkdirSync(path.join(scratch, "alone", ERASURES_FOLDER));
    writeFileSync(
      path.join(scratch, "alone", ERASURES_FOLDER, "index.json"),
      '{"rebuiltAt":"2026-01-01T00:00:00.000Z"}',
    );
    await expect(restoreBackup(first, alone)).rejects.toThrow(/last made whole at 2026-01-01.*Nothing was restored/);

    // Another site's register, made since (a new site's first backup), lacks the closing this
    // backup records: refused, and nothing is left half restored.
    const other = await services({ BACKUP_DIR: path.join(scratch, "alone") });
    await createBackup(other, path.join(scratch, "alone", "2026-11-21T09-00-00Z"));
    await expect(restoreBackup(first, alone)).rejects.toThrow(/does not hold 1 erasures this backup itself records/);
    expect(await first.database.db.select().from(user)).toHaveLength(0);

    const summary = await restoreBackup(first, alone, { withoutErasureRegister: true });
    expect(summary.erased).toMatchObject({ accounts: 0, consents: 0 });
  });

  it("is kept in the backup bucket too, made whole there by the next backup", async () => {
    const s3 = await startLocalS3();
    cleanups.push(s3.stop);
    const backups = path.join(scratch, "with-s3");
    const site = await services({ ...s3.env, BACKUP_DIR: backups });
    const person = await clientWithAnswers(site, "bucket");
    await withdrawHealthConsent(site, { userId: person.id, actor: SYSTEM_ACTOR });
    const local = path.join(backups, ERASURES_FOLDER);
    const [name] = readdirSync(local);
    const key = `${ERASURES_FOLDER}/${name}`;
    expect((await site.backupCopies?.stat(key))?.size).toBeGreaterThan(0);

    // The disk is lost: the bucket still says it.
    rmSync(local, { recursive: true });
    const read = await readErasureRegister(site, [backups]);
    expect(read.erasures.map((e) => [e.kind, e.userId])).toEqual([["health-consent", person.id]]);
    expect(read.found).toEqual([`s3://${s3.bucket}/backups/${ERASURES_FOLDER}/`]);

    // Lost from both (a write that failed): the next backup writes it again from the database.
    await site.backupCopies?.delete(key);
    expect(await rebuildErasureRegister(site)).toBe(1);
    expect(readdirSync(local).sort()).toEqual([name, "index.json"]);
    expect((await site.backupCopies?.stat(key))?.size).toBeGreaterThan(0);
    expect(await rebuildErasureRegister(site)).toBe(0);
  });
});
