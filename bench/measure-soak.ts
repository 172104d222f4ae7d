/**
 * A bounded soak: moderate mixed traffic at a fixed rate for minutes, sampling the server's resident
 * memory and open file descriptors, to find slow leaks that a short load run cannot show.
 */
import autocannon from "autocannon";
import { type ProcessSample, sampleProcess } from "./sample-process.ts";
import { round } from "./statistics.ts";

export type SoakResult = {
  rate: number;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  sampleSeconds: number;
  paths: string[];
  /** Idle, after the warm-up and after the soak (connections closed). */
  start: { rssMb: number; fds: number };
  end: { rssMb: number; fds: number };
  max: { rssMb: number; fds: number };
  /** Medians under load: the soak's first and last minute. */
  firstMinuteRssMb: number;
  lastMinuteRssMb: number;
  rssGrowthPercent: number;
  fdGrowth: number;
  load: {
    requests: number;
    requestsPerSecond: number;
    p50Ms: number;
    p99Ms: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  samples: ProcessSample[];
  /** Sampled the same way during the warm-up, to show memory settling before the soak's start. */
  warmupSamples: ProcessSample[];
  command: string;
};

export async function measureSoak(options: {
  pid: number;
  origin: string;
  cookie: string;
  stylesheet: string;
  rate: number;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  sampleSeconds: number;
  log: (line: string) => void;
}): Promise<SoakResult> {
  const customer = { cookie: options.cookie };
  // What a mix of visitors and one busy customer ask for: pages, data, static files, images, downloads.
  const requests = [
    { path: "/" },
    { path: "/products" },
    { path: "/product/chakra-balance-guide" },
    { path: "/api/health" },
    { path: "/zyto" },
    { path: options.stylesheet },
    { path: "/my-purchases", headers: customer },
    { path: "/products", headers: customer },
    { path: "/media-events" },
    { path: "/media/covers/chakra-balance-guide.webp" },
    { path: "/my-purchases?page=2", headers: customer },
    { path: "/api/downloads/chakra-balance-guide", headers: customer },
    { path: "/sitemap.xml" },
    { path: "/shop-state", headers: customer },
  ];
  const load = (duration: number) =>
    autocannon({
      url: options.origin,
      connections: options.connections,
      overallRate: options.rate,
      duration,
      requests,
    });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 3000));

  options.log(`  warm-up: ${options.warmupSeconds} s at ${options.rate} req/s`);
  const warmupStarted = performance.now();
  const warmupSamples: ProcessSample[] = [];
  const warmupTimer = setInterval(
    () => warmupSamples.push(sampleProcess(options.pid, warmupStarted)),
    options.sampleSeconds * 1000,
  );
  try {
    await load(options.warmupSeconds);
  } finally {
    clearInterval(warmupTimer);
  }
  await settle();
  const start = sampleProcess(options.pid);
  options.log(`  after warm-up (idle): ${start.rssMb} MB, ${start.fds} fds`);

  const startedAt = performance.now();
  const samples: ProcessSample[] = [];
  const timer = setInterval(() => {
    const sample = sampleProcess(options.pid, startedAt);
    samples.push(sample);
    if (samples.length % Math.max(1, Math.round(60 / options.sampleSeconds)) === 0) {
      options.log(`  ${Math.round(sample.t)} s: ${sample.rssMb} MB, ${sample.fds} fds`);
    }
  }, options.sampleSeconds * 1000);
  let result: Awaited<ReturnType<typeof load>>;
  try {
    result = await load(options.durationSeconds);
  } finally {
    clearInterval(timer);
  }
  await settle();
  const end = sampleProcess(options.pid);
  options.log(`  after the soak (idle): ${end.rssMb} MB, ${end.fds} fds`);

  const minute = (from: number, to: number) => {
    const inWindow = samples.filter((s) => s.t >= from && s.t <= to).map((s) => s.rssMb);
    const sorted = inWindow.sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  };
  const last = samples.at(-1)?.t ?? 0;
  return {
    rate: options.rate,
    connections: options.connections,
    warmupSeconds: options.warmupSeconds,
    durationSeconds: options.durationSeconds,
    sampleSeconds: options.sampleSeconds,
    paths: requests.map((r) => `${r.path}${r.headers ? " (signed in)" : ""}`),
    start: { rssMb: start.rssMb, fds: start.fds },
    end: { rssMb: end.rssMb, fds: end.fds },
    max: { rssMb: Math.max(...samples.map((s) => s.rssMb)), fds: Math.max(...samples.map((s) => s.fds)) },
    firstMinuteRssMb: minute(0, 60),
    lastMinuteRssMb: minute(last - 60, last),
    rssGrowthPercent: round(((end.rssMb - start.rssMb) / start.rssMb) * 100, 1),
    fdGrowth: end.fds - start.fds,
    load: {
      requests: result.requests.total,
      requestsPerSecond: round(result.requests.average, 0),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
    },
    samples,
    warmupSamples,
    command: `autocannon -c ${options.connections} -R ${options.rate} -d ${options.durationSeconds} with the ${requests.length} requests above in turn on each connection (after a ${options.warmupSeconds} s warm-up at the same rate), sampling /proc/<pid>/status VmRSS and /proc/<pid>/fd every ${options.sampleSeconds} s`,
  };
}
