import { createHistogram, type RecordableHistogram } from "node:perf_hooks";

/**
 * How long the event loop was kept from turning (issue 23, target 2: never more than 50 ms), measured in
 * the serving process from its start, for `npm run cli -- event-loop` and the bench.
 *
 * One 10 ms timer gives two readings, because on a machine with more busy threads than cores they differ:
 * - the delay: how late the timer fired, whatever the cause;
 * - the part of it that was work: a tick late by D ms, while this thread spent C ms of CPU since the
 *   last one, was kept late by its own work (our code, its garbage collection) for at most min(D, C).
 *   The rest of a long delay is time the operating system gave the core to another thread or process.
 */
const RESOLUTION_MS = 10;
/** Both in microseconds (a histogram records integers of at least 1). */
let readings: { delay: RecordableHistogram; work: RecordableHistogram } | null = null;

export function watchEventLoop(): void {
  if (readings) return;
  const delay = createHistogram();
  const work = createHistogram();
  readings = { delay, work };
  const microseconds = (ms: number) => Math.max(1, Math.round(ms * 1000));
  let lastCpu = process.threadCpuUsage();
  let lastTick = performance.now();
  setInterval(() => {
    const cpu = process.threadCpuUsage();
    const tick = performance.now();
    const lateMs = tick - lastTick - RESOLUTION_MS;
    const cpuMs = (cpu.user + cpu.system - lastCpu.user - lastCpu.system) / 1000;
    delay.record(microseconds(lateMs));
    work.record(microseconds(Math.min(lateMs, cpuMs)));
    lastCpu = cpu;
    lastTick = tick;
  }, RESOLUTION_MS).unref();
}

type Reading = { p50Ms: number; p99Ms: number; maxMs: number };
export type EventLoopDelay = Reading & {
  samples: number;
  /** The part of the delay the loop's own thread spent working (at most; see above). */
  work: Reading;
};

/** The delays since the start or the last reset; null in a process that does not serve. */
export function readEventLoopDelay({ reset = false } = {}): EventLoopDelay | null {
  if (!readings) return null;
  const { delay, work } = readings;
  const ms = (us: number) => (us <= 1 ? 0 : Math.round(us / 100) / 10);
  const read = (histogram: RecordableHistogram): Reading => ({
    p50Ms: ms(histogram.percentile(50)),
    p99Ms: ms(histogram.percentile(99)),
    maxMs: ms(histogram.max),
  });
  const found = { samples: delay.count, ...read(delay), work: read(work) };
  if (reset) {
    delay.reset();
    work.reset();
  }
  return found;
}
