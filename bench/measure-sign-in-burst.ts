/**
 * One client's burst of parallel sign-ins (issue 12): 100 form posts at once, each a real password
 * check, while autocannon measures /api/health and / for other visitors. Password hashing runs on the
 * thread pool with a bound (decision 027), so their p99 must stay under 100 ms.
 */
import { percentile } from "./statistics.ts";

export type SignInBurstResult = {
  signIns: number;
  /** Statuses of the sign-ins: 302 signed in; 4xx refused (the limiter). */
  signInStatuses: Record<string, number>;
  burstMs: number;
  /** Other visitors' requests while the burst ran, four at a time per address. */
  during: { path: string; requests: number; errors: number; p50Ms: number; p99Ms: number; maxMs: number }[];
};

export async function measureSignInBurst(options: {
  origin: string;
  email: string;
  password: string;
  signIns: number;
  log: (line: string) => void;
}): Promise<SignInBurstResult> {
  const statuses: Record<string, number> = {};
  const started = performance.now();
  let burstMs = 0;
  const burst = Promise.all(
    Array.from({ length: options.signIns }, async () => {
      const res = await fetch(`${options.origin}/auth`, {
        method: "POST",
        body: new URLSearchParams({ intent: "signin", email: options.email, password: options.password }),
        headers: { origin: options.origin, "content-type": "application/x-www-form-urlencoded" },
        redirect: "manual",
      });
      await res.arrayBuffer();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }),
  ).then(() => {
    burstMs = Math.round(performance.now() - started);
  });
  // Other visitors, four at a time on each address, for as long as the burst lasts.
  let done = false;
  void burst.then(() => {
    done = true;
  });
  const visitors = ["/api/health", "/"].map(async (urlPath) => {
    const times: number[] = [];
    let errors = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (!done) {
          const start = performance.now();
          try {
            const res = await fetch(`${options.origin}${urlPath}`);
            await res.arrayBuffer();
            if (!res.ok) errors++;
          } catch {
            errors++;
          }
          times.push(performance.now() - start);
        }
      }),
    );
    const round1 = (n: number) => Math.round(n * 10) / 10;
    return {
      path: urlPath,
      requests: times.length,
      errors,
      p50Ms: round1(percentile(times, 50)),
      p99Ms: round1(percentile(times, 99)),
      maxMs: round1(Math.max(...times)),
    };
  });
  const during = await Promise.all(visitors);
  await burst;
  for (const r of during) {
    options.log(`  ${r.path} during the burst: ${r.requests} requests, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms`);
  }
  options.log(`  ${options.signIns} sign-ins in ${burstMs} ms: ${JSON.stringify(statuses)}`);
  return { signIns: options.signIns, signInStatuses: statuses, burstMs, during };
}
