import { afterEach, describe, expect, it } from "vitest";
import { startRoundRobinProxy } from "../support/round-robin-proxy";
import { freePort, killRunningServers, removeFolder, ServerProcess, temporaryFolder } from "../support/server-process";
import { browserFor, PASSWORD, signIn, uniqueEmail } from "../support/site-client";
import { onPostgres } from "../support/test-database";
import { createTestSite, openSiteData } from "../support/test-site";
import { startWriteLoad, WriteLedger, waitUntil } from "../support/write-load";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  await killRunningServers();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/**
 * Issue 23, item 5: two instances on one PostgreSQL behind a reverse proxy (as docs/operations.md sets
 * Caddy up: health checks, and the next instance for a refused connection) are restarted one after the other, each with SIGTERM and started again, while visitors
 * read pages, a signed-in client browses, people sign up and buyers pay. No request fails, and every
 * write that was acknowledged is in the database.
 */
describe.skipIf(!onPostgres())("a rolling restart of two instances behind a proxy", () => {
  it("loses no request and no acknowledged write", async () => {
    // Each instance, told to stop, first serves on for a second with its health check at 503.
    const site = await createTestSite("rolling-a", { SHUTDOWN_DRAIN_SECONDS: "1" });
    cleanups.push(() => site.cleanup());
    const siteB = { ...site, dataDir: temporaryFolder("rolling-b") };
    cleanups.push(() => removeFolder(siteB.dataDir));
    const ports = [await freePort(), await freePort()];
    const proxy = await startRoundRobinProxy(() => ports.map((port) => `http://127.0.0.1:${port}`));
    cleanups.push(() => proxy.close());
    let [a, b] = await Promise.all([
      ServerProcess.start(site, { port: ports[0], publicUrl: proxy.url }),
      ServerProcess.start(siteB, { port: ports[1], publicUrl: proxy.url }),
    ]);

    // Everything goes through the proxy; operator commands go to an instance's own control socket.
    const front = Object.create(a, { url: { value: proxy.url } }) as ServerProcess;
    const ledger = new WriteLedger();
    const load = await startWriteLoad(front, ledger, { signup: 1, fulfilment: 1 });
    const reader = uniqueEmail("reader");
    await a.command("user:create", reader, PASSWORD, "Rolling", "Reader");
    const client = await signIn(browserFor(proxy.url), reader);

    let reading = true;
    const statuses: number[] = [];
    const errors: string[] = [];
    const read = async (pages: string[], cookie?: string) => {
      for (let i = 0; reading; i++) {
        try {
          const res = await fetch(`${proxy.url}${pages[i % pages.length]}`, {
            headers: cookie ? { cookie } : {},
            redirect: "manual",
            signal: AbortSignal.timeout(30_000),
          });
          await res.arrayBuffer();
          statuses.push(res.status);
        } catch (error) {
          errors.push(String(error));
        }
      }
    };
    const readers = Promise.all([
      read(["/", "/products", "/product/chakra-balance-guide", "/about"]),
      read(["/products", "/my-purchases", "/my-sessions"], client.cookieHeader()),
    ]);
    const progress = () => statuses.length + ledger.counts().signups + ledger.counts().fulfilments;
    const moreLoad = async () => {
      const before = progress();
      await waitUntil(
        () => progress() >= before + 20,
        () => `load stalled: ${statuses.length} reads, ${JSON.stringify(ledger.counts())}; ${errors.join("; ")}`,
      );
    };

    await moreLoad();
    for (const which of ["a", "b"] as const) {
      const instance = which === "a" ? a : b;
      const stopped = await instance.terminate();
      expect(stopped.code).toBe(0);
      // While it is down, the other answers everything.
      await moreLoad();
      const restarted = await instance.restart();
      if (which === "a") a = restarted;
      else b = restarted;
      await moreLoad();
    }
    reading = false;
    await load.stop();
    await readers;

    expect(errors).toEqual([]);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(ledger.failures).toEqual([]);
    expect(ledger.interrupted).toBe(0);
    const data = await openSiteData(site);
    try {
      expect(await ledger.findMissing(data.db)).toEqual([]);
    } finally {
      await data.close();
    }
  });
});
