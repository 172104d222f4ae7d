import { monitorEventLoopDelay } from "node:perf_hooks";

/**
 * How long the event loop was kept from turning (issue 23, target 2: never more than 50 ms), measured in
 * the serving process from its start, for `npm run cli -- event-loop` and the bench. The histogram costs
 * a timer every 10 ms.
 */
let histogram: ReturnType<typeof monitorEventLoopDelay> | null = null;

export function watchEventLoop(): void {
  if (histogram) return;
  histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
}

export type EventLoopDelay = { samples: number; p50Ms: number; p99Ms: number; maxMs: number };

/** The delays since the start or the last reset; null in a process that does not serve. */
export function readEventLoopDelay({ reset = false } = {}): EventLoopDelay | null {
  if (!histogram) return null;
  const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
  // The histogram includes the 10 ms resolution of its own timer: what blocked is the excess over it.
  const excess = (ns: number) => Math.max(0, ms(ns) - 10);
  const found = {
    samples: histogram.count,
    p50Ms: excess(histogram.percentile(50)),
    p99Ms: excess(histogram.percentile(99)),
    maxMs: excess(histogram.max),
  };
  if (reset) histogram.reset();
  return found;
}
