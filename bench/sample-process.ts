import { readdirSync, readFileSync } from "node:fs";

export type ProcessSample = {
  /** Seconds since the sampling started. */
  t: number;
  rssMb: number;
  fds: number;
};

/** Resident memory (VmRSS) and open file descriptors of a live process, from /proc. */
export function sampleProcess(pid: number, startedAt = performance.now()): ProcessSample {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN);
  return {
    t: Math.round((performance.now() - startedAt) / 100) / 10,
    rssMb: Math.round((kb / 1024) * 10) / 10,
    fds: readdirSync(`/proc/${pid}/fd`).length,
  };
}
