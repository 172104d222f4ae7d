import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/free-port.ts";
import { createTestApp } from "../support/test-app";
import { makeLocalCertificates, startTlsFront } from "../support/tls-front";

let t: Awaited<ReturnType<typeof createTestApp>>;
let certs: ReturnType<typeof makeLocalCertificates>;
let front: Awaited<ReturnType<typeof startTlsFront>>;

beforeAll(async () => {
  const ports = { http: await freePort(), https: await freePort() };
  certs = makeLocalCertificates();
  t = await createTestApp({ PUBLIC_URL: `https://localhost:${ports.https}` }, { template: "seeded" });
  front = await startTlsFront((request) => t.app.fetch(request), certs, ports);
}, 60_000);
afterAll(async () => {
  await front.stop();
  await t.cleanup();
  certs.cleanup();
});

/**
 * Runs Mozilla's HTTP Observatory scanner (offline) against the local HTTPS front, in a child
 * process (asynchronously: the front answers from this process).
 */
async function observatory(path: string) {
  const script = "tests/support/observatory-scan.mjs";
  const args = [script, "localhost", String(front.httpPort), String(front.httpsPort), path];
  const { stdout: out } = await promisify(execFile)(process.execPath, args, {
    env: { ...process.env, NODE_EXTRA_CA_CERTS: certs.caFile },
    encoding: "utf8",
    timeout: 60_000,
  });
  return JSON.parse(out) as {
    scan: { grade: string; score: number };
    tests: Record<string, { pass: boolean; result: string; scoreModifier: number }>;
  };
}

describe("HTTP Observatory, behind a TLS front", () => {
  it.each(["/", "/products", "/auth"])("grades %s A+", async (path) => {
    const result = await observatory(path);
    const failed = Object.entries(result.tests)
      .filter(([, test]) => !test.pass || test.scoreModifier < 0)
      .map(([name, test]) => `${name}: ${test.result}`);
    expect(failed).toEqual([]);
    expect(result.scan.grade).toBe("A+");
  });
});
