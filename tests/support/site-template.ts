import type { TestProject } from "vitest/node";
import { removeFolder, runCli, temporaryFolder } from "./server-process";
import { createTestDatabase } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** A seeded site (data folder, and database on PostgreSQL) that tests copy instead of seeding again. */
    siteTemplate: { dataDir: string; databaseName: string | undefined };
  }
}

/**
 * Global set-up of the reliability project: seeds one site with the demo catalogue and its files,
 * once per run. Each test copies it (a folder copy, or CREATE DATABASE ... TEMPLATE), which takes a
 * fraction of a second where seeding takes several.
 */
export default async function setup(project: TestProject) {
  const dataDir = temporaryFolder("template");
  const database = await createTestDatabase();
  const seeded = await runCli({ dataDir, databaseUrl: database?.url }, ["seed"]);
  if (seeded.code !== 0) throw new Error(`Seeding the template site failed: ${seeded.stderr}`);
  project.provide("siteTemplate", { dataDir, databaseName: database?.name });
  return async () => {
    await database?.drop();
    removeFolder(dataDir);
  };
}
