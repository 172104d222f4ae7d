import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";

export type Machine = {
  cpuModel: string;
  cores: number;
  ramGb: number;
  os: string;
  node: string;
  chromium: string;
  tools: Record<string, string>;
};

export function describeMachine(repo: string): Machine {
  const version = (pkg: string) =>
    (JSON.parse(readFileSync(`${repo}/node_modules/${pkg}/package.json`, "utf8")) as { version: string }).version;
  let chromium = "not found";
  try {
    chromium = execFileSync("/usr/bin/chromium", ["--version"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    // Reported as missing; the Lighthouse step then fails with its own message.
  }
  return {
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    cores: os.cpus().length,
    ramGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    chromium,
    tools: { lighthouse: version("lighthouse"), autocannon: version("autocannon") },
  };
}

/**
 * How busy the CPUs are over `ms` milliseconds (0-100 % of all cores), from /proc/stat. Taken while
 * the benchmark itself is idle, it shows other load on the machine (other people's tests, builds).
 */
export async function measureCpuBusy(ms = 3000): Promise<number> {
  const read = () => {
    const fields = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "").trim().split(/\s+/).slice(1).map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    const total = fields.reduce((a, b) => a + b, 0);
    return { idle, total };
  };
  const before = read();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = read();
  const total = after.total - before.total;
  return total > 0 ? Math.round((1 - (after.idle - before.idle) / total) * 1000) / 10 : 0;
}
