import { setImmediate as nextTurn } from "node:timers/promises";
import { PGlite } from "@electric-sql/pglite";

import { LOOP_SLICE_MS } from "../loop-slices";

/**
 * PGlite that lets the event loop breathe between queries (decision 055). PGlite runs each query on
 * the event loop's thread and hands its lock to the next waiting query in a promise callback, so a queue
 * of queries (a hundred sign-ins at once) ran back to back with no turn for timers or sockets: the event
 * loop stood still for a second, and `/api/health` with it. Here a query that finds the database has
 * been working for more than LOOP_SLICE_MS without a turn first waits for the next turn of the loop.
 *
 * It also remembers when a query last succeeded: the health check counts that as the database answering.
 */
export class YieldingPGlite extends PGlite {
  #sliceStartedAt = Number.NEGATIVE_INFINITY;
  /** Milliseconds of work before the loop gets a turn; 0 gives it one before every query. */
  sliceMs = LOOP_SLICE_MS;
  /** performance.now() when a query last succeeded (never yet: minus infinity). */
  answeredAt = Number.NEGATIVE_INFINITY;

  override _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return super._runExclusiveQuery(async () => {
      if (performance.now() - this.#sliceStartedAt >= this.sliceMs) {
        await nextTurn();
        this.#sliceStartedAt = performance.now();
      }
      // Only an answer counts: a database that fails every query is not answering.
      const answer = await fn();
      this.answeredAt = performance.now();
      return answer;
    });
  }
}
