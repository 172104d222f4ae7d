/**
 * What signed-in clients cost the server (issue 23, targets 1 and 2): `node bench/measure-signed-in.ts
 * [--requests=200] [--seconds=10] [--database=postgres]` after `npm run build`. Writes
 * bench/results-signed-in[-postgres].json and prints a table.
 *
 * 1. One client signed in through the real form asks, one at a time, for each page a client uses; the
 *    server's CPU time per request is read from /proc (fair on a busy machine), beside the median latency.
 * 2. 50 clients, each with her own account, browse those pages at once (autocannon): req/s, p50, p99;
 *    /api/health's latency and the event loop meanwhile, as in 3.
 * 3. 100 sign-ins at once (100 accounts, each from an address of its own) while the 50 browse: /api/health's latency meanwhile (asked by a process of
 *    its own, `probe-health.ts`), and the server's own event-loop delay histogram
 *    (`npm run cli -- event-loop`), reset just before.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startTemporaryPostgres } from "../scripts/temporary-postgres.ts";
import { describeMachine, measureCpuBusy } from "./describe-machine.ts";
import { sampleCpu } from "./sample-cpu.ts";
import {
  benchArg,
  browseSignedIn,
  createSignedInCookies,
  createSignedInUser,
  SIGNED_IN_PAGES,
} from "./signed-in-clients.ts";
import { type RunningServer, startServer } from "./start-server.ts";
import { percentile } from "./statistics.ts";

const requests = Number(benchArg("requests", "200"));
const seconds = Number(benchArg("seconds", "10"));
const onPostgres = benchArg("database", "pglite") === "postgres";
const CLIENTS = 50;
const SIGN_INS = 100;

const repo = path.resolve(import.meta.dirname, "..");
const root = mkdtempSync(path.join(os.tmpdir(), "signed-in-"));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

const otherLoadBefore = await measureCpuBusy();
const postgres = onPostgres ? await startTemporaryPostgres() : null;
const server = await startServer({
  appDir: repo,
  dataDir: path.join(root, "data"),
  logFile: path.join(root, "server.log"),
  // Behind a proxy, as a site with many visitors is: each sign-in of the burst comes from an address
  // of its own, so the burst is 100 real sign-ins rather than one address's few and its refusals.
  env: {
    TRUST_PROXY: "true",
    ...(postgres ? { DATABASE_URL: postgres.url, AUTH_SECRET: "bench-signed-in-secret-0123456789abcdef" } : {}),
  },
});

function cli(running: RunningServer, ...args: string[]): string {
  return execFileSync(process.execPath, ["build/server/cli.js", ...args], {
    cwd: repo,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...running.env },
    encoding: "utf8",
  }).trim();
}

/**
 * Asks /api/health every 20 ms from a process of its own (in this one, autocannon's work would delay
 * its readings) until the returned function is called, which gives the latencies' summary.
 */
function probeHealth(origin: string) {
  const probe = spawn(process.execPath, [path.join(repo, "bench", "probe-health.ts"), origin], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  let probed = "";
  probe.stdout.on("data", (chunk: Buffer) => {
    probed += chunk.toString();
  });
  const exited = new Promise((resolve) => probe.on("exit", resolve));
  return async () => {
    probe.stdin.end();
    await exited;
    const { latencies, errors } = JSON.parse(probed) as { latencies: number[]; errors: number };
    return {
      requests: latencies.length,
      errors,
      p50Ms: round(percentile(latencies, 50), 1),
      p99Ms: round(percentile(latencies, 99), 1),
      maxMs: round(Math.max(...latencies), 1),
    };
  };
}

try {
  const first = await createSignedInUser(server, repo, `bench-${Date.now()}@example.com`);
  const headers = { cookie: first.cookie, "accept-encoding": "gzip, deflate, br" };

  // 1. One client, one request at a time. First every page in turn, 100 rounds: the code they share
  // (rendering, routing, the session) is compiled by V8 once per process, on threads of its own that
  // /proc counts too, and that one-time cost fell on whichever page came first (`/products`: 2.55 ms
  // against 1.0 ms of the main thread's own samples in a CPU profile of 2,000 requests).
  for (let round = 0; round < 100; round++) {
    for (const page of SIGNED_IN_PAGES) await (await fetch(`${server.origin}${page}`, { headers })).arrayBuffer();
  }
  const single = [];
  for (const page of SIGNED_IN_PAGES) {
    for (let i = 0; i < 30; i++) await (await fetch(`${server.origin}${page}`, { headers })).arrayBuffer();
    const before = sampleCpu(server.pid);
    const latencies: number[] = [];
    let status = 0;
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      const res = await fetch(`${server.origin}${page}`, { headers });
      await res.arrayBuffer();
      status = res.status;
      latencies.push(performance.now() - started);
    }
    const cpuMs = (sampleCpu(server.pid) - before) / requests;
    single.push({ page, status, cpuMsPerRequest: round(cpuMs), medianMs: round(median(latencies)) });
    console.log(
      `signed-in ${page.padEnd(32)} ${status}  CPU ${cpuMs.toFixed(2)} ms/request, median ${median(latencies).toFixed(2)} ms`,
    );
  }

  // 2. Fifty clients at once, each her own account, each going round the pages.
  const cookies = [first.cookie, ...(await createSignedInCookies(server, repo, CLIENTS - 1))];
  const browse = (duration: number) => browseSignedIn(server.origin, cookies, duration);
  await browse(3);
  cli(server, "event-loop", "reset");
  const crowdHealth = probeHealth(server.origin);
  const cpuBefore = sampleCpu(server.pid);
  const crowd = await browse(seconds);
  const crowdResult = {
    clients: CLIENTS,
    requestsPerSecond: Math.round(crowd.requests.average),
    p50Ms: crowd.latency.p50,
    p99Ms: crowd.latency.p99,
    errors: crowd.errors + crowd.timeouts,
    non2xx: crowd.non2xx,
    cpuMsPerRequest: round((sampleCpu(server.pid) - cpuBefore) / Math.max(1, crowd.requests.total)),
    health: await crowdHealth(),
    eventLoop: JSON.parse(cli(server, "event-loop")),
  };
  console.log(`${CLIENTS} signed-in clients at once: ${JSON.stringify(crowdResult)}`);

  // 3. A burst of sign-ins while the fifty browse; /api/health and the event loop meanwhile.
  const password = "Bench-Password-42";
  // A hundred clients, each signing in to her own account from her own address: one account's
  // sign-ins at once would meet its own ceiling (decision 043), which is not what this measures.
  const stamp = Date.now();
  const burstEmails = Array.from({ length: SIGN_INS }, (_, i) => `burst-${stamp}-${i}@example.com`);
  for (const email of burstEmails) cli(server, "user:create", email, password, "Burst", "Client");
  cli(server, "event-loop", "reset");
  const browsing = browse(seconds);
  const burstHealth = probeHealth(server.origin);
  const statuses: Record<string, number> = {};
  const burstStarted = performance.now();
  await Promise.all(
    Array.from({ length: SIGN_INS }, async (_, i) => {
      const res = await fetch(`${server.origin}/auth`, {
        method: "POST",
        body: new URLSearchParams({ intent: "signin", email: burstEmails[i] as string, password }),
        headers: {
          origin: server.origin,
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": `198.51.100.${i + 1}`,
        },
        redirect: "manual",
      });
      await res.arrayBuffer();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }),
  );
  const burstMs = Math.round(performance.now() - burstStarted);
  const during = await browsing;
  const health = await burstHealth();
  const eventLoop = JSON.parse(cli(server, "event-loop"));
  const burstResult = {
    signIns: SIGN_INS,
    statuses,
    burstMs,
    browsing: { requestsPerSecond: Math.round(during.requests.average), p99Ms: during.latency.p99 },
    health,
    eventLoop,
  };
  console.log(`${SIGN_INS} sign-ins at once while ${CLIENTS} browse: ${JSON.stringify(burstResult)}`);

  const results = {
    command: `node bench/measure-signed-in.ts ${process.argv.slice(2).join(" ")}`.trim(),
    date: new Date().toISOString(),
    machine: describeMachine(repo),
    database: onPostgres ? "postgres" : "pglite",
    otherLoad: { cpuBusyPercentBefore: otherLoadBefore, cpuBusyPercentAfter: await measureCpuBusy() },
    single,
    crowd: crowdResult,
    burst: burstResult,
  };
  const file = path.join(repo, "bench", `results-signed-in${onPostgres ? "-postgres" : ""}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`Written: ${path.relative(repo, file)}`);
} finally {
  await server.stop();
  await postgres?.stop();
}
