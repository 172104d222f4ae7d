import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { killRunningServers, removeFolder, ServerProcess, temporaryFolder } from "../support/server-process";
import { PAID_PRODUCTS, payDemoCheckout, startCheckout } from "../support/site-client";
import { onPostgres } from "../support/test-database";
import { createTestSite } from "../support/test-site";
import { newBuyer } from "../support/write-load";

const hasStrace = spawnSync("strace", ["-V"]).status === 0;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  await killRunningServers();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** strace attached to a running server, logging its fsync and fdatasync calls with the files they were on. */
async function traceFsyncs(pid: number, log: string): Promise<{ stop(): Promise<string[]> }> {
  const tracer: ChildProcess = spawn(
    "strace",
    ["-f", "-y", "-e", "trace=fsync,fdatasync", "-o", log, "-p", String(pid)],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  await new Promise<void>((resolve, reject) => {
    tracer.stderr?.on("data", (chunk) => {
      stderr += chunk;
      if (stderr.includes("attached")) resolve();
    });
    tracer.once("exit", (code) => reject(new Error(`strace exited (${code}): ${stderr}`)));
  });
  return {
    async stop() {
      // strace detaches on SIGINT and the server goes on; the log is complete once strace has exited.
      const exited = new Promise((resolve) => tracer.once("exit", resolve));
      tracer.kill("SIGINT");
      await exited;
      return readFileSync(log, "utf8")
        .split("\n")
        .filter((line) => /\b(fsync|fdatasync)\(/.test(line));
    },
  };
}

describe("a paid checkout on the embedded database is on disk before the buyer is told", () => {
  it.skipIf(!hasStrace || onPostgres())(
    "the server fsyncs PostgreSQL's WAL when a paid checkout commits, and not for reads (observed with strace)",
    async () => {
      const site = await createTestSite("durable-commit", { BACKUP_INTERVAL_HOURS: "0" });
      cleanups.push(() => site.cleanup());
      const logs = temporaryFolder("strace");
      cleanups.push(() => removeFolder(logs));
      const server = await ServerProcess.start(site);
      const buyer = await newBuyer(server);

      const reading = await traceFsyncs(server.pid, path.join(logs, "reads.log"));
      for (let i = 0; i < 5; i++) expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      expect((await fetch(`${server.url}/products`)).status).toBe(200);
      expect(await reading.stop()).toEqual([]);

      const paying = await traceFsyncs(server.pid, path.join(logs, "checkout.log"));
      const purchase = (await startCheckout(
        buyer,
        server.url,
        PAID_PRODUCTS[0] as (typeof PAID_PRODUCTS)[number],
      )) as string;
      expect(await payDemoCheckout(buyer, purchase)).toBe(true);
      const calls = await paying.stop();
      // e.g. fsync(23</tmp/sacred-durable-commit-…/pgdata/pg_wal/000000010000000000000001>) = 0
      const walFsyncs = calls.filter((line) => /fsync\(\d+<[^>]*\/pgdata\/pg_wal\/[0-9A-F]{24}>\) = 0/.test(line));
      expect(walFsyncs.length, calls.join("\n")).toBeGreaterThan(0);
      expect(calls.filter((line) => !/ = 0$/.test(line))).toEqual([]);
    },
  );
});
