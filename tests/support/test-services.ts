import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { parseEnv } from "~/lib/env.server";
import { createServices } from "~/lib/services.server";

type ServicesFactory = {
  parseEnv: typeof parseEnv;
  createServices: typeof createServices;
};

/**
 * A clean database and data folder for one test file: PGlite in a temp folder by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (set by `npm test`).
 */
export async function createTestServices(
  overrides: Record<string, string> = {},
  factory: ServicesFactory = { parseEnv, createServices },
  /** Reopen an earlier test's data folder and database (a restart), instead of clean ones. */
  reuse?: { dataDir: string; databaseUrl: string | undefined },
) {
  const dataDir = reuse?.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "sacred-test-"));
  const adminUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined = reuse?.databaseUrl;
  let dropDatabase = async () => {};
  if (adminUrl && !reuse) {
    const name = `t_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const env = factory.parseEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...overrides,
  });
  const services = await factory.createServices(env);
  return {
    services,
    env,
    dataDir,
    databaseUrl,
    /** Stops this "instance" but keeps its data, for a restart with `reuse`. */
    async stop() {
      await services.database.close();
    },
    async cleanup() {
      await services.database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
