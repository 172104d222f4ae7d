/**
 * What a signed-in page costs the server (issue 23, target 1): `node bench/measure-signed-in.ts
 * [--requests=200]` after `npm run build`. A client signed in through the real form asks, one at a
 * time on one connection, for each page a client uses; the server process's CPU time per request is
 * read from /proc (fair on a busy machine), beside the median latency.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createSignedInUser } from "./create-signed-in-user.ts";
import { sampleCpu } from "./sample-cpu.ts";
import { startServer } from "./start-server.ts";

const requests = Number(process.argv.find((a) => a.startsWith("--requests="))?.split("=")[1] ?? 200);
const root = mkdtempSync(path.join(os.tmpdir(), "signed-in-"));
const server = await startServer({
  appDir: process.cwd(),
  dataDir: path.join(root, "data"),
  logFile: path.join(root, "server.log"),
});
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

try {
  const user = await createSignedInUser(server, process.cwd(), `bench-${Date.now()}@example.com`);
  const headers = { cookie: user.cookie, "accept-encoding": "gzip, deflate, br" };
  for (const page of [
    "/products",
    "/product/chakra-balance-guide",
    "/my-purchases",
    "/my-sessions",
    "/book/one-on-one",
  ]) {
    for (let i = 0; i < 30; i++) await (await fetch(`${server.origin}${page}`, { headers })).arrayBuffer();
    const before = sampleCpu(server.pid);
    const latencies: number[] = [];
    let status = 0;
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      const res = await fetch(`${server.origin}${page}`, { headers });
      await res.arrayBuffer();
      status = res.status;
      latencies.push(performance.now() - started);
    }
    const cpu = (sampleCpu(server.pid) - before) / requests;
    console.log(
      `${`signed-in ${page}`.padEnd(44)} ${status}  server CPU ${cpu.toFixed(2)} ms/request, latency median ${median(latencies).toFixed(2)} ms`,
    );
  }
} finally {
  await server.stop();
}
