import { describe, expect, it } from "vitest";
import { readEventLoopDelay, watchEventLoop } from "./event-loop-delay.server";

describe("the event loop's delay", () => {
  it("counts a turn the thread spent working, and not one it spent waiting", async () => {
    expect(readEventLoopDelay()).toBeNull();
    watchEventLoop();
    await new Promise((resolve) => setTimeout(resolve, 50));
    readEventLoopDelay({ reset: true });
    // 80 ms of work in one turn (of this thread's CPU time, however busy the machine): the timers wait
    // for it, and the thread's own CPU time says so.
    const cpuMs = () => {
      const { user, system } = process.threadCpuUsage();
      return (user + system) / 1000;
    };
    const until = cpuMs() + 80;
    while (cpuMs() < until) {}
    await new Promise((resolve) => setTimeout(resolve, 50));
    const found = readEventLoopDelay({ reset: true });
    expect(found?.work.maxMs).toBeGreaterThanOrEqual(60);
    expect(found?.work.maxMs).toBeLessThan(200);
    // Waiting is not work: a turn that only waited for its timer counts nothing.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readEventLoopDelay()?.work.maxMs).toBeLessThan(20);
  });
});
