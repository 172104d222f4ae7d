/**
 * Asks `<origin>/api/health` every 20 ms until its standard input closes, then prints each answer's
 * latency (ms) and the errors as JSON. A process of its own, so the load generator's work (autocannon
 * in the bench's process) does not delay the probe's own reading of the answers.
 */
const origin = process.argv[2];
if (!origin) throw new Error("usage: probe-health.ts <origin>");
let probing = true;
process.stdin.on("end", () => {
  probing = false;
});
process.stdin.resume();
const latencies: number[] = [];
let errors = 0;
while (probing) {
  const started = performance.now();
  try {
    const res = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    if (!res.ok) errors++;
  } catch {
    errors++;
  }
  latencies.push(performance.now() - started);
  await new Promise((resolve) => setTimeout(resolve, 20));
}
process.stdout.write(JSON.stringify({ latencies, errors }));

export {};
