/**
 * The memory-limited run of the small-server bench (bench/measure-memory-limit.ts) alone, on PGlite or
 * PostgreSQL, with a limit of one's choosing, against the production build in build/. On PostgreSQL the
 * Node process alone is inside the group and a fresh temporary cluster outside it (the database
 * elsewhere). For the smallest machine of each mode in docs/operations.md (decision 037):
 *
 *   node bench/memory-limited-run.ts [--postgres] [--limit-mb=512] [--seconds=120]
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startTemporaryPostgres } from "../scripts/temporary-postgres.ts";
import { measureMemoryLimit } from "./measure-memory-limit.ts";

const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split("=")[1]) : fallback;
};
const onPostgres = process.argv.includes("--postgres");
const limitMb = arg("limit-mb", 512);
const seconds = arg("seconds", 120);
const appDir = path.resolve(import.meta.dirname, "..");
const workDir = mkdtempSync(path.join(os.tmpdir(), "sacred-memory-limited-"));
const postgres = onPostgres ? await startTemporaryPostgres() : undefined;
try {
  const result = await measureMemoryLimit({
    appDir,
    workDir,
    seconds,
    limitMb,
    env: postgres ? { DATABASE_URL: postgres.url, AUTH_SECRET: randomBytes(36).toString("base64url") } : {},
    log: (line) => console.log(`${onPostgres ? "PostgreSQL" : "PGlite"}, ${seconds} s of mixed traffic:${line}`),
  });
  console.log(JSON.stringify(result, null, 2));
  if (!("skipped" in result) && (result.oomKills > 0 || result.errors > 0)) process.exitCode = 1;
} finally {
  await postgres?.stop();
  rmSync(workDir, { recursive: true, force: true });
}
