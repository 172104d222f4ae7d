import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sitePictures } from "~/lib/db/schema.server";
import { createTestApp } from "../../../tests/support/test-app";
import { type CacheSpec, cacheUntilChanged, keepingReads } from "./cache-until-changed.server";

/**
 * Reads kept until their tables change (decision 052), on the engine the suite runs on: a read is
 * made once for all its readers, however `load` answers.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let queries = 0;

beforeAll(async () => {
  t = await createTestApp();
  // Every statement Drizzle sends goes through its client's query (PGlite's, or the pg pool's).
  const client = (t.services.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    queries++;
    return query(...args);
  };
  // PostgreSQL's reads are kept only once its listening connection is up: until then each goes to the
  // database, which is what made this test fail there now and then.
  await vi.waitFor(() => expect(keepingReads(t.services.database.db)).toBe(true), { timeout: 10_000 });
});
afterAll(() => t.cleanup());

const SPEC: CacheSpec = { name: "test-pictures", tables: ["site_pictures"], ttlMs: 60_000, maxEntries: 1 };

describe("a read kept until its tables change", () => {
  it("runs a Drizzle query given as it is (a thenable run again by each then) once for every reader", async () => {
    const { db } = t.services.database;
    const read = () => cacheUntilChanged(db, SPEC, "", () => db.select().from(sitePictures));
    await read();
    queries = 0;
    for (let i = 0; i < 5; i++) expect(await read()).toEqual([]);
    await Promise.all([read(), read(), read()]);
    expect(queries).toBe(0);
  });
});
