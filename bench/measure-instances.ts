/**
 * More than one server (issue 23, target 5): `node bench/measure-instances.ts [--instances=4]
 * [--seconds=10]` after `npm run build`. On one temporary PostgreSQL, 50 signed-in clients browse the
 * client's pages on one instance, then spread over N instances (as a reverse proxy would spread them:
 * each client keeps to one instance); the ratio of the two rates is what scaling out buys on this
 * machine. Writes bench/results-instances.json. Instances share the machine's cores: on 2 cores, N
 * instances cannot do more than 2 cores' work, and the figure says so beside the core count.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startTemporaryPostgres } from "../scripts/temporary-postgres.ts";
import { describeMachine, measureCpuBusy } from "./describe-machine.ts";
import { benchArg, browseSignedIn, createSignedInCookies } from "./signed-in-clients.ts";
import { type RunningServer, startServer } from "./start-server.ts";

const instances = Number(benchArg("instances", "4"));
const seconds = Number(benchArg("seconds", "10"));
const CLIENTS = 48;

const repo = path.resolve(import.meta.dirname, "..");
const root = mkdtempSync(path.join(os.tmpdir(), "instances-"));
const otherLoadBefore = await measureCpuBusy();
const postgres = await startTemporaryPostgres();
const servers: RunningServer[] = [];
const start = async (i: number) => {
  const server = await startServer({
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
  const runs = await Promise.all(
    targets.map((server, i) => browseSignedIn(server.origin, cookies.slice(i * share, (i + 1) * share), duration)),
  );
  return {
    requestsPerSecond: Math.round(runs.reduce((sum, run) => sum + run.requests.average, 0)),
    p99Ms: Math.max(...runs.map((run) => run.latency.p99)),
    errors: runs.reduce((sum, run) => sum + run.errors + run.timeouts + run.non2xx, 0),
  };
}

try {
  const first = await start(0);
  const cookies = await createSignedInCookies(first, repo, CLIENTS);
  await browse([first], cookies, 3);
  const one = await browse([first], cookies, seconds);
  console.log(`1 instance: ${JSON.stringify(one)}`);
  for (let i = 1; i < instances; i++) await start(i);
  await browse(servers, cookies, 3);
  const many = await browse(servers, cookies, seconds);
  console.log(`${instances} instances: ${JSON.stringify(many)}`);
  const ratio = Math.round((many.requestsPerSecond / Math.max(1, one.requestsPerSecond)) * 100) / 100;
  console.log(`${instances} instances serve ${ratio} times the rate of one (${os.cpus().length} cores)`);
  const results = {
    command: `node bench/measure-instances.ts ${process.argv.slice(2).join(" ")}`.trim(),
    date: new Date().toISOString(),
    machine: describeMachine(repo),
    otherLoad: { cpuBusyPercentBefore: otherLoadBefore, cpuBusyPercentAfter: await measureCpuBusy() },
    clients: CLIENTS,
    one,
    many: { instances, ...many },
    ratio,
  };
  writeFileSync(path.join(repo, "bench", "results-instances.json"), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  for (const server of servers) await server.stop();
  await postgres.stop();
}
