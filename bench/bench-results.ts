/** The shape of bench/results.json; bench/RESULTS.md is rendered from it and nothing else. */
import type { Machine } from "./describe-machine.ts";
import type { GrowthResult } from "./measure-growth.ts";
import type { PageResult } from "./measure-pages.ts";
import type { SoakResult } from "./measure-soak.ts";
import type { ThroughputResult } from "./measure-throughput.ts";
import type { LoadSection } from "./monitor-other-load.ts";

export type Check = {
  section: string;
  figure: string;
  value: string;
  target: string;
  /** null: reported, not a target. */
  pass: boolean | null;
};

export type MemoryReading = { rssMb: number; fds: number };

export type BenchResults = {
  meta: {
    command: string;
    quick: boolean;
    startedAt: string;
    finishedAt: string;
    wallSeconds: number;
    machine: Machine;
    /**
     * CPU use of the whole machine over 3 s while the benchmark was idle, before and after it, and the
     * share of all cores that processes other than the benchmark's used during each section.
     */
    otherLoad: {
      cpuBusyPercentBefore: number;
      cpuBusyPercentAfter: number;
      loadAverageBefore: number[];
      sections: LoadSection[];
    };
    build: { commit: string; source: string; uncommitted: string[]; buildSeconds: number };
    postgres: string;
  };
  pages: { runsPerPage: number; results: PageResult[] };
  throughput: { pglite: ThroughputResult; postgres: ThroughputResult | null };
  memory: {
    pglite: { idle: MemoryReading; afterLighthouse: MemoryReading; afterLoad: MemoryReading };
    postgres: { idle: MemoryReading; afterLoad: MemoryReading } | null;
  };
  growth: GrowthResult;
  soak: SoakResult | null;
  /** Error-level lines (pino level 50 and up) each server wrote to its log during the run. */
  serverErrors: Record<string, number>;
  checks: Check[];
};
