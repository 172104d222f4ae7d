import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { closeFolder } from "../data-dir.server";
import { acquireDataLock } from "./data-lock.server";
import * as schema from "./schema.server";

/** Both drivers share this base type, so feature code never knows which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(async (tx) => ...)`: on PGlite, the only one usable there. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Runs pending migrations from the drizzle/ folder. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Routine upkeep the database does not do by itself. PGlite runs PostgreSQL in single-user mode,
   * without autovacuum: this vacuums and analyses it, which keeps the planner's statistics current and
   * lets counts and sorted pages be read from indexes alone. PostgreSQL's autovacuum does this there.
   */
  maintain(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = path.resolve("drizzle");
/** An arbitrary, fixed advisory-lock key for migrations. */
const MIGRATION_LOCK = 7_362_001;

/** Closing twice (shutdown racing a test's cleanup, say) is harmless. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}

export type OpenDatabaseOptions = {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** Connections in the PostgreSQL pool. */
  poolSize?: number;
};

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite database under the data folder.
 * PGlite has no lock of its own: two processes on one folder would silently lose writes, so we take
 * an exclusive lock file first and refuse to start when another live process holds it.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process; the
    // pool replaces it on the next query.
    pool.on("error", (error) => console.error("PostgreSQL connection lost:", error.message));
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      migrate: async () => {
        // Several instances may start at once: one migrates while the others wait on the lock.
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
          await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
          client.release();
        }
      },
      ping: async () => {
        await pool.query("select 1");
      },
      maintain: async () => {},
      close: once(() => pool.end()),
    };
  }

  mkdirSync(options.dataDir, { recursive: true });
  const lock = acquireDataLock(options.dataDir);
  try {
    const pgdata = path.join(options.dataDir, "pgdata");
    const client = await PGlite.create(pgdata);
    // Password hashes and reset links live here: no other local user may read them (decision 028).
    closeFolder(pgdata, options.dataDir);
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    return {
      db,
      kind: "pglite",
      migrate: async () => {
        await migratePglite(drizzlePglite(client), { migrationsFolder });
        closeFolder(pgdata, options.dataDir);
      },
      ping: async () => {
        await client.query("select 1");
      },
      maintain: async () => {
        await client.exec("vacuum (analyze)");
        closeFolder(pgdata, options.dataDir);
      },
      close: once(async () => {
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
