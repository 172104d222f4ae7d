/**
 * A throwaway PostgreSQL cluster on a free loopback port, for tests and benchmarks.
 * PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` user.
 */
import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port.ts";

export function findPostgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : undefined;
}

export async function startTemporaryPostgres(): Promise<{ url: string; stop(): Promise<void> }> {
  const bin = findPostgresBin();
  if (!bin) throw new Error("PostgreSQL is not installed (apt-get install -y postgresql)");
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), "pg-test-"));
  const dataDir = path.join(dir, "data");
  if (asRoot) {
    const uid = Number(spawnSync("id", ["-u", "postgres"]).stdout.toString().trim());
    const gid = Number(spawnSync("id", ["-g", "postgres"]).stdout.toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (command: string, args: string[]) => {
    const full = asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(bin, command), ...args]]
      : [path.join(bin, command), args];
    const result = spawnSync(full[0] as string, full[1] as string[], { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  const port = await freePort();
  run("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  run("pg_ctl", [
    "-D",
    dataDir,
    "-l",
    path.join(dir, "log"),
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    "-w",
    "start",
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        run("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
