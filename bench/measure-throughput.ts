/**
 * Throughput against the limit: autocannon at a fixed number of connections on each route, and on a
 * bare node:http server answering with the same bytes as /products, all in one run so the ratios
 * compare like with like on a shared, noisy machine.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import autocannon, { type Result } from "autocannon";
import { sampleCpu } from "./sample-cpu.ts";
import { round } from "./statistics.ts";

export type LoadTarget = { name: string; path: string; headers?: Record<string, string> };

export type LoadResult = {
  name: string;
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  /** Server CPU time (user + system) per request: steadier than req/s when other work shares the machine. */
  cpuMsPerRequest: number;
  /** Share of the ceiling's requests per second. */
  ratio?: number;
};

export type ThroughputResult = {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** The ceiling measured before and after the routes, and their mean (what the ratios use). */
  ceiling: { before: LoadResult; after: LoadResult; requestsPerSecond: number; bodyBytes: number };
  routes: LoadResult[];
  command: string;
};

export async function measureThroughput(options: {
  origin: string;
  /** The server's process, for its CPU time. */
  pid: number;
  targets: LoadTarget[];
  /** The route whose bytes the ceiling server returns. */
  ceilingPath: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  workDir: string;
  log: (line: string) => void;
}): Promise<ThroughputResult> {
  const capture = await captureResponse(options.origin, options.ceilingPath);
  const captureFile = path.join(options.workDir, "ceiling-capture.json");
  writeFileSync(captureFile, JSON.stringify({ headers: capture.headers, bodyBase64: capture.body.toString("base64") }));
  const ceilingServer = await startCeiling(captureFile);
  const measure = async (origin: string, pid: number, target: LoadTarget) => {
    const settings = { connections: options.connections, headers: target.headers ?? {} };
    if (options.warmupSeconds > 0) {
      await autocannon({ url: `${origin}${target.path}`, ...settings, duration: options.warmupSeconds });
    }
    const cpuBefore = sampleCpu(pid);
    const run = await autocannon({ url: `${origin}${target.path}`, ...settings, duration: options.durationSeconds });
    const result = toLoadResult(target, run, (sampleCpu(pid) - cpuBefore) / Math.max(1, run.requests.total));
    options.log(
      `  ${target.name}: ${result.requestsPerSecond} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ${result.cpuMsPerRequest} ms CPU/request, errors ${result.errors}, non-2xx ${result.non2xx}`,
    );
    return result;
  };
  try {
    const ceilingTarget = { name: `node:http ceiling (bytes of ${options.ceilingPath})`, path: "/" };
    const before = await measure(ceilingServer.origin, ceilingServer.pid, ceilingTarget);
    const routes: LoadResult[] = [];
    for (const target of options.targets) routes.push(await measure(options.origin, options.pid, target));
    const after = await measure(ceilingServer.origin, ceilingServer.pid, ceilingTarget);
    const ceilingRps = round((before.requestsPerSecond + after.requestsPerSecond) / 2, 0);
    for (const route of routes) route.ratio = round(route.requestsPerSecond / ceilingRps, 3);
    return {
      connections: options.connections,
      durationSeconds: options.durationSeconds,
      warmupSeconds: options.warmupSeconds,
      ceiling: { before, after, requestsPerSecond: ceilingRps, bodyBytes: capture.body.length },
      routes,
      command: `autocannon -c ${options.connections} -d ${options.durationSeconds} <url> (after a ${options.warmupSeconds} s warm-up run with the same settings; the autocannon API, in bench/measure-throughput.ts)`,
    };
  } finally {
    await ceilingServer.stop();
  }
}

export function toLoadResult(target: LoadTarget, result: Result, cpuMsPerRequest: number): LoadResult {
  return {
    cpuMsPerRequest: round(cpuMsPerRequest, 3),
    name: target.name,
    path: target.path,
    requestsPerSecond: round(result.requests.average, 0),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
  };
}

/** The response exactly as autocannon gets it: no Accept-Encoding, so no compression. */
export function captureResponse(
  origin: string,
  pagePath: string,
): Promise<{ headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}${pagePath}`, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          if (res.statusCode !== 200) return reject(new Error(`${pagePath} answered ${res.statusCode}`));
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            // Framing and connection headers belong to each response; node:http writes its own.
            if (["date", "connection", "keep-alive", "transfer-encoding", "content-length"].includes(name)) continue;
            if (typeof value === "string") headers[name] = value;
          }
          resolve({ headers, body: Buffer.concat(chunks) });
        });
      })
      .once("error", reject);
  });
}

/** The ceiling runs in its own process, as the real server does, so the load generator does not share its thread. */
export function startCeiling(captureFile: string): Promise<{ origin: string; pid: number; stop(): Promise<void> }> {
  const script = path.join(import.meta.dirname, "serve-ceiling.ts");
  const child = spawn(process.execPath, [script, captureFile], { stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    void exited.then(() => reject(new Error("the ceiling server exited before it listened")));
    child.stdout.once("data", (chunk: Buffer) => {
      const { port } = JSON.parse(chunk.toString()) as { port: number };
      resolve({
        origin: `http://127.0.0.1:${port}`,
        pid: child.pid as number,
        async stop() {
          child.kill("SIGTERM");
          await exited;
        },
      });
    });
  });
}
