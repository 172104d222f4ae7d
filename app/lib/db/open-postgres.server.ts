import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { type Database, type DatabaseHandle, MIGRATION_LOCK, migrationsFolder, once } from "./client.server";
import * as schema from "./schema.server";

/** PostgreSQL through a pool (see openDatabase). */
export function openPostgres(databaseUrl: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
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
    runAlone: async (key, work) => {
      const client = await pool.connect();
      try {
        const { rows } = await client.query<{ got: boolean }>("select pg_try_advisory_lock($1) as got", [key]);
        if (!rows[0]?.got) return undefined;
        try {
          return await work();
        } finally {
          await client.query("select pg_advisory_unlock($1)", [key]).catch(() => {});
        }
      } finally {
        client.release();
      }
    },
    close: once(() => pool.end()),
  };
}
