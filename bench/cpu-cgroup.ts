/**
 * A CPU-limited control group: a process in it gets at most `cores` of the machine's cores, enforced
 * by the kernel's CFS bandwidth control (cgroup v1's `cpu` controller at /sys/fs/cgroup/cpu, or v2's
 * cpu.max). The instances bench gives each server a quarter of a core, so that four of them, their
 * database and the load generator fit on a 2-core machine the way four servers would on a larger one.
 * Only on Linux as root; elsewhere `createCpuCgroup` answers why not.
 * Runs on Node 24's type stripping: Node built-ins only.
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import path from "node:path";

export type CpuCgroup = {
  version: 1 | 2;
  dir: string;
  cores: number;
  /** How often the kernel held the group back at its limit, and for how long in all (ms). */
  throttled(): { periods: number; throttledPeriods: number; throttledMs: number };
  /** Removes the group (its processes must have exited). */
  remove(): void;
};

const V1 = "/sys/fs/cgroup/cpu";
const V2 = "/sys/fs/cgroup";
/** A short period: a group held back waits at most this long, so latency stays readable. */
const PERIOD_US = 10_000;

export function createCpuCgroup(name: string, cores: number): CpuCgroup | string {
  if (process.platform !== "linux") return `not Linux (${process.platform})`;
  if (process.getuid?.() !== 0) return "not root: a CPU cgroup needs root";
  const quota = Math.max(1000, Math.round(cores * PERIOD_US));
  const stat = (file: string) => {
    const fields = new Map(
      readFileSync(file, "utf8")
        .trim()
        .split("\n")
        .map((line) => line.split(" ") as [string, string]),
    );
    return (key: string) => Number(fields.get(key) ?? 0);
  };
  // One group either way: where it lives, how its limit is written, and its throttling counter's name.
  const make = (version: 1 | 2, dir: string, limit: Record<string, string>, throttledKey: string, perMs: number) => {
    mkdirSync(dir, { recursive: true });
    for (const [file, value] of Object.entries(limit)) writeFileSync(path.join(dir, file), value);
    return {
      version,
      dir,
      cores,
      throttled: () => {
        const get = stat(path.join(dir, "cpu.stat"));
        return {
          periods: get("nr_periods"),
          throttledPeriods: get("nr_throttled"),
          throttledMs: Math.round(get(throttledKey) / perMs),
        };
      },
      remove: () => rmdirSync(dir),
    };
  };
  try {
    if (existsSync(path.join(V1, "cpu.cfs_quota_us"))) {
      const limit = { "cpu.cfs_period_us": String(PERIOD_US), "cpu.cfs_quota_us": String(quota) };
      return make(1, path.join(V1, name), limit, "throttled_time", 1e6);
    }
    if (
      existsSync(path.join(V2, "cgroup.controllers")) &&
      readFileSync(path.join(V2, "cgroup.controllers"), "utf8").includes("cpu")
    ) {
      return make(2, path.join(V2, name), { "cpu.max": `${quota} ${PERIOD_US}` }, "throttled_usec", 1e3);
    }
    return "no cgroup CPU controller (neither /sys/fs/cgroup/cpu nor cgroup v2 with cpu)";
  } catch (error) {
    return `could not make a CPU cgroup: ${(error as Error).message}`;
  }
}
