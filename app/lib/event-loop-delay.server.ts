import { createHistogram, monitorEventLoopDelay, type RecordableHistogram } from "node:perf_hooks";

/**
 * How long the event loop was kept from turning (issue 23, target 2: never more than 50 ms), measured in
 * the serving process from its start, for `npm run cli -- event-loop` and the bench.
 *
 * Two readings, because on a machine with more busy threads than cores they differ:
 * - the delay: how late a 10 ms timer fires (Node's own histogram), whatever the cause;
 * - the part of it that was work: a 10 ms timer of ours that fired late by D ms, while this thread
 *   spent C ms of CPU since the last tick, was kept late by its own work (our code, its garbage
 *   collection) for at most min(D, C). The rest of a long delay is time the operating system gave the
 *   core to another thread or process: a machine with more busy threads than cores.
 * Each costs a timer every 10 ms.
 */
const RESOLUTION_MS = 10;
let delay: ReturnType<typeof monitorEventLoopDelay> | null = null;
/** In microseconds (a histogram records integers of at least 1). */
let work: RecordableHistogram | null = null;

export function watchEventLoop(): void {
  if (delay) return;
  delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  const ownWork = createHistogram();
  work = ownWork;
  let lastCpu = process.threadCpuUsage();
  let lastTick = performance.now();
  setInterval(() => {
    const cpu = process.threadCpuUsage();
    const tick = performance.now();
    const cpuMs = (cpu.user + cpu.system - lastCpu.user - lastCpu.system) / 1000;
    const lateMs = tick - lastTick - RESOLUTION_MS;
    ownWork.record(Math.max(1, Math.round(Math.min(lateMs, cpuMs) * 1000)));
    lastCpu = cpu;
    lastTick = tick;
  }, RESOLUTION_MS).unref();
}

export type EventLoopDelay = {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The part of the delay the loop's own thread spent working (at most; see above). */
  work: { p50Ms: number; p99Ms: number; maxMs: number };
};

/** The delays since the start or the last reset; null in a process that does not serve. */
export function readEventLoopDelay({ reset = false } = {}): EventLoopDelay | null {
  if (!delay || !work) return null;
  const round = (ms: number) => Math.max(0, Math.round(ms * 10) / 10);
  // The histogram includes the 10 ms resolution of its own timer: what blocked is the excess over it.
  const excess = (ns: number) => round(ns / 1e6 - RESOLUTION_MS);
  const fromMicroseconds = (us: number) => (us <= 1 ? 0 : round(us / 1000));
  const found = {
    samples: delay.count,
    p50Ms: excess(delay.percentile(50)),
    p99Ms: excess(delay.percentile(99)),
    maxMs: excess(delay.max),
    work: {
      p50Ms: fromMicroseconds(work.percentile(50)),
      p99Ms: fromMicroseconds(work.percentile(99)),
      maxMs: fromMicroseconds(work.max),
    },
  };
  if (reset) {
    delay.reset();
    work.reset();
  }
  return found;
}
