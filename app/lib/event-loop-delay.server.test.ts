import { describe, expect, it } from "vitest";
import { readEventLoopDelay, watchEventLoop } from "./event-loop-delay.server";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the event loop's delay", () => {
  it("counts a turn the thread spent working as work, and one it spent blocked without the CPU as delay only", async () => {
    watchEventLoop();
    await pause(50);
    readEventLoopDelay({ reset: true });
    // 80 ms of work in one turn (of this thread's CPU time, however busy the machine).
    const cpuMs = () => {
      const { user, system } = process.threadCpuUsage();
      return (user + system) / 1000;
    };
    const until = cpuMs() + 80;
    while (cpuMs() < until) {}
    await pause(50);
    const worked = readEventLoopDelay({ reset: true });
    expect(worked?.maxMs).toBeGreaterThanOrEqual(60);
    expect(worked?.work.maxMs).toBeGreaterThanOrEqual(60);
    expect(worked?.work.maxMs).toBeLessThan(200);
    // 80 ms in one turn without the CPU (as when the machine gives the core to others): the timers
    // are as late, but it was not this thread's work.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 80);
    await pause(50);
    const blocked = readEventLoopDelay();
    expect(blocked?.maxMs).toBeGreaterThanOrEqual(60);
    expect(blocked?.work.maxMs).toBeLessThan(20);
  });
});
