import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HttpSession } from "../support/http-session";
import { createTestApp } from "../support/test-app";
import { createTestDatabase, onPostgres } from "../support/test-database";

/**
 * Issue 13 item 10: DATA_DIR holds password hashes, pending reset links, the auth secret, private
 * files and mail. Another local account must not read any of it (decision 028).
 */
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** Every entry under a folder with its permission bits. */
function modes(root: string): { path: string; dir: boolean; mode: number }[] {
  const out: { path: string; dir: boolean; mode: number }[] = [];
  const walk = (target: string) => {
    const stats = statSync(target);
    out.push({ path: path.relative(root, target) || ".", dir: stats.isDirectory(), mode: stats.mode & 0o777 });
    if (stats.isDirectory()) for (const entry of readdirSync(target)) walk(path.join(target, entry));
  };
  walk(root);
  return out;
}

const openToOthers = (entries: ReturnType<typeof modes>) =>
  entries
    .filter((e) => (e.dir ? e.mode !== 0o700 : (e.mode & 0o077) !== 0))
    .map((e) => `${e.path} ${e.mode.toString(8)}`);

describe("the data folder", () => {
  // Each test opens a data folder of its own: a new PGlite database takes seconds on a busy machine.
  it("is created 0700 with every file 0600, the database's and the outbox's included", {
    timeout: 120_000,
  }, async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), "sacred-modes-"));
    made.push(parent);
    const dataDir = path.join(parent, "data");
    const database = await createTestDatabase();
    const t = await createTestApp({}, { reuse: { dataDir, databaseUrl: database?.url } });
    try {
      // Something in every part: an account in the database, a confirmation e-mail in the outbox.
      const res = await new HttpSession(t.app).post("/auth", {
        intent: "signup",
        fullName: "Mo Des",
        email: "modes@example.com",
        password: "Private-Pass9",
      });
      expect(res.status).toBe(200);
      const entries = modes(dataDir);
      if (!onPostgres()) expect(entries.some((e) => e.path.startsWith("pgdata"))).toBe(true);
      expect(entries.some((e) => e.path.startsWith("outbox") && !e.dir)).toBe(true);
      expect(openToOthers(entries)).toEqual([]);
    } finally {
      await t.stop();
      await database?.drop();
    }
  });

  it("is tightened at start when an older version left it open", { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sacred-open-"));
    made.push(dataDir);
    chmodSync(dataDir, 0o755);
    mkdirSync(path.join(dataDir, "outbox"), { mode: 0o755 });
    writeFileSync(path.join(dataDir, "outbox", "old.eml"), "reset link", { mode: 0o666 });
    chmodSync(path.join(dataDir, "outbox", "old.eml"), 0o666);
    const database = await createTestDatabase();
    const t = await createTestApp({}, { reuse: { dataDir, databaseUrl: database?.url } });
    try {
      expect(openToOthers(modes(dataDir))).toEqual([]);
    } finally {
      await t.stop();
      await database?.drop();
    }
  });

  it("refuses to start, saying why, when the folder cannot be made", async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), "sacred-bad-"));
    made.push(parent);
    writeFileSync(path.join(parent, "not-a-folder"), "");
    await expect(
      createTestApp({}, { reuse: { dataDir: path.join(parent, "not-a-folder", "data"), databaseUrl: undefined } }),
    ).rejects.toThrow(/The data folder .* could not be made private/);
  });
});
