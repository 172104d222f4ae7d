import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { keepWebAssemblyOnBaselineCompiler, openDatabase, pgliteStartParams } from "./client.server";
import { DurableNodeFS } from "./durable-nodefs.server";

const scratch = mkdtempSync(path.join(os.tmpdir(), "durable-nodefs-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// Each test starts a database from nothing (initdb) with every fsync going to the disk: seconds alone,
// and up to a minute beside the browser tests (30 s was exceeded once in npm test).
describe("a commit on the embedded database reaches the disk", { timeout: 120_000 }, () => {
  it("fsyncs when a write transaction commits, before it returns, and not for reads", async () => {
    keepWebAssemblyOnBaselineCompiler();
    const fs = new DurableNodeFS(path.join(scratch, "direct"));
    const client = await PGlite.create({ fs, startParams: pgliteStartParams() });
    try {
      await client.exec("create table sales (id serial primary key, pence int not null)");
      const calls = () => fs.fsyncCalls;

      let before = calls();
      await client.transaction(async (tx) => {
        await tx.query("insert into sales (pence) values (1299)");
        // Nothing is flushed while the transaction is open: the commit is what reaches the disk.
        expect(calls()).toBe(before);
      });
      expect(calls()).toBeGreaterThan(before);

      before = calls();
      await client.query("insert into sales (pence) values (500)");
      expect(calls()).toBeGreaterThan(before);

      before = calls();
      await client.query("select * from sales");
      await client.transaction(async (tx) => {
        await tx.query("select count(*) from sales");
      });
      expect(calls()).toBe(before);

      // A write that rolls back has nothing to make durable.
      await client
        .transaction(async (tx) => {
          await tx.query("insert into sales (pence) values (1)");
          throw new Error("changed my mind");
        })
        .catch(() => {});
      expect(calls()).toBe(before);
    } finally {
      await client.close();
    }
  });

  it("is how the server opens its data folder: fsync on, with the method our filesystem implements", async () => {
    const database = await openDatabase({ dataDir: path.join(scratch, "server") });
    try {
      const settings = await database.db.execute<{ name: string; setting: string }>(
        "select name, setting from pg_settings where name in ('fsync', 'wal_sync_method', 'synchronous_commit') order by name",
      );
      expect((settings as unknown as { rows: unknown[] }).rows).toEqual([
        { name: "fsync", setting: "on" },
        { name: "synchronous_commit", setting: "on" },
        { name: "wal_sync_method", setting: "fsync" },
      ]);
    } finally {
      await database.close();
    }
  });
});
