/**
 * More than one server (issue 23, target 5): `node bench/measure-instances.ts [--instances=4]
 * [--seconds=10] [--cores-each=0.25]` after `npm run build`. On one temporary PostgreSQL, 48 signed-in
 * clients browse the client's pages on one instance, then spread over N instances (as a reverse proxy
 * would spread them: each client keeps to one instance); the ratio of the two rates is what scaling
 * out buys. Writes bench/results-instances.json.
 *
 * Instances share the machine's cores: on 2 cores, N instances cannot do more than 2 cores' work.
 * `--cores-each` is the scale model for a small machine: each instance in its own CPU cgroup
 * (bench/cpu-cgroup.ts) limited to that share of one core, as each would have its own core on a
 * larger machine, while PostgreSQL and the load generator use the rest. The ratio then says whether
 * anything the instances share (the database, its locks, the LISTEN connection) holds them back; the
 * machine's CPU busy during each run shows the rest had room (it writes
 * bench/results-instances-limited.json).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startTemporaryPostgres } from "../scripts/temporary-postgres.ts";
import { type CpuCgroup, createCpuCgroup } from "./cpu-cgroup.ts";
import { describeMachine, measureCpuBusy } from "./describe-machine.ts";
import { benchArg, browseSignedIn, createSignedInCookies } from "./signed-in-clients.ts";
import { type RunningServer, startServer } from "./start-server.ts";

const instances = Number(benchArg("instances", "4"));
const seconds = Number(benchArg("seconds", "10"));
const coresEach = Number(benchArg("cores-each", "0")) || undefined;
const CLIENTS = 48;

const repo = path.resolve(import.meta.dirname, "..");
const root = mkdtempSync(path.join(os.tmpdir(), "instances-"));
const otherLoadBefore = await measureCpuBusy();
const postgres = await startTemporaryPostgres();
const servers: RunningServer[] = [];
const groups: CpuCgroup[] = [];
const start = async (i: number) => {
  let cgroupDir: string | undefined;
  if (coresEach) {
    const group = createCpuCgroup(`instances-bench-${process.pid}-${i}`, coresEach);
    if (typeof group === "string") throw new Error(`--cores-each: ${group}`);
    groups.push(group);
    cgroupDir = group.dir;
  }
  const server = await startServer({
    cgroupDir,
    appDir: repo,
    dataDir: path.join(root, `data-${i}`),
    logFile: path.join(root, `server-${i}.log`),
    // One secret: a session made on one instance is good on all (as behind a proxy).
    env: { DATABASE_URL: postgres.url, AUTH_SECRET: "bench-instances-secret-0123456789abcdef" },
  });
  servers.push(server);
  return server;
};

/** Each of `targets` gets an equal share of the clients, for `duration` seconds, all at once. */
async function browse(targets: RunningServer[], cookies: string[], duration: number) {
  const share = CLIENTS / targets.length;
  const throttledBefore = groups.map((group) => group.throttled());
  const [runs, machineCpuBusyPercent] = await Promise.all([
    Promise.all(
      targets.map((server, i) => browseSignedIn(server.origin, cookies.slice(i * share, (i + 1) * share), duration)),
    ),
    // The whole machine, over the run's middle (autocannon's start and end are not load).
    measureCpuBusy(Math.max(1000, (duration - 2) * 1000)),
  ]);
  const throttled = groups.slice(0, targets.length).map((group, i) => {
    const after = group.throttled();
    const before = throttledBefore[i] ?? after;
    const periods = after.periods - before.periods;
    return periods > 0 ? Math.round(((after.throttledPeriods - before.throttledPeriods) / periods) * 100) : 0;
  });
  return {
    requestsPerSecond: Math.round(runs.reduce((sum, run) => sum + run.requests.average, 0)),
    p99Ms: Math.max(...runs.map((run) => run.latency.p99)),
    errors: runs.reduce((sum, run) => sum + run.errors + run.timeouts + run.non2xx, 0),
    machineCpuBusyPercent,
    ...(coresEach ? { percentOfPeriodsHeldAtLimit: throttled } : {}),
  };
}

/**
 * Browses until the rate settles (two 5 s runs within 10 %, at most a minute): each client's first
 * pages are renders and later ones mostly not (decision 052), and the code must be compiled, which
 * takes a while on a share of a core.
 */
async function warmUp(targets: RunningServer[], cookies: string[]) {
  let last = 0;
  for (let round = 0; round < 12; round++) {
    const { requestsPerSecond } = await browse(targets, cookies, 5);
    if (last > 0 && Math.abs(requestsPerSecond - last) <= last * 0.1) return;
    last = requestsPerSecond;
  }
}

try {
  const first = await start(0);
  const cookies = await createSignedInCookies(first, repo, CLIENTS);
  await warmUp([first], cookies);
  const one = await browse([first], cookies, seconds);
  console.log(`1 instance: ${JSON.stringify(one)}`);
  for (let i = 1; i < instances; i++) await start(i);
  await warmUp(servers, cookies);
  const many = await browse(servers, cookies, seconds);
  console.log(`${instances} instances: ${JSON.stringify(many)}`);
  const ratio = Math.round((many.requestsPerSecond / Math.max(1, one.requestsPerSecond)) * 100) / 100;
  console.log(
    `${instances} instances serve ${ratio} times the rate of one (${os.cpus().length} cores${coresEach ? `, ${coresEach} of a core each` : ""})`,
  );
  const results = {
    command: `node bench/measure-instances.ts ${process.argv.slice(2).join(" ")}`.trim(),
    date: new Date().toISOString(),
    machine: describeMachine(repo),
    otherLoad: { cpuBusyPercentBefore: otherLoadBefore, cpuBusyPercentAfter: await measureCpuBusy() },
    clients: CLIENTS,
    coresEach: coresEach ?? "unlimited (the instances share the machine's cores)",
    one,
    many: { instances, ...many },
    ratio,
  };
  const file = coresEach ? "results-instances-limited.json" : "results-instances.json";
  writeFileSync(path.join(repo, "bench", file), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  for (const server of servers) await server.stop();
  for (const group of groups) group.remove();
  await postgres.stop();
}
