/** Starts the production server (`node build/server/index.js`) as its own process, and stops it. */
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync } from "node:fs";
import path from "node:path";
import { freePort } from "../scripts/free-port.ts";

export type RunningServer = {
  pid: number;
  port: number;
  origin: string;
  dataDir: string;
  logFile: string;
  /** The settings it was started with (for operator commands run against it). */
  env: Record<string, string>;
  /** The same, with secrets masked, for the report. */
  shownEnv: Record<string, string>;
  stop(): Promise<void>;
};

export type StartServerOptions = {
  appDir: string;
  dataDir: string;
  logFile: string;
  /** Extra settings (DATABASE_URL, AUTH_SECRET...). */
  env?: Record<string, string>;
  /** A memory cgroup folder (scripts/memory-cgroup.ts) the server joins before Node starts. */
  cgroupDir?: string;
  /** A fixed port (a helper's own range on a shared machine); a free one when absent. */
  port?: number | undefined;
};

/**
 * Only PATH and HOME come from the caller's environment: a DATABASE_URL or STRIPE_* key in the shell
 * must not change what is measured.
 */
export async function startServer({
  appDir,
  dataDir,
  logFile,
  env = {},
  cgroupDir,
  port: fixedPort,
}: StartServerOptions): Promise<RunningServer> {
  const port = fixedPort ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(path.dirname(logFile), { recursive: true });
  const settings = {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    LOG_LEVEL: "info",
    ...env,
  };
  // The log goes to a file, as it would to journald: a pipe nobody reads would block the server.
  const log = openSync(logFile, "a");
  const [command, args] = cgroupDir
    ? ["/bin/sh", ["-c", 'echo $$ > "$1/cgroup.procs" && exec "$0" build/server/index.js', process.execPath, cgroupDir]]
    : [process.execPath, ["build/server/index.js"]];
  const child = spawn(command as string, args as string[], {
    cwd: appDir,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...settings },
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  try {
    await waitForHealth(origin, exited, logFile);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  const shownEnv = Object.fromEntries(
    Object.entries(settings).map(([k, v]) => [k, k === "AUTH_SECRET" ? "(random)" : v]),
  );
  return {
    pid: child.pid as number,
    port,
    origin,
    dataDir,
    logFile,
    env: settings,
    shownEnv,
    stop: () => stopChild(child, exited),
  };
}

async function waitForHealth(origin: string, exited: Promise<number | null>, logFile: string) {
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the server exited while starting; its log:\n${tail(logFile)}`);
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer /api/health within 120 s; its log:\n${tail(logFile)}`);
}

/** SIGTERM (the server finishes in-flight requests and closes its database), SIGKILL after 20 s. */
async function stopChild(child: ChildProcess, exited: Promise<number | null>) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  await exited;
  clearTimeout(timer);
}

function tail(file: string): string {
  try {
    return readFileSync(file, "utf8").split("\n").slice(-20).join("\n");
  } catch {
    return "(no log)";
  }
}
