/**
 * What one request the shared page cache cannot answer costs the server (issue 23, decision 043):
 * `node bench/measure-cache-miss.ts [--requests=200]` after `npm run build`.
 *
 * - Unique query strings (`/products?v=N`, `/?utm_source=N`): CPU per request of the server process
 *   (from /proc), and its own logged time. Before decision 043 each was a render and a compression.
 * - Made-up product addresses, and cookies no page reads or that name nobody (decision 059): before it,
 *   each was a render. A public page's data (`.data`, decision 060): before it, each ran the loaders.
 * - The compression a cache fill adds, timed here on the page's own bytes at the levels the cache uses.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { sampleCpu } from "./sample-cpu.ts";
import { startServer } from "./start-server.ts";

const requests = Number(process.argv.find((a) => a.startsWith("--requests="))?.split("=")[1] ?? 200);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "cache-miss-"));
const logFile = path.join(dataDir, "server.log");
const server = await startServer({ appDir: process.cwd(), dataDir: path.join(dataDir, "data"), logFile });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

type Headers = Record<string, string>;

async function run(label: string, target: (i: number) => string, headersOf: Headers | ((i: number) => Headers)) {
  const headers = (i: number) => (typeof headersOf === "function" ? headersOf(i) : headersOf);
  // Warm up the code paths (JIT) on targets of the same shape.
  for (let i = 0; i < 20; i++) {
    await (await fetch(`${server.origin}${target(-1 - i)}`, { headers: headers(-1 - i) })).arrayBuffer();
  }
  const cpuBefore = sampleCpu(server.pid);
  const latencies: number[] = [];
  const states = new Map<string, number>();
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const res = await fetch(`${server.origin}${target(i)}`, { headers: headers(i), redirect: "manual" });
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
    const state = `${res.status} ${res.headers.get("x-cache") ?? "-"}`;
    states.set(state, (states.get(state) ?? 0) + 1);
  }
  const cpu = (sampleCpu(server.pid) - cpuBefore) / requests;
  console.log(
    `${label.padEnd(44)} server CPU ${cpu.toFixed(2)} ms/request, latency median ${median(latencies).toFixed(2)} ms  [${[...states].map(([s, n]) => `${s}: ${n}`).join(", ")}]`,
  );
}

try {
  const br = { "accept-encoding": "gzip, deflate, br" };
  await run("/products?v=N (unique query, br)", (i) => `/products?v=${i}`, br);
  await run("/?utm_source=N (unique query, br)", (i) => `/?utm_source=${i}`, br);
  await run("/no-such-page-N (unknown address, br)", (i) => `/no-such-page-${i}`, br);
  await run("/product/made-up-N (no such product, br)", (i) => `/product/made-up-${i}`, br);
  await run("/products.data?x=N (a page's data, br)", (i) => `/products.data?x=${i}`, br);
  await run("/product/made-up-N.data (br)", (i) => `/product/made-up-${i}.data`, br);
  await run(
    "/products, a made-up cookie N (br)",
    () => "/products",
    (i) => ({ ...br, cookie: `x=${i}` }),
  );
  await run(
    "/, a forged session cookie N (br)",
    () => "/",
    (i) => ({
      ...br,
      cookie: `better-auth.session_token=forged-${i}.c2lnbmF0dXJl`,
    }),
  );
  await run(
    "/, a made-up toast cookie N (br)",
    () => "/",
    (i) => ({ ...br, cookie: `flash=made-up-${i}` }),
  );

  // The compression a cache fill adds, on the pages' own bytes.
  for (const page of ["/", "/products"]) {
    const html = Buffer.from(await (await fetch(`${server.origin}${page}`)).text());
    const time = (compress: () => Buffer) => {
      for (let i = 0; i < 5; i++) compress();
      const runs: number[] = [];
      let size = 0;
      for (let i = 0; i < 30; i++) {
        const started = performance.now();
        size = compress().length;
        runs.push(performance.now() - started);
      }
      return `${median(runs).toFixed(2)} ms, ${(size / 1024).toFixed(1)} KB`;
    };
    const brotli = (quality: number) => () =>
      brotliCompressSync(html, {
        params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: html.length },
      });
    console.log(
      `${page} ${(html.length / 1024).toFixed(1)} KB: brotli 9 ${time(brotli(9))}; brotli 5 ${time(brotli(5))}; brotli 4 ${time(brotli(4))}; gzip 9 ${time(() => gzipSync(html, { level: 9 }))}; gzip 6 ${time(() => gzipSync(html, { level: 6 }))}`,
    );
  }
  const logged = readFileSync(logFile, "utf8")
    .split("\n")
    .filter((line) => line.includes('"msg":"request"'));
  console.log(`(${logged.length} request lines in the server's log)`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
