import { afterEach, describe, expect, it } from "vitest";
import { holdFormPost } from "../support/held-request";
import { killRunningServers, ServerProcess } from "../support/server-process";
import { PASSWORD, uniqueEmail } from "../support/site-client";
import { createTestSite, openSiteData, type TestSite } from "../support/test-site";
import { isConnectionError, startWriteLoad, WriteLedger, waitUntil } from "../support/write-load";

let site: TestSite | undefined;
afterEach(async () => {
  await killRunningServers();
  await site?.cleanup();
  site = undefined;
});

/** Page loads in a loop until the server stops answering; every status is kept. */
async function readUntilGone(origin: string, statuses: number[], failures: string[]) {
  const paths = ["/", "/products", "/product/chakra-balance-guide", "/api/health"];
  for (let i = 0; ; i++) {
    try {
      const res = await fetch(`${origin}${paths[i % paths.length]}`, { signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      statuses.push(res.status);
    } catch (error) {
      if (!isConnectionError(error)) failures.push(String(error));
      return;
    }
  }
}

describe("SIGTERM under load", () => {
  it("lets in-flight requests finish, answers no 5xx, and exits 0 within 10 s", async () => {
    site = await createTestSite("sigterm");
    const server = await ServerProcess.start(site);
    const ledger = new WriteLedger();
    const load = await startWriteLoad(server, ledger, { signup: 2, fulfilment: 2 });
    const statuses: number[] = [];
    const readers = Promise.all([1, 2].map(() => readUntilGone(server.url, statuses, ledger.failures)));

    // Sign-ups the server has started on (it answered 100 Continue) but cannot finish before SIGTERM.
    const heldEmails = [1, 2, 3, 4].map(() => uniqueEmail("held"));
    const held = await Promise.all(
      heldEmails.map((email) =>
        holdFormPost(
          `${server.url}/auth`,
          { intent: "signup", fullName: "Held Visitor", email, password: PASSWORD },
          { origin: server.url },
        ),
      ),
    );
    await waitUntil(
      () => ledger.counts().signups >= 3 && ledger.counts().fulfilments >= 3 && statuses.length >= 10,
      () => `load got ${JSON.stringify(ledger.counts())}, ${statuses.length} reads; ${ledger.failures.join("; ")}`,
    );

    server.sendSigterm();
    const signalled = performance.now();
    const answers = await Promise.all(held.map((request) => request.finish()));
    const exit = await server.exited;
    const seconds = (performance.now() - signalled) / 1000;
    await load.done;
    await readers;

    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text).toContain("sent a confirmation link");
    }
    expect(exit).toEqual({ code: 0, signal: null });
    expect(seconds).toBeLessThan(10);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(ledger.failures).toEqual([]);

    // What was acknowledged, the held sign-ups included, was written before the database closed.
    for (const email of heldEmails) ledger.signups.add(email);
    const data = await openSiteData(site);
    try {
      expect(await ledger.findMissing(data.db)).toEqual([]);
    } finally {
      await data.close();
    }
  });
});
