/**
 * Spikes (issue 12, decision 027): anonymous GETs of the pages a viral post sends people to, each
 * against its own ceiling, a bare node:http server (bench/serve-ceiling.ts) sending that page's very
 * bytes and headers, with the same client and settings, at 50 and at 200 connections, in one run.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { captureResponse, type LoadResult, type LoadTarget, startCeiling, toLoadResult } from "./measure-throughput.ts";
import { sampleCpu } from "./sample-cpu.ts";
import { round } from "./statistics.ts";

export type SpikeResult = {
  connections: number;
  route: LoadResult;
  ceiling: LoadResult;
  /** The route's requests per second as a share of its ceiling's. */
  ratio: number;
};

export type SpikesResult = {
  durationSeconds: number;
  warmupSeconds: number;
  runs: SpikeResult[];
  command: string;
};

export async function measureSpikes(options: {
  origin: string;
  pid: number;
  targets: LoadTarget[];
  connections: number[];
  durationSeconds: number;
  warmupSeconds: number;
  workDir: string;
  log: (line: string) => void;
}): Promise<SpikesResult> {
  const runs: SpikeResult[] = [];
  for (const target of options.targets) {
    const capture = await captureResponse(options.origin, target.path);
    const captureFile = path.join(options.workDir, "spike-capture.json");
    writeFileSync(
      captureFile,
      JSON.stringify({ headers: capture.headers, bodyBase64: capture.body.toString("base64") }),
    );
    const ceiling = await startCeiling(captureFile);
    try {
      for (const connections of options.connections) {
        const measure = async (origin: string, pid: number, name: string, urlPath: string) => {
          const url = `${origin}${urlPath}`;
          if (options.warmupSeconds > 0) await autocannon({ url, connections, duration: options.warmupSeconds });
          const cpuBefore = sampleCpu(pid);
          const run = await autocannon({ url, connections, duration: options.durationSeconds });
          const cpu = (sampleCpu(pid) - cpuBefore) / Math.max(1, run.requests.total);
          return toLoadResult({ name, path: urlPath }, run, cpu);
        };
        const route = await measure(options.origin, options.pid, target.name, target.path);
        const bare = await measure(ceiling.origin, ceiling.pid, `node:http with the bytes of ${target.path}`, "/");
        const ratio = round(route.requestsPerSecond / Math.max(1, bare.requestsPerSecond), 3);
        options.log(
          `  ${target.name} @${connections}: ${route.requestsPerSecond} req/s (${(ratio * 100).toFixed(0)} % of ${bare.requestsPerSecond}), p99 ${route.p99Ms} ms, errors ${route.errors + route.timeouts + route.non2xx}`,
        );
        runs.push({ connections, route, ceiling: bare, ratio });
      }
    } finally {
      await ceiling.stop();
    }
  }
  return {
    durationSeconds: options.durationSeconds,
    warmupSeconds: options.warmupSeconds,
    runs,
    command: `autocannon -c <50|200> -d ${options.durationSeconds} <url>, the route then its own node:http ceiling, after a ${options.warmupSeconds} s warm-up each (bench/measure-spikes.ts)`,
  };
}
