/**
 * The small-server part of the benchmark (issue 12, decision 027): spikes against per-page ceilings,
 * a burst of sign-ins, the 512 MiB memory-limited run, and idle memory on PostgreSQL. Run alone with
 * `npm run bench -- --small`, or as part of the full run; writes bench/RESULTS-small.md.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { startTemporaryPostgres } from "../scripts/temporary-postgres.ts";
import type { Check } from "./bench-results.ts";
import { type MemoryLimitResult, measureMemoryLimit } from "./measure-memory-limit.ts";
import { measureSignInBurst, type SignInBurstResult } from "./measure-sign-in-burst.ts";
import { measureSpikes, type SpikesResult } from "./measure-spikes.ts";
import { sampleProcess } from "./sample-process.ts";
import { createSignedInUser } from "./signed-in-clients.ts";
import { startServer } from "./start-server.ts";

export type SmallServerResults = {
  spikes: SpikesResult;
  signInBurst: SignInBurstResult;
  memoryLimit: MemoryLimitResult;
  idleRssMb: { pgliteAfterRestart: number | null; postgres: number };
  checks: Check[];
};

export const SMALL_TARGETS = {
  ceilingShare: 0.5,
  p99Ms: { 50: 50, 200: 200 } as Record<number, number>,
  burstP99Ms: 100,
  pgliteIdleMb: 200,
  postgresIdleMb: 150,
};

export const SPIKE_TARGETS = [
  { name: "home", path: "/" },
  { name: "products", path: "/products" },
  { name: "product page", path: "/product/chakra-balance-guide" },
];

export async function runSmallServer(options: {
  appDir: string;
  workDir: string;
  quick: boolean;
  memorySeconds: number;
  log: (line: string) => void;
}): Promise<SmallServerResults> {
  const { appDir, workDir, log } = options;
  log("small server: spikes (PGlite, demo catalogue)");
  const limits = {
    AUTH_SIGNIN_MAX_PER_IP: "1000000",
    AUTH_SIGNIN_MAX_PER_ACCOUNT: "1000000",
    AUTH_SIGNIN_MAX_PER_ACCOUNT_ALL_CLIENTS: "1000000",
  };
  let server = await startServer({
    appDir,
    dataDir: path.join(workDir, "data-spikes"),
    logFile: path.join(workDir, "server-spikes.log"),
    env: limits,
  });
  try {
    for (const target of SPIKE_TARGETS) await (await fetch(`${server.origin}${target.path}`)).arrayBuffer();
    const spikes = await measureSpikes({
      origin: server.origin,
      pid: server.pid,
      targets: SPIKE_TARGETS,
      connections: [50, 200],
      durationSeconds: options.quick ? 3 : 10,
      warmupSeconds: options.quick ? 1 : 3,
      workDir,
      log,
    });
    log("small server: 100 parallel sign-ins from one client");
    const user = await createSignedInUser(server, appDir, "burst@example.com");
    const signInBurst = await measureSignInBurst({
      origin: server.origin,
      email: user.email,
      password: "Bench-Password-42",
      signIns: 100,
      log,
    });
    await server.stop();

    log(`small server: inside 512 MiB, ${options.memorySeconds} s of mixed traffic`);
    const memoryLimit = await measureMemoryLimit({ appDir, workDir, seconds: options.memorySeconds, log });

    log("small server: idle memory on PostgreSQL");
    const postgres = await startTemporaryPostgres();
    try {
      server = await startServer({
        appDir,
        dataDir: path.join(workDir, "data-small-postgres"),
        logFile: path.join(workDir, "server-small-postgres.log"),
        env: { DATABASE_URL: postgres.url, AUTH_SECRET: randomBytes(36).toString("base64url") },
      });
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const postgresIdle = sampleProcess(server.pid).rssMb;
      await server.stop();
      log(`  PostgreSQL: idle RSS ${postgresIdle} MB`);
      const partial = {
        spikes,
        signInBurst,
        memoryLimit,
        idleRssMb: {
          pgliteAfterRestart: "skipped" in memoryLimit ? null : memoryLimit.idleAfterRestartMb,
          postgres: postgresIdle,
        },
      };
      return { ...partial, checks: evaluateSmallServer(partial) };
    } finally {
      await postgres.stop();
    }
  } finally {
    await server.stop();
  }
}

export function evaluateSmallServer(results: Omit<SmallServerResults, "checks">): Check[] {
  const checks: Check[] = [];
  const add = (section: string, figure: string, value: string, target: string, pass: boolean | null) =>
    checks.push({ section, figure, value, target, pass });
  for (const run of results.spikes.runs) {
    const section = `Spikes at ${run.connections} connections`;
    const p99Target = SMALL_TARGETS.p99Ms[run.connections] ?? 200;
    add(
      section,
      `${run.route.name}: share of its node:http ceiling`,
      `${run.route.requestsPerSecond} of ${run.ceiling.requestsPerSecond} req/s = ${(run.ratio * 100).toFixed(0)} %`,
      `≥ ${SMALL_TARGETS.ceilingShare * 100} %`,
      run.ratio >= SMALL_TARGETS.ceilingShare,
    );
    add(section, `${run.route.name}: p99`, `${run.route.p99Ms} ms`, `< ${p99Target} ms`, run.route.p99Ms < p99Target);
    const failures = run.route.errors + run.route.timeouts + run.route.non2xx;
    add(section, `${run.route.name}: errors`, String(failures), "0", failures === 0);
  }
  for (const visitor of results.signInBurst.during) {
    add(
      "100 parallel sign-ins",
      `${visitor.path} p99 during the burst`,
      `${visitor.p99Ms} ms (${visitor.requests} requests, max ${visitor.maxMs} ms, ${visitor.errors} errors)`,
      `< ${SMALL_TARGETS.burstP99Ms} ms`,
      visitor.p99Ms < SMALL_TARGETS.burstP99Ms && visitor.errors === 0,
    );
  }
  add(
    "100 parallel sign-ins",
    "sign-ins answered",
    `${JSON.stringify(results.signInBurst.signInStatuses)} in ${results.signInBurst.burstMs} ms`,
    "reported",
    null,
  );
  const memory = results.memoryLimit;
  if ("skipped" in memory) {
    add("Inside 512 MiB", "memory-limited run", `skipped: ${memory.skipped}`, "reported", null);
  } else {
    add("Inside 512 MiB", "OOM kills", String(memory.oomKills), "0", memory.oomKills === 0);
    add("Inside 512 MiB", "errors (5xx or no answer)", String(memory.errors), "0", memory.errors === 0);
    add(
      "Inside 512 MiB",
      "peak usage of the group (memory and page cache)",
      `${memory.peakMb} MB; limit reached ${memory.limitHits}× (page cache reclaimed)`,
      "reported",
      null,
    );
    add(
      "Inside 512 MiB",
      "requests of the mixed traffic",
      Object.entries(memory.requests)
        .map(([k, v]) => `${k} ${v}`)
        .join(", "),
      "reported",
      null,
    );
    add("Inside 512 MiB", "first start on an empty folder", `${memory.firstStartMs} ms`, "reported", null);
    add(
      "Idle memory",
      "PGlite: RSS after the first start / after the load",
      `${memory.idleAfterFirstStartMb} MB / ${memory.rssAfterLoadMb} MB`,
      "reported",
      null,
    );
  }
  const pglite = results.idleRssMb.pgliteAfterRestart;
  add(
    "Idle memory",
    "PGlite: RSS after a restart",
    pglite === null ? "not measured" : `${pglite} MB`,
    `≤ ${SMALL_TARGETS.pgliteIdleMb} MB`,
    pglite === null ? null : pglite <= SMALL_TARGETS.pgliteIdleMb,
  );
  add(
    "Idle memory",
    "PostgreSQL: RSS after start",
    `${results.idleRssMb.postgres} MB`,
    `≤ ${SMALL_TARGETS.postgresIdleMb} MB`,
    results.idleRssMb.postgres <= SMALL_TARGETS.postgresIdleMb,
  );
  return checks;
}

export function renderSmallServer(
  results: SmallServerResults,
  meta: { command: string; date: string; commit: string; load: string },
): string {
  const lines = [
    "# Small server: benchmark results",
    "",
    `Generated by \`${meta.command}\` (bench/small-server.ts) at ${meta.date}, build of ${meta.commit.slice(0, 10)}; do not edit by hand.`,
    "",
    `Other load on the machine during the run: ${meta.load}.`,
    "",
    `Spikes: ${results.spikes.command}.`,
    "",
    "| Section | Figure | Value | Target | |",
    "| --- | --- | --- | --- | --- |",
    ...results.checks.map(
      (c) =>
        `| ${c.section} | ${c.figure} | ${c.value} | ${c.target} | ${c.pass === null ? "" : c.pass ? "✅" : "❌"} |`,
    ),
    "",
  ];
  return lines.join("\n");
}
