import "~/line-kinds.server";
import "~/personal-data.server";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { createServices } from "~/lib/services.server";
import { createTestDatabase } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * Databases made once per run by tests/support/database-template.ts, which each test copies: a
     * migrated empty one, and one with the demo catalogue seeded. Each is a data folder (PGlite,
     * files, images) and, on PostgreSQL, a database to use as a TEMPLATE.
     */
    databaseTemplates: Record<DatabaseTemplate, { dataDir: string; databaseName: string | undefined }>;
  }
}

/** What a test's database starts as: migrated and empty, with the demo catalogue, or nothing at all. */
export type DatabaseTemplate = "migrated" | "seeded";

export type TestServicesOptions = {
  /** Reopen an earlier test's data folder and database (a restart), instead of new ones. */
  reuse?: { dataDir: string; databaseUrl: string | undefined };
  /**
   * Copy this run's template (default "migrated") rather than migrate a new database; `false`
   * starts from nothing, as a first start in production does.
   */
  template?: DatabaseTemplate | false;
};

/** The environment of an in-process test instance. */
export function testEnv(dataDir: string, databaseUrl: string | undefined, overrides: Record<string, string> = {}) {
  return parseEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
    // As the throwaway PostgreSQL (fsync=off): the tests are not about power cuts; durable-nodefs.db.test
    // and the reliability suite's durable-commit test check the flush on the real settings.
    PGLITE_FSYNC: "off",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...overrides,
  });
}

/** The run's templates, when this project made them (the database project does). */
function runTemplates() {
  try {
    return inject("databaseTemplates");
  } catch {
    return undefined;
  }
}

/**
 * A database and data folder for one test file: PGlite in a temp folder by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (set by `npm test`). Both start as a
 * copy of the run's template: a folder copy, or CREATE DATABASE ... TEMPLATE.
 */
export async function createTestServices(overrides: Record<string, string> = {}, options: TestServicesOptions = {}) {
  const { reuse } = options;
  const template = reuse || options.template === false ? undefined : runTemplates()?.[options.template ?? "migrated"];
  if (options.template === "seeded" && !template && !reuse) {
    throw new Error("The seeded template is made by the database project's global set-up only");
  }
  const dataDir = reuse?.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "sacred-test-"));
  if (template && !reuse) cpSync(template.dataDir, dataDir, { recursive: true });
  const database = reuse ? undefined : await createTestDatabase(template?.databaseName);
  const databaseUrl = reuse?.databaseUrl ?? database?.url;
  const env = testEnv(dataDir, databaseUrl, overrides);
  const services = await createServices(env);
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
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
