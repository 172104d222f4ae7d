import { describe, expect, it } from "vitest";
import { loopSlices } from "./loop-slices";

/** Decision 056: work that needs no I/O is shared out over the loop's turns, in order of arrival. */

/** Keeps the thread busy for `ms`, as a render from memory does. */
function spin(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
}

/** Counts the loop's turns: one tick per check phase, for as long as `running()` says. */
function countTurns(running: () => boolean) {
  const counter = { turn: 0 };
  const tick = () => {
    counter.turn++;
    if (running()) setImmediate(tick);
  };
  setImmediate(tick);
  return counter;
}

describe("work shared out over the loop's turns", () => {
  it("starts a crowd that arrives at once a slice at a time, in order, with turns of the loop between", async () => {
    const slices = loopSlices(5);
    const finished: { id: number; turn: number }[] = [];
    let done = 0;
    const turns = countTurns(() => done < 20);
    // Twenty requests read from one socket poll, each 2 ms of work from memory.
    await Promise.all(
      Array.from({ length: 20 }, async (_, id) => {
        const waited = slices.waitForSlice();
        if (waited) expect(await waited).toBe(true);
        spin(2);
        finished.push({ id, turn: turns.turn });
        done++;
      }),
    );
    expect(finished.map(({ id }) => id)).toEqual(Array.from({ length: 20 }, (_, id) => id));
    const perTurn = new Map<number, number>();
    for (const { turn } of finished) perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1);
    // A 5 ms slice holds three pieces of 2 ms at most (the third crosses the line); all in one turn
    // would be 40 ms without a timer or socket served.
    expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(3);
    expect(perTurn.size).toBeGreaterThanOrEqual(7);
    expect(slices.waiting).toBe(0);
  });

  it("starts someone in every turn, even with no time to spare", async () => {
    const slices = loopSlices(0);
    const started: number[] = [];
    await Promise.all(
      [1, 2, 3].map(async (id) => {
        const waited = slices.waitForSlice();
        if (waited) await waited;
        started.push(id);
      }),
    );
    expect(started).toEqual([1, 2, 3]);
  });

  it("answers false to a waiter whose client went away while it waited", async () => {
    const slices = loopSlices(1);
    slices.waitForSlice();
    spin(2);
    const gone = new AbortController();
    const staying = slices.waitForSlice(new AbortController().signal);
    const leaving = slices.waitForSlice(gone.signal);
    gone.abort();
    expect(await staying).toBe(true);
    expect(await leaving).toBe(false);
  });
});
