/**
 * Work shared out over the event loop's turns (decision 056). A signed-in page whose data and markup
 * are in memory is served without any I/O, in promise callbacks that run to the end once started; a
 * crowd of them arriving together was served back to back in one turn of the loop (25 ms of CPU at
 * the median, 90 ms at worst), and nothing else (a timer, a socket, the health check) had a turn until
 * all were done.
 *
 * `waitForSlice` lets its caller start at once while the current turn has spent less than `sliceMs`
 * since its slice began and nobody is waiting; otherwise the caller waits, in order of arrival, for a
 * later turn. Each turn starts at least one waiter, so nobody waits for ever.
 */
/**
 * The most of one turn of the event loop that queued work takes before others get a turn: page
 * renders here (decision 056), the embedded database's queries (`YieldingPGlite`, decision 055).
 */
export const LOOP_SLICE_MS = 10;

export type LoopSlices = {
  /**
   * Resolves true when the caller may start, or false when `signal` was aborted while it waited (the
   * client has gone: nothing to start for). Undefined when it may start at once, without a promise.
   */
  waitForSlice(signal?: AbortSignal): Promise<boolean> | undefined;
  /** How many wait (for tests and diagnostics). */
  readonly waiting: number;
};

export function loopSlices(sliceMs: number): LoopSlices {
  const waiting: (() => void)[] = [];
  /** When the current slice began; null until something starts in this turn. */
  let sliceStarted: number | null = null;
  const elapsed = (): number => {
    if (sliceStarted === null) {
      sliceStarted = performance.now();
      // The slice ends where the loop reaches its check phase (setImmediate): what starts there or
      // later begins another.
      setImmediate(() => {
        sliceStarted = null;
      });
      return 0;
    }
    return performance.now() - sliceStarted;
  };
  // One attempt per waiter, each an immediate of its own: the loop runs the promise callbacks of one
  // (its work) before the next attempt, which so sees what the ones before it spent. The first
  // attempt of a slice always starts someone.
  const release = () => {
    const fresh = sliceStarted === null;
    if (elapsed() >= sliceMs && !fresh) {
      setImmediate(release);
      return;
    }
    waiting.shift()?.();
  };
  return {
    waitForSlice(signal) {
      if (waiting.length === 0 && elapsed() < sliceMs) return undefined;
      return new Promise<boolean>((resolve) => {
        waiting.push(() => resolve(!signal?.aborted));
        setImmediate(release);
      });
    },
    get waiting() {
      return waiting.length;
    },
  };
}
