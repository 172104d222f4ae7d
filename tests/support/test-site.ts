import { cpSync } from "node:fs";
import { inject } from "vitest";
import { removeFolder, type SiteConfig, temporaryFolder } from "./server-process";
import { createTestDatabase } from "./test-database";
import { createTestServices } from "./test-services";

export type TestSite = SiteConfig & { cleanup(): Promise<void> };

/**
 * A site's data for one test: a temporary data folder, plus a new PostgreSQL database when the run
 * is on PostgreSQL (TEST_DATABASE_URL). Servers started on it share this data. `seeded` starts it as
 * a copy of the run's seeded template (see site-template.ts) instead of empty.
 */
export async function createTestSite(
  label: string,
  env: Record<string, string> = {},
  { seeded = true } = {},
): Promise<TestSite> {
  const dataDir = temporaryFolder(label);
  const template = seeded ? inject("siteTemplate") : undefined;
  if (template) cpSync(template.dataDir, dataDir, { recursive: true });
  const database = await createTestDatabase(template?.databaseName);
  return {
    dataDir,
    databaseUrl: database?.url,
    env,
    async cleanup() {
      await database?.drop();
      removeFolder(dataDir);
    },
  };
}

/**
 * Opens a site's database in the test process, to check what a stopped server left behind. On PGlite
 * this takes the data folder's lock, so every server on it must have stopped first.
 */
export async function openSiteData(site: SiteConfig) {
  const opened = await createTestServices({}, { reuse: { dataDir: site.dataDir, databaseUrl: site.databaseUrl } });
  return { services: opened.services, db: opened.services.database.db, close: () => opened.stop() };
}
