/**
 * A memory-limited control group for a server under test (decision 027): the limit a £5 VPS or a 1 GB
 * container gives, enforced by the kernel as it would be there. cgroup v1 (the `memory` controller at
 * /sys/fs/cgroup/memory) or v2 (/sys/fs/cgroup with memory.max). Only on Linux as root; elsewhere
 * `createMemoryCgroup` answers why not, for the caller to report as skipped.
 * Runs on Node 24's type stripping: Node built-ins only.
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import path from "node:path";

export type MemoryUsage = {
  /** The most the group ever used (anonymous memory and page cache), in bytes. */
  peakBytes: number | null;
  /** How often the group reached its limit (the kernel then reclaims page cache: not an error by itself). */
  limitHits: number | null;
  /** Processes the kernel's OOM killer ended in this group. */
  oomKills: number;
};

export type MemoryCgroup = {
  version: 1 | 2;
  dir: string;
  limitBytes: number;
  addProcess(pid: number): void;
  usage(): MemoryUsage;
  /** Removes the group (its processes must have exited). */
  remove(): void;
};

const V1 = "/sys/fs/cgroup/memory";
const V2 = "/sys/fs/cgroup";

/** A new group with this limit, or the reason there cannot be one here. */
export function createMemoryCgroup(name: string, limitBytes: number): MemoryCgroup | string {
  if (process.platform !== "linux") return `not Linux (${process.platform})`;
  if (process.getuid?.() !== 0) return "not root: a memory cgroup needs root";
  const read = (file: string) => readFileSync(file, "utf8");
  const number = (file: string) => (existsSync(file) ? Number(read(file).trim()) : null);
  try {
    if (existsSync(path.join(V1, "memory.limit_in_bytes"))) {
      const dir = path.join(V1, name);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, "memory.limit_in_bytes"), String(limitBytes));
      // Swap would hide the limit: memory and swap together get the same one, where the kernel has it.
      const memsw = path.join(dir, "memory.memsw.limit_in_bytes");
      if (existsSync(memsw)) writeFileSync(memsw, String(limitBytes));
      return {
        version: 1,
        dir,
        limitBytes,
        addProcess: (pid) => writeFileSync(path.join(dir, "cgroup.procs"), String(pid)),
        usage: () => ({
          peakBytes: number(path.join(dir, "memory.max_usage_in_bytes")),
          limitHits: number(path.join(dir, "memory.failcnt")),
          oomKills: Number(/oom_kill (\d+)/.exec(read(path.join(dir, "memory.oom_control")))?.[1] ?? 0),
        }),
        remove: () => rmdirSync(dir),
      };
    }
    if (
      existsSync(path.join(V2, "cgroup.controllers")) &&
      read(path.join(V2, "cgroup.controllers")).includes("memory")
    ) {
      const dir = path.join(V2, name);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, "memory.max"), String(limitBytes));
      if (existsSync(path.join(dir, "memory.swap.max"))) writeFileSync(path.join(dir, "memory.swap.max"), "0");
      const events = () => read(path.join(dir, "memory.events"));
      return {
        version: 2,
        dir,
        limitBytes,
        addProcess: (pid) => writeFileSync(path.join(dir, "cgroup.procs"), String(pid)),
        usage: () => ({
          peakBytes: number(path.join(dir, "memory.peak")),
          limitHits: Number(/^max (\d+)/m.exec(events())?.[1] ?? 0),
          oomKills: Number(/^oom_kill (\d+)/m.exec(events())?.[1] ?? 0),
        }),
        remove: () => rmdirSync(dir),
      };
    }
    return "no memory cgroup controller mounted (neither v1 at /sys/fs/cgroup/memory nor v2)";
  } catch (error) {
    return `could not create a memory cgroup: ${(error as Error).message}`;
  }
}

/** Resident memory of one process, in MB (Linux /proc), or null. */
export function residentMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}
