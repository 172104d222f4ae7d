import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { seedCatalogue } from "~/features/shop/seed-catalogue.server";
import { createServices } from "~/lib/services.server";
import { createTestDatabase } from "./test-database";
import type { DatabaseTemplate } from "./test-services";
import { testEnv } from "./test-services";

/**
 * Global set-up of the database project: migrates one database, and seeds a second with the demo
 * catalogue, once per run. Each test file copies one (a folder copy on PGlite, CREATE DATABASE ...
 * TEMPLATE on PostgreSQL), which takes a fraction of a second where a new PGlite with migrations and
 * seed takes several (decision 026).
 */
export default async function setup(project: TestProject) {
  const made: { dataDir: string; drop?: () => Promise<void> }[] = [];
  const templates = {} as Record<DatabaseTemplate, { dataDir: string; databaseName: string | undefined }>;
  try {
    for (const kind of ["migrated", "seeded"] as const) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), `sacred-template-${kind}-`));
      const database = await createTestDatabase();
      made.push({ dataDir, drop: database?.drop });
      const services = await createServices(testEnv(dataDir, database?.url));
      try {
        if (kind === "seeded") await seedCatalogue(services);
      } finally {
        await services.database.close();
      }
      templates[kind] = { dataDir, databaseName: database?.name };
    }
  } catch (error) {
    await removeAll(made);
    throw error;
  }
  project.provide("databaseTemplates", templates);
  return () => removeAll(made);
}

async function removeAll(made: { dataDir: string; drop?: () => Promise<void> }[]) {
  for (const { dataDir, drop } of made) {
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
