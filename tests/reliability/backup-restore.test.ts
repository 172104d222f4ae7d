import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { backupManifestSchema } from "~/features/backup/backup-manifest";
import { describeTables } from "~/features/backup/describe-database.server";
import { LAST_BACKUP_FILE, type LastBackup } from "~/features/backup/last-backup.server";
import {
  killRunningServers,
  removeFolder,
  runCli,
  runNpmScript,
  ServerProcess,
  type SiteConfig,
  temporaryFolder,
} from "../support/server-process";
import { PAID_PRODUCTS, payDemoCheckout, startCheckout } from "../support/site-client";
import { createTestSite, openSiteData, type TestSite } from "../support/test-site";
import { newBuyer, startWriteLoad, WriteLedger, waitUntil } from "../support/write-load";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  await killRunningServers();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function site(label: string, { seeded = true } = {}): Promise<TestSite> {
  const made = await createTestSite(label, {}, { seeded });
  cleanups.push(() => made.cleanup());
  return made;
}

function backupFolder(): string {
  const parent = temporaryFolder("backups");
  cleanups.push(() => removeFolder(parent));
  return path.join(parent, "nightly");
}

/** Rows per table, read from a stopped site's database. */
async function rowCounts(target: SiteConfig): Promise<Record<string, number>> {
  const data = await openSiteData(target);
  try {
    const counts: Record<string, number> = {};
    for (const table of await describeTables(data.db)) {
      const result = await data.db.execute(sql`select count(*)::int as n from ${sql.identifier(table.name)}`);
      counts[table.name] = (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1;
    }
    return counts;
  } finally {
    await data.close();
  }
}

/** SHA-256 of every private file and public image in a data folder, by path. */
function fileChecksums(dataDir: string): Record<string, string> {
  const sums: Record<string, string> = {};
  for (const store of ["files", "images"]) {
    const root = path.join(dataDir, store);
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      sums[`${store}/${path.relative(root, file)}`] = createHash("sha256").update(readFileSync(file)).digest("hex");
    }
  }
  return sums;
}

const download = async (origin: string, cookie: string) => {
  const res = await fetch(`${origin}/api/downloads/${PAID_PRODUCTS[0]?.id}`, { headers: { cookie } });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
};

describe("npm run backup and npm run restore", () => {
  it("copies a stopped site into an empty one with equal row counts and file checksums, and the copy serves its buyers", async () => {
    const source = await site("backup-source");
    const server = await ServerProcess.start(source);
    const buyer = await newBuyer(server);
    const purchase = (await startCheckout(
      buyer,
      server.url,
      PAID_PRODUCTS[0] as (typeof PAID_PRODUCTS)[number],
    )) as string;
    expect(await payDemoCheckout(buyer, purchase)).toBe(true);
    const original = await download(server.url, buyer.cookieHeader());
    expect(original.status).toBe(200);
    expect((await server.terminate()).code).toBe(0);

    const folder = backupFolder();
    const made = await runNpmScript(source, "backup", [folder]);
    expect(made).toMatchObject({ code: 0 });
    expect(made.stdout).toMatch(/^Backup written to .*nightly: \d+ tables, \d+ rows, \d+ files/);

    const target = await site("backup-target", { seeded: false });
    const restored = await runNpmScript(target, "restore", [folder]);
    expect(restored).toMatchObject({ code: 0 });
    expect(restored.stdout).toContain("every checksum verified");
    // Nobody closed an account since: the erasure register (decision 062) had nothing to make again.
    expect(restored.stdout).toMatch(
      /Erased again from the erasure register \(.*erasures\): 0 closed accounts, 0 withdrawn health consents\./,
    );
    expect(await rowCounts(target)).toEqual(await rowCounts(source));
    expect(fileChecksums(target.dataDir)).toEqual(fileChecksums(source.dataDir));

    // Restoring over data is refused, with the reason and what to do, and nothing changes.
    const again = await runNpmScript(target, "restore", [folder]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^The target is not empty \(table .*\)\. Restore only into an empty database/);

    // The restored site knows the buyer's session and serves the same file.
    const copy = await ServerProcess.start(target);
    const served = await download(copy.url, buyer.cookieHeader());
    expect(served.status).toBe(200);
    expect(served.bytes.equals(original.bytes)).toBe(true);
  });

  it("backs up a running site under write load: the restore is one consistent snapshot holding every write acknowledged before it", async () => {
    const source = await site("live-source");
    const server = await ServerProcess.start(source);
    const ledger = new WriteLedger();
    const load = await startWriteLoad(server, ledger, { signup: 2, fulfilment: 2, "admin-edit": 1 });
    await waitUntil(
      () => Object.values(ledger.counts()).every((n) => n >= 3),
      () => `load got ${JSON.stringify(ledger.counts())}; ${ledger.failures.join("; ")}`,
    );
    const acknowledgedBefore = ledger.copy();

    // Through the running server's control socket (on PGlite the CLI could not open the data itself).
    const folder = backupFolder();
    const made = await runNpmScript(source, "backup", [folder]);
    const countsAtBackup = ledger.counts();
    await load.stop();
    expect(made).toMatchObject({ code: 0 });
    expect(ledger.failures).toEqual([]);
    // The load went on while the backup ran.
    expect(countsAtBackup.signups + countsAtBackup.fulfilments).toBeGreaterThan(
      acknowledgedBefore.counts().signups + acknowledgedBefore.counts().fulfilments,
    );
    expect((await server.terminate()).code).toBe(0);

    const target = await site("live-target", { seeded: false });
    expect(await runNpmScript(target, "restore", [folder])).toMatchObject({ code: 0 });
    const manifest = backupManifestSchema.parse(JSON.parse(readFileSync(path.join(folder, "manifest.json"), "utf8")));
    expect(await rowCounts(target)).toEqual(Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows])));
    expect(fileChecksums(target.dataDir)).toEqual(fileChecksums(source.dataDir));
    const data = await openSiteData(target);
    try {
      expect(await acknowledgedBefore.findMissing(data.db)).toEqual([]);
    } finally {
      await data.close();
    }
  });

  it("makes automatic backups in the running server, verified, reported by status and /api/health, and one restores with the sale in it", async () => {
    const backupDir = path.join(temporaryFolder("auto-backups"), "backups");
    cleanups.push(() => removeFolder(path.dirname(backupDir)));
    // Every 7.2 s, checked every 1.8 s.
    const source = await createTestSite("auto-backup-source", {
      BACKUP_INTERVAL_HOURS: "0.002",
      BACKUP_DIR: backupDir,
    });
    cleanups.push(() => source.cleanup());
    const server = await ServerProcess.start(source);
    const buyer = await newBuyer(server);
    const purchase = (await startCheckout(
      buyer,
      server.url,
      PAID_PRODUCTS[0] as (typeof PAID_PRODUCTS)[number],
    )) as string;
    expect(await payDemoCheckout(buyer, purchase)).toBe(true);
    const paidAt = Date.now();

    const lastFile = path.join(backupDir, LAST_BACKUP_FILE);
    const lastBackup = () =>
      existsSync(lastFile) ? (JSON.parse(readFileSync(lastFile, "utf8")) as LastBackup) : undefined;
    await waitUntil(
      () => Date.parse(lastBackup()?.createdAt ?? "1970-01-01T00:00:00Z") > paidAt,
      () => `no automatic backup after the sale; last: ${JSON.stringify(lastBackup())}`,
      30_000,
    );
    const last = lastBackup() as LastBackup;

    const status = await runCli(source, ["status"]);
    expect(status).toMatchObject({ code: 0 });
    expect(status.stdout).toMatch(/^ok: (pglite|postgres) database/);
    expect(status.stdout).toMatch(/\nlast backup: \S+ \(\d+\.\d hours ago\), verified, \d+ rows and \d+ files in /);
    const health = (await (await fetch(`${server.url}/api/health`)).json()) as {
      backup: { state: string; lastAt: string; ageSeconds: number };
    };
    expect(health.backup.state).toBe("ok");
    expect(health.backup.ageSeconds).toBeLessThan(60);
    expect((await server.terminate()).code).toBe(0);

    const target = await site("auto-backup-target", { seeded: false });
    const restored = await runNpmScript(target, "restore", [last.folder]);
    expect(restored).toMatchObject({ code: 0 });
    expect(restored.stdout).toContain("every checksum verified");
    const manifest = backupManifestSchema.parse(
      JSON.parse(readFileSync(path.join(last.folder, "manifest.json"), "utf8")),
    );
    expect(await rowCounts(target)).toEqual(Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows])));
    const data = await openSiteData(target);
    try {
      const paid = await data.db.execute(sql`select status from purchases where id = ${purchase}`);
      expect((paid as unknown as { rows: { status: string }[] }).rows).toEqual([{ status: "paid" }]);
    } finally {
      await data.close();
    }
  });
});
