import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { createTestDatabase } from "./test-database";

export type MigrationDatabase = {
  /** One statement (or several, on PGlite), its rows. */
  query(text: string): Promise<Record<string, unknown>[]>;
  /** Applies the migrations before `idx` (as the code before it shipped them), or all with no `idx`. */
  migrate(idx?: number): Promise<void>;
  close(): Promise<void>;
};

/**
 * An empty database for testing a migration on data the code before it wrote: on the run's
 * PostgreSQL server when there is one (TEST_DATABASE_URL), else an in-memory PGlite.
 */
export async function openMigrationDatabase(): Promise<MigrationDatabase> {
  const folders: string[] = [];
  const before = (idx: number) => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "migrations-"));
    folders.push(folder);
    cpSync(path.resolve("drizzle"), folder, { recursive: true });
    const journalPath = path.join(folder, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((entry) => entry.idx < idx);
    writeFileSync(journalPath, JSON.stringify(journal));
    return folder;
  };
  const folderFor = (idx?: number) => (idx === undefined ? path.resolve("drizzle") : before(idx));
  const removeFolders = () => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  };
  const pgDatabase = await createTestDatabase();
  if (pgDatabase) {
    const pool = new pg.Pool({ connectionString: pgDatabase.url, max: 1 });
    // The drop below ends the connection with force if the pool is still closing it: that error, on a
    // client nobody listens to, would be an uncaught exception in whichever test file runs next.
    pool.on("error", () => {});
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = drizzleNodePg(pool);
    return {
      query: async (text) => (await db.execute(sql.raw(text))).rows as Record<string, unknown>[],
      migrate: (idx) => migrateNodePg(db, { migrationsFolder: folderFor(idx) }),
      close: async () => {
        await pool.end();
        await pgDatabase.drop();
        removeFolders();
      },
    };
  }
  const client = new PGlite();
  const db = drizzlePglite(client);
  return {
    query: async (text) => (await db.execute(sql.raw(text))).rows as Record<string, unknown>[],
    migrate: (idx) => migratePglite(db, { migrationsFolder: folderFor(idx) }),
    close: async () => {
      await client.close();
      removeFolders();
    },
  };
}
