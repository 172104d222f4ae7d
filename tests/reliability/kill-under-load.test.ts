import { afterEach, describe, expect, it } from "vitest";
import { killRunningServers, ServerProcess } from "../support/server-process";
import { browserFor, signUp, uniqueEmail } from "../support/site-client";
import { createTestSite, openSiteData, type TestSite } from "../support/test-site";
import { startWriteLoad, type WriteKind, WriteLedger, waitUntil } from "../support/write-load";

let site: TestSite | undefined;
afterEach(async () => {
  await killRunningServers();
  await site?.cleanup();
  site = undefined;
});

/**
 * Rounds of: writers hammer the server, it is killed with SIGKILL mid-request (no shutdown code
 * runs), and a new process opens the same data. Then every acknowledged write must be there.
 */
async function killUnderLoad(kinds: Partial<Record<WriteKind, number>>, rounds: number) {
  site = await createTestSite("kill");
  const ledger = new WriteLedger();
  let server = await ServerProcess.start(site);
  for (let round = 0; round < rounds; round++) {
    const before = ledger.counts();
    const load = await startWriteLoad(server, ledger, kinds);
    // Enough acknowledged writes of every kind that the kill lands among them, not before them.
    await waitUntil(
      () => {
        const now = ledger.counts();
        return (
          (!kinds.signup || now.signups >= before.signups + 5) &&
          (!kinds.fulfilment || now.fulfilments >= before.fulfilments + 5) &&
          (!kinds["admin-edit"] || now.adminEdits >= before.adminEdits + 5)
        );
      },
      () => `round ${round + 1} got ${JSON.stringify(ledger.counts())}; failures: ${ledger.failures.join("; ")}`,
    );
    await server.kill();
    await load.done;
    // The new process must open the killed database: a stale lock to reclaim, recovery to run.
    server = await server.restart();
  }
  // The recovered database takes writes again.
  expect(await signUp(browserFor(server.url), uniqueEmail("after-kill"))).toBe(true);
  expect((await server.terminate()).code).toBe(0);
  expect(ledger.failures).toEqual([]);
  // The kills landed on requests in flight, not between them.
  expect(ledger.interrupted).toBeGreaterThan(0);
  const data = await openSiteData(site);
  try {
    expect(await ledger.findMissing(data.db)).toEqual([]);
  } finally {
    await data.close();
  }
  return ledger;
}

describe("kill -9 of the server under a write load, then a restart", () => {
  it("keeps every acknowledged sign-up, checkout, payment and admin product edit, and the database opens cleanly", async () => {
    const ledger = await killUnderLoad({ signup: 2, fulfilment: 2, "admin-edit": 2 }, 2);
    expect(ledger.counts().signups).toBeGreaterThanOrEqual(10);
    expect(ledger.counts().fulfilments).toBeGreaterThanOrEqual(10);
    expect(ledger.counts().adminEdits).toBeGreaterThanOrEqual(10);
  });
});
