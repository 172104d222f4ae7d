/**
 * `npm run bench`: builds the site, serves the production build on a free 127.0.0.1 port with a fresh
 * data folder (so the demo catalogue is seeded), measures page quality, throughput against a bare
 * node:http ceiling, memory, the cost of growth, the same throughput on PostgreSQL and a 10-minute soak,
 * then writes bench/results.json and bench/RESULTS.md. Stops every process it started.
 *
 *   --quick          short durations, one Lighthouse run per page, no soak; writes to bench/.out/ instead
 *   --committed      build `git archive HEAD` instead of the working tree
 *   --soak-seconds=N soak length (default 600; 0 skips it)
 *   --small          only the small-server part (spikes, sign-in burst, 512 MiB run, idle memory), to
 *                    bench/RESULTS-small.md
 *   --memory-seconds=N  length of the mixed traffic inside 512 MiB (default 600; 60 with --quick)
 *   --booking        only the booking part (the booking page and the slot query, empty diary vs 1,000
 *                    bookings), to bench/RESULTS-booking.md
 *   --port=N         the booking part's server on this port (a fixed range on a shared machine)
 *
 * Runs on Node 24's type stripping (only erasable syntax, sibling imports with .ts).
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { findPostgresBin, startTemporaryPostgres } from "../scripts/temporary-postgres.ts";
import type { BenchResults } from "./bench-results.ts";
import { describeMachine, measureCpuBusy } from "./describe-machine.ts";
import { evaluateTargets } from "./evaluate-targets.ts";
import { measureBooking, renderBooking } from "./measure-booking.ts";
import { measureGrowth } from "./measure-growth.ts";
import { measurePages } from "./measure-pages.ts";
import { measureSoak } from "./measure-soak.ts";
import { type LoadTarget, measureThroughput } from "./measure-throughput.ts";
import { monitorOtherLoad } from "./monitor-other-load.ts";
import { prepareBuild } from "./prepare-build.ts";
import { renderResults } from "./render-results.ts";
import { sampleProcess } from "./sample-process.ts";
import { seedGrowthData } from "./seed-growth-data.ts";
import { createSignedInUser } from "./signed-in-clients.ts";
import { renderSmallServer, runSmallServer } from "./small-server.ts";
import { type RunningServer, startServer } from "./start-server.ts";

const argv = process.argv.slice(2);
const quick = argv.includes("--quick");
const committed = argv.includes("--committed");
const soakArg = argv.find((a) => a.startsWith("--soak-seconds="));
const soakSeconds = soakArg ? Number(soakArg.split("=")[1]) : quick ? 0 : 600;
const small = argv.includes("--small");
const memoryArg = argv.find((a) => a.startsWith("--memory-seconds="));
const memorySeconds = memoryArg ? Number(memoryArg.split("=")[1]) : quick ? 60 : 600;
const booking = argv.includes("--booking");
const portArg = argv.find((a) => a.startsWith("--port="));
const bookingPort = portArg ? Number(portArg.split("=")[1]) : undefined;

const plan = quick
  ? { lighthouseRuns: 1, pageWarmup: 10, loadSeconds: 2, loadWarmup: 1, latencyRequests: 20, latencyWarmup: 10 }
  : { lighthouseRuns: 3, pageWarmup: 50, loadSeconds: 10, loadWarmup: 5, latencyRequests: 200, latencyWarmup: 50 };
const PAGES = ["/", "/products", "/product/chakra-balance-guide", "/zyto", "/media-events", "/auth"];
const LOAD_TARGETS: LoadTarget[] = [
  { name: "home", path: "/" },
  { name: "products", path: "/products" },
  { name: "product page", path: "/product/chakra-balance-guide" },
  { name: "health", path: "/api/health" },
];
const GROWTH_SIZES = [10, 1_000, 10_000];
const GROWTH_PURCHASES = 1_000;

const repo = path.resolve(import.meta.dirname, "..");
const outDir = path.join(repo, "bench", ".out");
const resultsFile = quick ? path.join(outDir, "results.quick.json") : path.join(repo, "bench", "results.json");
const markdownFile = quick ? path.join(outDir, "RESULTS.quick.md") : path.join(repo, "bench", "RESULTS.md");
const workDir = mkdtempSync(path.join(os.tmpdir(), "sacred-bench-"));
const command = ["npm run bench", argv.length ? `-- ${argv.join(" ")}` : ""].filter(Boolean).join(" ");

const started = new Date();
const log = (line: string) =>
  console.log(`[${((Date.now() - started.getTime()) / 1000).toFixed(0).padStart(4)} s] ${line}`);

/** Everything started is stopped, in reverse order, however the run ends. */
const running = new Set<{ stop(): Promise<void> }>();
const track = <T extends { stop(): Promise<void> }>(thing: T): T => {
  running.add(thing);
  return thing;
};
const release = async (thing: { stop(): Promise<void> }) => {
  running.delete(thing);
  await thing.stop();
};
async function cleanUp() {
  for (const thing of [...running].reverse()) await release(thing).catch((error: unknown) => console.error(error));
  rmSync(workDir, { recursive: true, force: true });
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping everything the benchmark started`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const errorLines = (file: string) => {
  try {
    return readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => /"level":(5\d|60)\b/.test(line)).length;
  } catch {
    return 0;
  }
};

async function main() {
  mkdirSync(outDir, { recursive: true });
  log(`benchmark${quick ? " (quick)" : ""}; work folder ${workDir}`);
  const machine = describeMachine(repo);
  const loadAverageBefore = os.loadavg();
  const cpuBusyPercentBefore = await measureCpuBusy();
  log(`machine: ${machine.cpuModel}, ${machine.cores} cores; other load: CPU ${cpuBusyPercentBefore} % busy`);

  let postgresPort = "";
  const load = monitorOtherLoad(() => (postgresPort ? [new RegExp(`postgres .*-p ${postgresPort}\\b`)] : []));
  load.section("build");
  log("building");
  const build = prepareBuild(repo, workDir, committed);
  const { appDir } = build;
  log(`built ${build.source} (${build.commit.slice(0, 10)}) in ${build.buildSeconds.toFixed(1)} s`);

  // --- Booking (issue 16): the booking page and the slot query, empty diary vs 1,000 bookings.
  if (!small) {
    load.section("booking");
    log("booking: empty diary vs 1,000 bookings");
    const bookingResults = await measureBooking({
      appDir,
      workDir,
      requests: plan.latencyRequests,
      warmup: plan.latencyWarmup,
      port: bookingPort,
      log,
    });
    const bookingLoad = booking ? load.finish().filter((s) => s.name === "booking") : [];
    const bookingFile = quick
      ? path.join(outDir, "RESULTS-booking.quick.md")
      : path.join(repo, "bench", "RESULTS-booking.md");
    writeFileSync(
      bookingFile,
      renderBooking(bookingResults, {
        command,
        date: new Date().toISOString(),
        commit: build.commit,
        load: `CPU ${cpuBusyPercentBefore} % busy before the run (3 s); load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(
            ", ",
          )} at its end${bookingLoad.map((s) => `; other processes used ${s.otherCpuPercent} % of all cores during it (the benchmark and its server ${s.benchCpuPercent} %)`).join("")}`,
      }),
    );
    writeFileSync(
      quick ? path.join(outDir, "results-booking.quick.json") : path.join(repo, "bench", "results-booking.json"),
      `${JSON.stringify(bookingResults, null, 2)}\n`,
    );
    for (const c of bookingResults.checks.filter((c) => c.pass === false)) {
      log(`  FAIL ${c.section}, ${c.figure}: ${c.value} (target ${c.target})`);
    }
    log(`wrote ${path.relative(repo, bookingFile)}`);
    if (booking) return;
  }

  // --- The small server (issue 12): spikes, a burst of sign-ins, 512 MiB, idle memory.
  load.section("small server");
  const smallResults = await runSmallServer({ appDir, workDir, quick, memorySeconds, log });
  const smallFile = quick ? path.join(outDir, "RESULTS-small.quick.md") : path.join(repo, "bench", "RESULTS-small.md");
  // The load monitor's figures are final only when it stops (the --small run ends here).
  const smallLoad = small ? load.finish().filter((s) => s.name === "small server") : [];
  writeFileSync(
    smallFile,
    renderSmallServer(smallResults, {
      command,
      date: new Date().toISOString(),
      commit: build.commit,
      load: `CPU ${cpuBusyPercentBefore} % busy before the run (3 s); load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(
          ", ",
        )} at its end; ${smallLoad.map((s) => `; other processes used ${s.otherCpuPercent} % of all cores during it (the benchmark and its server ${s.benchCpuPercent} %)`).join("")}`,
    }),
  );
  writeFileSync(
    quick ? path.join(outDir, "results-small.quick.json") : path.join(repo, "bench", "results-small.json"),
    `${JSON.stringify(smallResults, null, 2)}\n`,
  );
  for (const c of smallResults.checks.filter((c) => c.pass === false)) {
    log(`  FAIL ${c.section}, ${c.figure}: ${c.value} (target ${c.target})`);
  }
  log(`wrote ${path.relative(repo, smallFile)}`);
  if (small) return;

  // --- The embedded database with the demo catalogue: pages, throughput, memory.
  const pgliteDir = path.join(workDir, "data-pglite");
  const pgliteLog = path.join(workDir, "server-pglite.log");
  let server: RunningServer = track(await startServer({ appDir, dataDir: pgliteDir, logFile: pgliteLog }));
  log(`server on ${server.origin} (pid ${server.pid})`);
  const customer = await createSignedInUser(server, appDir, "bench-customer@example.com");
  const idle = sampleProcess(server.pid);

  // A server that has just started is still compiling its code; visitors meet a warm one.
  for (let i = 0; i < plan.pageWarmup; i++) {
    for (const page of PAGES) await (await fetch(`${server.origin}${page}`)).arrayBuffer();
  }
  load.section("Lighthouse");
  log(`Lighthouse: ${PAGES.length} pages × ${plan.lighthouseRuns}`);
  const pages = await measurePages({
    repo,
    origin: server.origin,
    paths: PAGES,
    runs: plan.lighthouseRuns,
    outDir: path.join(outDir, "lighthouse"),
    log,
  });
  const afterLighthouse = sampleProcess(server.pid);

  load.section("throughput (PGlite)");
  log("throughput (PGlite)");
  const throughputOptions = {
    targets: LOAD_TARGETS,
    ceilingPath: "/products",
    connections: 50,
    durationSeconds: plan.loadSeconds,
    warmupSeconds: plan.loadWarmup,
    workDir,
    log,
  };
  const pgliteThroughput = await measureThroughput({ ...throughputOptions, origin: server.origin, pid: server.pid });
  const afterLoad = sampleProcess(server.pid);
  log(`memory after the load runs: ${afterLoad.rssMb} MB, ${afterLoad.fds} fds`);
  await release(server);

  // --- Cost of growth, on the same data folder (the customer's session lives in it).
  load.section("cost of growth");
  log(`growth: ${GROWTH_SIZES.join(", ")} products, ${GROWTH_PURCHASES} purchases`);
  const growth = await measureGrowth({
    appDir,
    dataDir: pgliteDir,
    logFile: pgliteLog,
    user: customer,
    sizes: GROWTH_SIZES,
    purchases: GROWTH_PURCHASES,
    requests: plan.latencyRequests,
    warmup: plan.latencyWarmup,
    log,
  });

  // --- PostgreSQL: the same throughput set.
  load.section("throughput (PostgreSQL)");
  log("throughput (PostgreSQL)");
  const postgres = track(await startTemporaryPostgres());
  postgresPort = new URL(postgres.url).port;
  const postgresLog = path.join(workDir, "server-postgres.log");
  server = track(
    await startServer({
      appDir,
      dataDir: path.join(workDir, "data-postgres"),
      logFile: postgresLog,
      env: { DATABASE_URL: postgres.url, AUTH_SECRET: randomBytes(36).toString("base64url") },
    }),
  );
  const postgresIdle = sampleProcess(server.pid);
  const postgresThroughput = await measureThroughput({ ...throughputOptions, origin: server.origin, pid: server.pid });
  const postgresAfterLoad = sampleProcess(server.pid);
  await release(server);
  await release(postgres);

  // --- Soak, on a fresh embedded database.
  let soak: BenchResults["soak"] = null;
  const soakLog = path.join(workDir, "server-soak.log");
  if (soakSeconds > 0) {
    load.section("soak");
    log(`soak: ${soakSeconds} s`);
    const soakDir = path.join(workDir, "data-soak");
    server = track(await startServer({ appDir, dataDir: soakDir, logFile: soakLog }));
    const soakCustomer = await createSignedInUser(server, appDir, "soak-customer@example.com");
    await release(server);
    // 45 orders: three pages of My Sacred Downloads.
    await seedGrowthData(soakDir, { products: 0, userId: soakCustomer.id, purchases: 45 });
    server = track(await startServer({ appDir, dataDir: soakDir, logFile: soakLog }));
    const home = await (await fetch(`${server.origin}/`)).text();
    const stylesheet = /<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/.exec(home)?.[1] ?? "/favicon.ico";
    soak = await measureSoak({
      pid: server.pid,
      origin: server.origin,
      cookie: soakCustomer.cookie,
      stylesheet,
      rate: 150,
      connections: 10,
      // Memory climbs for about two minutes at this rate while the database's buffer cache fills, then
      // stays flat (measured: 610 → 732 MB by 120 s, then 731-732 MB to 300 s); growth is judged after that.
      warmupSeconds: quick ? 10 : 180,
      durationSeconds: soakSeconds,
      sampleSeconds: 5,
      log,
    });
    await release(server);
  }

  const sections = load.finish();
  const cpuBusyPercentAfter = await measureCpuBusy();
  const finished = new Date();
  const partial: Omit<BenchResults, "checks"> = {
    meta: {
      command,
      quick,
      startedAt: started.toISOString(),
      finishedAt: finished.toISOString(),
      wallSeconds: Math.round((finished.getTime() - started.getTime()) / 1000),
      machine,
      otherLoad: { cpuBusyPercentBefore, cpuBusyPercentAfter, loadAverageBefore, sections },
      build: {
        commit: build.commit,
        source: build.source,
        uncommitted: build.uncommitted,
        buildSeconds: build.buildSeconds,
      },
      postgres: `PostgreSQL ${path.basename(path.dirname(findPostgresBin() ?? "/unknown/bin"))} (Debian, temporary cluster from scripts/temporary-postgres.ts, fsync off)`,
    },
    pages: { runsPerPage: plan.lighthouseRuns, results: pages },
    throughput: { pglite: pgliteThroughput, postgres: postgresThroughput },
    memory: {
      pglite: {
        idle: { rssMb: idle.rssMb, fds: idle.fds },
        afterLighthouse: { rssMb: afterLighthouse.rssMb, fds: afterLighthouse.fds },
        afterLoad: { rssMb: afterLoad.rssMb, fds: afterLoad.fds },
      },
      postgres: {
        idle: { rssMb: postgresIdle.rssMb, fds: postgresIdle.fds },
        afterLoad: { rssMb: postgresAfterLoad.rssMb, fds: postgresAfterLoad.fds },
      },
    },
    growth,
    soak,
    serverErrors: {
      "PGlite server (pages, load, growth)": errorLines(pgliteLog),
      "PostgreSQL server": errorLines(postgresLog),
      ...(soak ? { "soak server": errorLines(soakLog) } : {}),
    },
  };
  const results: BenchResults = { ...partial, checks: evaluateTargets(partial) };
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(markdownFile, renderResults(results));
  const failed = results.checks.filter((c) => c.pass === false);
  log(`wrote ${path.relative(repo, resultsFile)} and ${path.relative(repo, markdownFile)}`);
  log(`${results.checks.filter((c) => c.pass).length} checks pass, ${failed.length} fail`);
  for (const c of failed) log(`  FAIL ${c.section}, ${c.figure}: ${c.value} (target ${c.target})`);
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
