import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createMemoryCgroup, type MemoryCgroup, residentMb } from "../../scripts/memory-cgroup";
import { killRunningServers, ServerProcess } from "../support/server-process";
import { browserFor, signUp, uniqueEmail } from "../support/site-client";
import { createTestDatabase, onPostgres } from "../support/test-database";

/**
 * The small server (issue 12, decisions 027 and 037): the production build starts on an empty data folder,
 * serves, and starts again, all inside a 512 MiB memory cgroup, with no OOM kill; idle memory after a
 * restart stays near the 200 MB target (PGlite), and on PostgreSQL both after the first start on an empty
 * database (as `npm run bench -- --small` measures it) and after a restart it stays within 150 MB. Linux as
 * root only: elsewhere the test says why it was skipped.
 */
const LIMIT = 512 * 1024 * 1024;
/**
 * PGlite: the 200 MB target itself. Measured at 171-181 MB with 16 MB of shared buffers (decision 027); the
 * causes fixed cost far more than the margin (sharp at start: about 50 MB; 32 MB of buffers: about 25 MB).
 */
const PGLITE_IDLE_RSS_MB = 200;
/**
 * PostgreSQL: the target itself, with no margin added. Measured here at 105-108 MB, and at 113-116 MB as
 * the bench reads it, 2 s after the answer, often before V8's memory reducer has run (decision 037);
 * repeated starts agree within 3 MB. The 35-45 MB left below the target is the margin for noise. The causes fixed
 * cost more than that (sharp loaded by the seed: about 50 MB); a smaller regression passes until it breaks
 * the target.
 */
const POSTGRES_IDLE_RSS_MB = 150;
const IDLE_RSS_MB = onPostgres() ? POSTGRES_IDLE_RSS_MB : PGLITE_IDLE_RSS_MB;

const cgroup: MemoryCgroup | string = createMemoryCgroup(`sacred-reliability-${process.pid}`, LIMIT);
const skipped = typeof cgroup === "string" ? cgroup : null;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "sacred-small-"));

let dropDatabase: (() => Promise<void>) | undefined;

afterAll(async () => {
  await killRunningServers();
  await dropDatabase?.();
  if (typeof cgroup !== "string") cgroup.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

const PAGES = ["/", "/products", "/product/chakra-balance-guide", "/about", "/no-such-page", "/auth", "/api/health"];

async function visit(origin: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let round = 0; round < 3; round++) {
    await Promise.all(
      PAGES.map(async (page) => {
        const res = await fetch(`${origin}${page}`, { signal: AbortSignal.timeout(30_000) });
        await res.arrayBuffer();
        statuses.push(res.status);
      }),
    );
  }
  return statuses;
}

describe(skipped ? `inside 512 MiB (skipped: ${skipped})` : "inside 512 MiB", () => {
  it.skipIf(skipped !== null)(
    "starts on an empty folder, serves pages and sign-ups, and starts again, with no OOM kill",
    async () => {
      const group = cgroup as MemoryCgroup;
      const database = await createTestDatabase();
      dropDatabase = database?.drop;
      const site = { dataDir, databaseUrl: database?.url };
      const first = await ServerProcess.start(site, { cgroupDir: group.dir });
      // Idle after the first start: migrations and the seed have run, nothing has been asked yet.
      const idleAfterFirstStart = await settledResidentMb(first.pid);
      const statuses = await visit(first.url);
      const browser = browserFor(first.url);
      // Sign-ups hash passwords (32 MB each while they run) and write to the database.
      for (let i = 0; i < 4; i++) expect(await signUp(browser, uniqueEmail("small"))).toBe(true);
      expect((await first.terminate()).code).toBe(0);

      const second = await first.restart({ cgroupDir: group.dir });
      const idle = await settledResidentMb(second.pid);
      statuses.push(...(await visit(second.url)));
      expect((await second.terminate()).code).toBe(0);

      const usage = group.usage();
      console.info(
        `idle RSS (${onPostgres() ? "PostgreSQL" : "PGlite"}): ${idleAfterFirstStart} MB after the first start, ${idle} MB after a restart`,
      );
      expect(usage.oomKills).toBe(0);
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      expect(usage.peakBytes ?? 0).toBeLessThanOrEqual(LIMIT);
      expect(idle).not.toBeNull();
      expect(idle as number).toBeLessThanOrEqual(IDLE_RSS_MB);
      if (onPostgres()) {
        expect(idleAfterFirstStart).not.toBeNull();
        expect(idleAfterFirstStart as number).toBeLessThanOrEqual(POSTGRES_IDLE_RSS_MB);
      }
    },
    180_000,
  );
});

/**
 * The process's resident memory once it has stopped moving: polled every quarter-second until eight
 * readings in a row (two seconds, as long as the bench waits for the upkeep started at start) stay within
 * 1 MB of each other (the last reading if it has not settled within 30 s; null if the process is gone).
 */
async function settledResidentMb(pid: number): Promise<number | null> {
  const window: number[] = [];
  let gone = false;
  const settled = () => {
    const now = residentMb(pid);
    gone = now === null;
    if (now === null) return true;
    window.push(now);
    if (window.length > 8) window.shift();
    return window.length === 8 && Math.max(...window) - Math.min(...window) < 1;
  };
  // Not settled within 30 s: the last reading stands (the bound below is what the test asserts).
  await vi.waitUntil(settled, { timeout: 30_000, interval: 250 }).catch(() => undefined);
  return gone ? null : (window.at(-1) ?? null);
}
