import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { freePort } from "../../scripts/free-port.ts";

/** The built server (BUILD_DIR for a build kept apart from the served one). */
const serverEntry = `${process.env.BUILD_DIR || "build"}/server/index.js`;

/** The production server as `npm start` runs it, on its own data folder and port. */
function startServer(dataDir: string, port: number): { child: ChildProcess; output: () => string } {
  let output = "";
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
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
    { timeout: 20_000, interval: 100 },
  );
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "sacred-process-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

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
  }, 60_000);

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
