import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { freePort } from "../../scripts/free-port.ts";

/** The built server (BUILD_DIR for a build kept apart from the served one). */
const serverEntry = `${process.env.BUILD_DIR || "build"}/server/index.js`;

/** Every server started here: one a failed test left running is stopped when the file ends. */
const started: ChildProcess[] = [];

/** The production server as `npm start` runs it, on its own data folder and port. */
function startServer(
  dataDir: string,
  port: number,
  extraEnv: Record<string, string> = {},
): { child: ChildProcess; output: () => string } {
  let output = "";
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      // What these tests check (the lock, SIGTERM, connection limits) does not need each commit on
      // disk: a first start's fsyncs took over the 20 s wait while the rest of npm test ran.
      PGLITE_FSYNC: "off",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });

async function waitForHealth(port: number) {
  await vi.waitFor(
    async () => {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (!res.ok) throw new Error(`health answered ${res.status}`);
    },
    // A start takes 1-2 s on a quiet machine; over 20 s once while the rest of npm test ran and the
    // disk was slow (the fsync test beside it took 60 s instead of 10).
    { timeout: 45_000, interval: 100 },
  );
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "sacred-process-"));
afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!!process.env.TEST_DATABASE_URL)("the server process on the embedded database", () => {
  it("refuses a second server on the same data folder, and stops cleanly on SIGTERM", async () => {
    const port = await freePort();
    const first = startServer(dataDir, port);
    await waitForHealth(port);
    expect(existsSync(path.join(dataDir, "server.lock"))).toBe(true);

    const second = startServer(dataDir, await freePort());
    expect(await exited(second.child)).toBe(1);
    expect(second.output()).toMatch(/The data folder .* is in use by another process \(pid \d+\)/);

    // A response in flight when SIGTERM arrives (headers sent, body streaming) still completes.
    const res = await fetch(`http://127.0.0.1:${port}/products`);
    first.child.kill("SIGTERM");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("</html>");
    expect(await exited(first.child)).toBe(0);
    expect(existsSync(path.join(dataDir, "server.lock"))).toBe(false);
    expect(existsSync(path.join(dataDir, "control.sock"))).toBe(false);
  }, 120_000);

  it("cuts a connection that dribbles its headers, and holds no more connections than MAX_CONNECTIONS", async () => {
    const port = await freePort();
    const server = startServer(path.join(dataDir, "connections"), port, { MAX_CONNECTIONS: "3" });
    try {
      await waitForHealth(port);
      const open = () =>
        new Promise<net.Socket>((resolve, reject) => {
          const socket = net.connect(port, "127.0.0.1", () => resolve(socket));
          socket.once("error", reject);
        });
      /** A whole request on a new connection: what came back before the server closed it. */
      const request = async () => {
        const socket = await open();
        let answer = "";
        socket.on("data", (chunk) => {
          answer += chunk;
        });
        socket.on("error", () => {});
        socket.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
        await new Promise((resolve) => socket.once("close", resolve));
        return answer;
      };

      // A client that sends one header line every half second, for ever.
      const started = performance.now();
      const slow = await open();
      slow.on("error", () => {});
      slow.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      const dribble = setInterval(() => slow.write("X-Slow: 1\r\n"), 500);
      const cut = new Promise<number>((resolve) =>
        slow.once("close", () => {
          clearInterval(dribble);
          resolve(performance.now() - started);
        }),
      );
      // Two idle connections beside it fill the cap of three: a fourth is closed unanswered.
      const idle = await Promise.all([open(), open()]);
      for (const socket of idle) socket.on("error", () => {});
      await vi.waitFor(async () => expect(await request()).toBe(""), { timeout: 5_000, interval: 100 });

      // The dribbling client is cut once the headers have taken 10 s (checked every second).
      const ms = await cut;
      expect(ms).toBeGreaterThanOrEqual(9_000);
      expect(ms).toBeLessThan(15_000);
      for (const socket of idle) socket.destroy();
      // Room again: a normal request is answered.
      await vi.waitFor(async () => expect(await request()).toMatch(/^HTTP\/1\.1 200/), {
        timeout: 5_000,
        interval: 100,
      });
    } finally {
      server.child.kill("SIGTERM");
      await exited(server.child);
    }
  }, 120_000);

  it("stops with one clear line naming an invalid setting", async () => {
    const child = spawn(process.execPath, [serverEntry], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: "not-a-port" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    expect(await exited(child)).toBe(1);
    expect(stderr.trim()).toMatch(/^Invalid configuration: PORT .*$/);
  });
});
