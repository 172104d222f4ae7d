import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/free-port.ts";
import { controlSocketPath, sendControlCommand } from "../../server/control-channel";

export { freePort };

/** Settings that tie a server process to its data: the same values restart the same site. */
export type SiteConfig = {
  dataDir: string;
  /** A PostgreSQL database; the embedded PGlite under dataDir when absent. */
  databaseUrl?: string | undefined;
  /** Extra environment (Stripe, S3, limits). */
  env?: Record<string, string>;
};

const AUTH_SECRET = "reliability-secret-reliability-secret-0123";

/** The build folder: `build`, or BUILD_DIR for a build kept apart from the served one. */
const buildDir = process.env.BUILD_DIR || "build";

/**
 * The environment of the server and the CLI. Built from nothing but PATH and HOME, so settings in
 * the developer's shell (a DATABASE_URL, Stripe keys) never leak into the site under test.
 */
export function siteEnv(site: SiteConfig, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    DATA_DIR: site.dataDir,
    LOG_LEVEL: "warn",
    // The tests sign up many accounts from one address; the limiter itself is tested elsewhere.
    AUTH_SIGNUP_MAX_PER_IP: "1000000",
    ...(site.databaseUrl ? { DATABASE_URL: site.databaseUrl, AUTH_SECRET } : {}),
    ...site.env,
    ...extra,
  };
}

const running = new Set<ServerProcess>();

/** The server process is gone (killed, or shutting down): no answer is coming. */
export class ServerGoneError extends Error {
  override name = "ServerGoneError";
  readonly code = "ECONNREFUSED";
}

/** `node build/server/index.js`, exactly as production runs it, on a loopback port. */
export class ServerProcess {
  private output = "";
  private exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(
    readonly site: SiteConfig,
    readonly port: number,
    readonly publicUrl: string,
    private child: ChildProcess,
  ) {
    child.stdout?.on("data", (chunk) => {
      this.output += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      this.output += chunk;
    });
    this.exit = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
    void this.exit.then(() => running.delete(this));
    running.add(this);
  }

  /** Starts a server and waits until /api/health answers. */
  static async start(
    site: SiteConfig,
    options: {
      port?: number;
      publicUrl?: string;
      /** A cgroup folder (scripts/memory-cgroup.ts) the process joins before Node starts. */
      cgroupDir?: string;
    } = {},
  ): Promise<ServerProcess> {
    for (let attempt = 0; ; attempt++) {
      const port = options.port ?? (await freePort());
      const publicUrl = options.publicUrl ?? `http://127.0.0.1:${port}`;
      const env = siteEnv(site, { PORT: String(port), PUBLIC_URL: publicUrl });
      const child = options.cgroupDir
        ? spawn(
            "/bin/sh",
            [
              "-c",
              'echo $$ > "$1/cgroup.procs" && exec "$0" "$2"',
              process.execPath,
              options.cgroupDir,
              `${buildDir}/server/index.js`,
            ],
            { env, stdio: ["ignore", "pipe", "pipe"] },
          )
        : spawn(process.execPath, [`${buildDir}/server/index.js`], { env, stdio: ["ignore", "pipe", "pipe"] });
      const server = new ServerProcess(site, port, publicUrl, child);
      try {
        await server.waitUntilHealthy();
        return server;
      } catch (error) {
        // Another process took the free port between our check and the server's listen: try another.
        if (attempt < 3 && options.port === undefined && server.output.includes("EADDRINUSE")) continue;
        throw error;
      }
    }
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number {
    return this.child.pid as number;
  }

  log(): string {
    return this.output;
  }

  private async waitUntilHealthy(timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    let exited = false;
    void this.exit.then(() => {
      exited = true;
    });
    while (Date.now() < deadline) {
      if (exited) throw new Error(`The server exited during start-up:\n${this.output}`);
      try {
        const res = await fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(2000) });
        if (res.ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    this.child.kill("SIGKILL");
    throw new Error(`The server did not become healthy within ${timeoutMs} ms:\n${this.output}`);
  }

  /** kill -9: no shutdown code runs. */
  async kill(): Promise<void> {
    this.child.kill("SIGKILL");
    await this.exit;
  }

  /** SIGTERM, then the exit code and how long the graceful shutdown took. */
  async terminate(): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
    const started = performance.now();
    this.child.kill("SIGTERM");
    const result = await this.exit;
    return { ...result, ms: performance.now() - started };
  }

  /** Sends SIGTERM without waiting; `exited` then resolves with the outcome. */
  sendSigterm(): void {
    this.child.kill("SIGTERM");
  }

  get exited() {
    return this.exit;
  }

  /** A new process on the same data, port and public URL (and memory cgroup, if any). */
  restart(options: { cgroupDir?: string } = {}): Promise<ServerProcess> {
    return ServerProcess.start(this.site, { port: this.port, publicUrl: this.publicUrl, ...options });
  }

  /** An operator command run inside this server, through its control socket. */
  async command(name: string, ...args: string[]): Promise<string> {
    const response = await sendControlCommand(controlSocketPath(this.site.dataDir), { command: name, args }).catch(
      (error: unknown) => {
        // The socket closed before a whole answer came back: the server died mid-command.
        if (error instanceof SyntaxError) return undefined;
        throw error;
      },
    );
    if (!response) throw new ServerGoneError("The server is not answering on its control socket");
    if (!response.ok) throw new Error(response.error);
    return response.output;
  }
}

/** Stops (kill -9) every server a test left running. */
export async function killRunningServers(): Promise<void> {
  await Promise.all([...running].map((server) => server.kill()));
}

export type CommandResult = { code: number | null; stdout: string; stderr: string };

/**
 * `npm run <script> -- args` for this site, as an operator would type it. The npm scripts name
 * `build/`; with a separate BUILD_DIR the same command runs on that build's CLI instead.
 */
export function runNpmScript(site: SiteConfig, script: "backup" | "restore", args: string[]): Promise<CommandResult> {
  if (process.env.BUILD_DIR) return runCli(site, [script, ...args]);
  return runProcess("npm", ["run", "--silent", script, "--", ...args], site);
}

/** `node build/server/cli.js <args>` for this site (through its server when one runs). */
export function runCli(site: SiteConfig, args: string[]): Promise<CommandResult> {
  return runProcess(process.execPath, [`${buildDir}/server/cli.js`, ...args], site);
}

function runProcess(command: string, args: string[], site: SiteConfig): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: siteEnv(site), stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() }));
  });
}

/** A fresh temporary data folder; remove it with `removeFolder`. */
export function temporaryFolder(label: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `sacred-${label}-`));
}

export function removeFolder(folder: string): void {
  rmSync(folder, { recursive: true, force: true });
}
