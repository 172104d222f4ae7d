/**
 * `npm test`: everything CI checks. Installs Debian's chromium-headless-shell, postgresql and Java (for the Nu HTML
 * Checker) first when they are missing and we are root; otherwise says exactly what to install.
 *
 * The checks are STAGES (the list below): each a few commands run one after another, starting when
 * the stages it `needs` have passed. Up to TEST_JOBS stages (default 2, one per core) run at once,
 * in list order, so put long stages early. A stage's output is kept and printed whole when it ends,
 * so parallel stages never interleave; the first failure stops every other stage (their whole process
 * groups) and fails the run, naming the stage. Decision 026.
 *
 *   node scripts/test.ts                 every stage
 *   node scripts/test.ts unit e2e        only these stages (their `needs` are assumed done)
 *   TEST_JOBS=1 node scripts/test.ts     one stage at a time
 *
 * Runs on Node 24's type stripping, so it imports only Node built-ins and sibling files with .ts.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { chromiumPath, HEADLESS_SHELL } from "./chromium-path.ts";
import { findPostgresBin, startTemporaryPostgres } from "./temporary-postgres.ts";

type Stage = {
  id: string;
  title: string;
  /** Run one after another; the stage fails at the first that fails. */
  commands: [command: string, ...args: string[]][];
  /** Stages that must have passed first. */
  needs?: string[];
  /** A temporary PostgreSQL server (one per run, shared): its URL is passed as TEST_DATABASE_URL. */
  postgres?: boolean;
  env?: NodeJS.ProcessEnv;
};

const reliability = { RELIABILITY_TESTS: "1" };

const stages: Stage[] = [
  { id: "build", title: "Production build", commands: [["npm", "run", "build"]] },
  {
    id: "static",
    title: "Type check and lint",
    commands: [
      ["react-router", "typegen"],
      ["tsc", "--noEmit"],
      ["biome", "ci", "."],
    ],
  },
  // The browser tests are the longest stage: first as soon as the build is there.
  {
    id: "e2e",
    title: "Browser tests (Chromium, production build)",
    commands: [["playwright", "test"]],
    needs: ["build"],
  },
  // Unit tests, and every database test on PGlite against the source (process.test.ts and the
  // static-asset checks also use the build). After the type check: the app's Vite plugin, which
  // these load, rewrites .react-router/types while it runs, and tsc must not read them half-written.
  // Two files at a time (Vitest's default on two cores is one). Measured: no faster, as the CPU is
  // already 98 % busy during npm test (decision 026).
  // The files about the HTTP layer rather than the database (hostile input, who may open what, the
  // e-mails' markup) run once, in the PostgreSQL stage: on PGlite beside the browser tests they took
  // 215 s of the stage's time (decision 058).
  {
    id: "unit",
    title: "Unit and integration tests (PGlite)",
    commands: [["vitest", "run", "--maxWorkers=2"]],
    needs: ["build", "static"],
    env: { SKIP_ENGINE_NEUTRAL_TESTS: "1" },
  },
  {
    id: "database-postgres",
    title: "Integration tests (PostgreSQL)",
    commands: [["vitest", "run", "--project", "database", "--maxWorkers=2"]],
    needs: ["build", "static"],
    postgres: true,
  },
  // Real server processes killed, stopped and restarted under load (tests/reliability/).
  {
    id: "reliability",
    title: "Reliability (PGlite)",
    commands: [["vitest", "run", "--project", "reliability"]],
    needs: ["build"],
    env: reliability,
  },
  {
    id: "reliability-postgres",
    title: "Reliability (PostgreSQL)",
    commands: [["vitest", "run", "--project", "reliability"]],
    needs: ["build"],
    postgres: true,
    env: reliability,
  },
];

const isRoot = process.getuid?.() === 0;

function ensureSystemPackage(name: string, present: () => boolean) {
  if (present()) return;
  if (!isRoot) {
    console.error(`Missing the Debian package "${name}". Install it with: sudo apt-get install -y ${name}`);
    process.exit(1);
  }
  console.log(`Installing ${name} with apt-get...`);
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", name],
  ]) {
    const result = spawnSync("apt-get", args, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)}s`;

/** Children still running, by process group, so a failure or Ctrl-C can stop them and theirs. */
const running = new Set<ChildProcess>();

function stopAll() {
  const groups = [...running].flatMap((child) => (child.pid ? [child.pid] : []));
  const signal = (name: NodeJS.Signals) => {
    for (const pid of groups) {
      try {
        // Each stage command leads its own process group: this reaches the servers and browsers it started.
        process.kill(-pid, name);
      } catch {
        // Already gone.
      }
    }
  };
  // SIGINT as Ctrl-C would: Playwright and Vitest then stop the servers they started themselves
  // (Playwright's web server runs in a process group of its own); whatever is left, 5 s later, is killed.
  signal("SIGINT");
  setTimeout(() => signal("SIGKILL"), 5000).unref();
}

/** Runs one command with its output captured; resolves to its exit code. */
function runCommand(command: string[], env: NodeJS.ProcessEnv, output: Buffer[]): Promise<number> {
  const [file, ...args] = command as [string, ...string[]];
  return new Promise((resolve) => {
    const child = spawn(file, args, {
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? "1" : "0", ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    running.add(child);
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code, signal) => {
      running.delete(child);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

async function runStages(selected: Stage[]) {
  const jobs = Math.max(1, Number(process.env.TEST_JOBS) || 2);
  const selectedIds = new Set(selected.map((s) => s.id));
  const passed = new Set<string>();
  const times: [string, string][] = [];
  let postgres: Promise<Awaited<ReturnType<typeof startTemporaryPostgres>>> | undefined;
  let failed: string | undefined;
  const active = new Map<string, Promise<void>>();
  const since = new Map<string, number>();
  const waiting = [...selected];
  // Output is printed when a stage ends: say now and then what is still going.
  const heartbeat = setInterval(() => {
    console.log(`… running: ${[...since].map(([id, at]) => `${id} ${seconds(at)}`).join(", ")}`);
  }, 60_000);

  const ready = (stage: Stage) => (stage.needs ?? []).every((id) => passed.has(id) || !selectedIds.has(id));

  async function run(stage: Stage) {
    const started = Date.now();
    const output: Buffer[] = [];
    console.log(`▶ ${stage.title}`);
    let code = 0;
    let env = stage.env ?? {};
    if (stage.postgres) {
      postgres ??= startTemporaryPostgres();
      try {
        env = { ...env, TEST_DATABASE_URL: (await postgres).url };
      } catch (error) {
        output.push(Buffer.from(`Could not start a temporary PostgreSQL: ${String(error)}\n`));
        code = 1;
      }
    }
    for (const command of code === 0 ? stage.commands : []) {
      output.push(Buffer.from(`$ ${command.join(" ")}\n`));
      code = await runCommand(command, env, output);
      if (code !== 0 || failed) break;
    }
    const title = `${stage.title} [${stage.id}]`;
    if (failed && code !== 0) {
      console.log(`◼ ${title}: stopped after ${seconds(started)}, as "${failed}" failed`);
      return;
    }
    console.log(`\n──── ${title} ────`);
    process.stdout.write(Buffer.concat(output));
    if (code !== 0) {
      failed = stage.id;
      console.error(`✗ ${title} FAILED after ${seconds(started)} (exit ${code})`);
      stopAll();
      return;
    }
    passed.add(stage.id);
    times.push([stage.id, seconds(started)]);
    console.log(`✓ ${title} (${seconds(started)})\n`);
  }

  try {
    while ((waiting.length > 0 || active.size > 0) && !failed) {
      for (const stage of [...waiting]) {
        if (active.size >= jobs) break;
        if (!ready(stage)) continue;
        waiting.splice(waiting.indexOf(stage), 1);
        since.set(stage.id, Date.now());
        active.set(
          stage.id,
          run(stage).finally(() => {
            active.delete(stage.id);
            since.delete(stage.id);
          }),
        );
      }
      if (active.size === 0) throw new Error(`Stages wait on each other: ${waiting.map((s) => s.id).join(", ")}`);
      await Promise.race(active.values());
    }
    await Promise.all(active.values());
  } finally {
    clearInterval(heartbeat);
    if (postgres) await (await postgres.catch(() => undefined))?.stop();
  }
  console.log(`Stage times: ${times.map(([id, time]) => `${id} ${time}`).join(", ")}`);
  return failed;
}

// The browser tests run Debian's Chromium in its headless shell (decision 026), unless CHROMIUM_PATH
// names another browser.
if (chromiumPath === HEADLESS_SHELL) {
  ensureSystemPackage("chromium-headless-shell", () => existsSync(HEADLESS_SHELL));
} else if (!existsSync(chromiumPath)) {
  console.error(`CHROMIUM_PATH is ${chromiumPath}, which does not exist.`);
  process.exit(1);
}
ensureSystemPackage("postgresql", () => findPostgresBin() !== undefined);
// The e-mail tests check every template with the Nu HTML Checker (vnu-jar), which runs on Java.
ensureSystemPackage("default-jre-headless", () => spawnSync("java", ["-version"]).status === 0);

const wanted = process.argv.slice(2);
const unknown = wanted.filter((id) => !stages.some((s) => s.id === id));
if (unknown.length > 0) {
  console.error(`Unknown stage ${unknown.join(", ")}; the stages are: ${stages.map((s) => s.id).join(", ")}`);
  process.exit(2);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping every stage`);
    stopAll();
    process.exitCode = 130;
  });
}

const started = Date.now();
const cpuBefore = cpuTimes();
const failed = await runStages(wanted.length > 0 ? stages.filter((s) => wanted.includes(s.id)) : stages);
if (failed) {
  console.error(`\n✗ npm test failed: stage "${failed}" (see its output above), after ${seconds(started)}.`);
  process.exit(1);
}
if (process.exitCode) process.exit(process.exitCode);
console.log(`\nAll checks passed in ${seconds(started)}${cpuBusy(cpuBefore, cpuTimes())}.`);

/** The whole machine's CPU time so far, busy and total (Linux's /proc/stat), to tell a saturated run apart. */
function cpuTimes(): { busy: number; total: number } | undefined {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
    const total = fields.reduce((sum, n) => sum + n, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

function cpuBusy(before: ReturnType<typeof cpuTimes>, after: ReturnType<typeof cpuTimes>): string {
  if (!before || !after || after.total === before.total) return "";
  return ` (the machine's CPU was ${Math.round((100 * (after.busy - before.busy)) / (after.total - before.total))} % busy)`;
}
