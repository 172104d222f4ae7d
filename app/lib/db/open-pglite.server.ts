import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { closeFolder } from "../data-dir.server";
import {
  ANNOUNCEMENT_CHANNEL,
  type Database,
  type DatabaseHandle,
  keepWebAssemblyOnBaselineCompiler,
  localAnnouncements,
  migrationsFolder,
  type OpenDatabaseOptions,
  once,
  pgliteStartParams,
} from "./client.server";
import { acquireDataLock } from "./data-lock.server";
import { DurableNodeFS } from "./durable-nodefs.server";
import * as schema from "./schema.server";
import { unpackTemplate } from "./unpack-template.server";
import { YieldingPGlite } from "./yielding-pglite.server";

/**
 * The embedded PGlite database under the data folder (see openDatabase). PGlite has no lock of its own:
 * two processes on one folder would silently lose writes, so we take an exclusive lock file first.
 */
export async function openPglite(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  mkdirSync(options.dataDir, { recursive: true });
  const lock = acquireDataLock(options.dataDir);
  try {
    keepWebAssemblyOnBaselineCompiler();
    const pgdata = path.join(options.dataDir, "pgdata");
    const fresh = !existsSync(path.join(pgdata, "PG_VERSION"));
    if (fresh && options.pgliteTemplate && existsSync(options.pgliteTemplate)) {
      // A first start: the initialised empty folder made at build time, rather than initdb (decision 027).
      unpackTemplate(readFileSync(options.pgliteTemplate), pgdata);
    }
    // A commit is on disk before it returns: PGlite alone never calls fsync (decision 044).
    // Its queries take turns with the event loop's other work (decision 055).
    const client = new YieldingPGlite({
      fs: new DurableNodeFS(pgdata),
      startParams: pgliteStartParams(options.durable ?? true),
    });
    await client.waitReady;
    // Password hashes and reset links live here: no other local user may read them (decision 028).
    closeFolder(pgdata, options.dataDir);
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    const announcements = localAnnouncements();
    // The tables' own notices of change (migration 0013): PGlite hands them over as the writing
    // statement commits, before its promise settles, so a cache is told before the writer goes on.
    await client.listen(ANNOUNCEMENT_CHANNEL, (topic) => void announcements.announce(topic));
    return {
      db,
      kind: "pglite",
      ...announcements,
      runExclusive: (_key, work) => work(),
      migrate: async () => {
        await migratePglite(drizzlePglite(client), { migrationsFolder });
        closeFolder(pgdata, options.dataDir);
      },
      ping: async () => {
        // A query answered within the last second is the database answering: a health check need not
        // queue behind a burst of work to find that out (decision 055).
        if (!client.closed && performance.now() - client.answeredAt < 1000) return;
        await client.query("select 1");
      },
      maintain: async () => {
        await client.exec("vacuum (analyze)");
        closeFolder(pgdata, options.dataDir);
      },
      close: once(async () => {
        // Reads kept in memory must not outlive the database they came from.
        await announcements.announce("!");
        client.answeredAt = Number.NEGATIVE_INFINITY;
        try {
          await client.close();
        } finally {
          lock.release();
        }
      }),
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
