import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A new, empty database on the PostgreSQL server named by TEST_DATABASE_URL (set by `npm test`), or
 * undefined when the tests run on the embedded PGlite. `drop` removes it, closing its connections.
 */
export async function createTestDatabase(
  /** A database to copy (PostgreSQL's CREATE DATABASE ... TEMPLATE); nobody may be connected to it. */
  template?: string,
): Promise<{ url: string; name: string; drop(): Promise<void> } | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return undefined;
  const name = `t_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ""}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

async function adminQuery(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Whether this run is on PostgreSQL (TEST_DATABASE_URL) rather than the embedded PGlite. */
export const onPostgres = () => Boolean(process.env.TEST_DATABASE_URL);
