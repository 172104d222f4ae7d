import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client.server";

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)("migrations on PostgreSQL", () => {
  it("several instances starting at once on an empty database all come up, migrated once", async () => {
    const name = `t_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;
    const handles = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ dataDir: "/nonexistent", databaseUrl: url.toString(), poolSize: 2 })),
    );
    try {
      await Promise.all(handles.map((h) => h.migrate()));
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const { rows } = await check.query("select count(*)::int as n from drizzle.__drizzle_migrations");
      const files = await check.query("select count(*)::int as n from products");
      await check.end();
      expect(rows[0].n).toBeGreaterThan(0);
      expect(files.rows[0].n).toBe(0);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
