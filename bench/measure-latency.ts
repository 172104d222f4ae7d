import http from "node:http";
import { sampleCpu } from "./sample-cpu.ts";
import { median, percentile, round } from "./statistics.ts";

export type LatencyResult = {
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  requests: number;
  /** Responses other than 200 (each one also fails the measurement's check). */
  non200: number;
  /** Size of the last response body, uncompressed. */
  bytes: number;
  /** Server CPU time per timed request, when its pid is given (steadier than latency on a busy machine). */
  cpuMsPerRequest: number | null;
};

/**
 * The cost of one request with nothing queued before it: requests one after another on one kept-alive
 * connection, timed to the microsecond (autocannon reports whole milliseconds).
 */
export async function measureLatency(
  url: string,
  {
    requests,
    warmup,
    headers = {},
    pid,
  }: { requests: number; warmup: number; headers?: Record<string, string>; pid?: number },
): Promise<LatencyResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise<{ ms: number; status: number; bytes: number }>((resolve, reject) => {
      const started = performance.now();
      http
        .get(url, { agent, headers }, (res) => {
          let bytes = 0;
          res.on("data", (chunk: Buffer) => {
            bytes += chunk.length;
          });
          res.on("end", () => resolve({ ms: performance.now() - started, status: res.statusCode ?? 0, bytes }));
        })
        .once("error", reject);
    });
  try {
    for (let i = 0; i < warmup; i++) await once();
    const samples: { ms: number; status: number; bytes: number }[] = [];
    const cpuBefore = pid ? sampleCpu(pid) : 0;
    for (let i = 0; i < requests; i++) samples.push(await once());
    const cpuMsPerRequest = pid ? round((sampleCpu(pid) - cpuBefore) / requests, 3) : null;
    const times = samples.map((s) => s.ms);
    return {
      p50Ms: round(median(times), 2),
      p99Ms: round(percentile(times, 99), 2),
      meanMs: round(times.reduce((a, b) => a + b, 0) / times.length, 2),
      requests,
      non200: samples.filter((s) => s.status !== 200).length,
      bytes: samples.at(-1)?.bytes ?? 0,
      cpuMsPerRequest,
    };
  } finally {
    agent.destroy();
  }
}
