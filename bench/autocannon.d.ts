// autocannon 9 ships no types; this declares the part of its API the benchmarks use (see its README).
declare module "autocannon" {
  type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p2_5: number;
    p50: number;
    p75: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
  };

  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };

  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    pipelining?: number;
    overallRate?: number;
    headers?: Record<string, string>;
    requests?: Request[];
    title?: string;
    /** Called for each connection as it starts: per-connection headers (one signed-in client each). */
    setupClient?: (client: {
      setHeaders(headers: Record<string, string>): void;
      setRequests(requests: { method: string; path: string; headers?: Record<string, string> }[]): void;
    }) => void;
  };

  export type Result = {
    title?: string;
    url: string;
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    start: Date;
    finish: Date;
    statusCodeStats: Record<string, { count: number }>;
    "1xx": number;
    "2xx": number;
    "3xx": number;
    "4xx": number;
    "5xx": number;
  };

  type Instance = PromiseLike<Result> & { stop(): void };

  function autocannon(options: Options): Instance;
  export default autocannon;
}
