/**
 * How much of the machine other work used while the benchmark ran: whole-machine CPU time (/proc/stat)
 * minus that of the benchmark's own processes (this process and its descendants, plus processes whose
 * command line matches, such as the temporary PostgreSQL cluster that pg_ctl detaches). Sampled every
 * second and summed per section, so a noisy figure can be told apart from a slow one.
 */
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";

type Proc = { pid: number; ppid: number; ticks: number; cmdline: string };

function readProcs(): Proc[] {
  const procs: Proc[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = (readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1] ?? "").split(" ");
      procs.push({
        pid: Number(entry),
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
        cmdline: readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " "),
      });
    } catch {
      // The process ended while we looked.
    }
  }
  return procs;
}

/** Busy clock ticks of all cores: everything but idle and iowait. */
function machineTicks(): number {
  const fields = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "").trim().split(/\s+/).slice(1).map(Number);
  return fields.reduce((sum, value, i) => (i === 3 || i === 4 ? sum : sum + value), 0);
}

export type LoadSection = { name: string; seconds: number; otherCpuPercent: number; benchCpuPercent: number };

export function monitorOtherLoad(alsoOurs: () => RegExp[] = () => []) {
  const cores = os.cpus().length;
  const totals = new Map<string, { seconds: number; machine: number; ours: number }>();
  const order: string[] = [];
  let section = "start";
  let lastTicks = new Map<number, number>();
  let lastMachine = machineTicks();
  let lastTime = performance.now();

  const sample = () => {
    const procs = readProcs();
    const patterns = alsoOurs();
    const children = new Map<number, number[]>();
    for (const p of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p.pid]);
    const mine = new Set<number>();
    const walk = (pid: number) => {
      if (mine.has(pid)) return;
      mine.add(pid);
      for (const child of children.get(pid) ?? []) walk(child);
    };
    walk(process.pid);
    for (const p of procs) if (patterns.some((re) => re.test(p.cmdline))) walk(p.pid);
    const ticks = new Map(procs.map((p) => [p.pid, p.ticks]));
    // A process first seen now started within the last second: all its time so far is new. The last
    // second of a process that has ended is lost, which only ever counts a little toward "other".
    let ours = 0;
    for (const pid of mine) ours += (ticks.get(pid) ?? 0) - (lastTicks.get(pid) ?? 0);
    const machine = machineTicks();
    const now = performance.now();
    const total = totals.get(section) ?? { seconds: 0, machine: 0, ours: 0 };
    if (!totals.has(section)) order.push(section);
    total.seconds += (now - lastTime) / 1000;
    total.machine += machine - lastMachine;
    total.ours += ours;
    totals.set(section, total);
    lastTicks = ticks;
    lastMachine = machine;
    lastTime = now;
  };
  const timer = setInterval(sample, 1000);
  timer.unref();

  return {
    /** Time from now on counts toward this section. */
    section(name: string) {
      sample();
      section = name;
    },
    finish(): LoadSection[] {
      sample();
      clearInterval(timer);
      return order
        .map((name) => {
          const t = totals.get(name) ?? { seconds: 0, machine: 0, ours: 0 };
          // Ticks are hundredths of a second; the capacity is every core for the section's duration.
          const capacity = t.seconds * 100 * cores;
          const percent = (ticks: number) => (capacity > 0 ? Math.round((ticks / capacity) * 1000) / 10 : 0);
          return {
            name,
            seconds: Math.round(t.seconds),
            otherCpuPercent: Math.max(0, percent(t.machine - t.ours)),
            benchCpuPercent: percent(t.ours),
          };
        })
        .filter((s) => s.seconds > 0);
    },
  };
}
