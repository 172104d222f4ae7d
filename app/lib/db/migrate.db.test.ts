import pg from "pg";
import { describe, expect, it } from "vitest";
import { createTestDatabase, onPostgres } from "../../../tests/support/test-database";
import { openDatabase } from "./client.server";

describe.skipIf(!onPostgres())("migrations on PostgreSQL", () => {
  it("several instances starting at once on an empty database all come up, migrated once", async () => {
    const database = await createTestDatabase();
    if (!database) throw new Error("no PostgreSQL server for the test");
    const handles = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ dataDir: "/nonexistent", databaseUrl: database.url, poolSize: 2 })),
    );
    try {
      await Promise.all(handles.map((h) => h.migrate()));
      const check = new pg.Client({ connectionString: database.url });
      await check.connect();
      const { rows } = await check.query("select count(*)::int as n from drizzle.__drizzle_migrations");
      const files = await check.query("select count(*)::int as n from products");
      await check.end();
      expect(rows[0].n).toBeGreaterThan(0);
      expect(files.rows[0].n).toBe(0);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await database.drop();
    }
  });
});
