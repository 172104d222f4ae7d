import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session, userRoles } from "~/lib/db/schema.server";
import { signedInUser } from "../support/shop-accounts";
import { createTestApp } from "../support/test-app";

/**
 * Issue 23: a signed-in page does not ask the database who is signed in. The first page looks the
 * session up; the pages after it find it in memory (decision 052), until a write to the sessions,
 * users or roles, which drops it at once, on PGlite and on PostgreSQL.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let lookups = 0;
/** The change notices this process has heard, in order. */
const heard: string[] = [];

/**
 * Waits (at most 2 s) until the notice of a write made since `mark` has come. PGlite tells before the
 * write returns; PostgreSQL on its listening connection, sometimes after a page was already read, and
 * that late notice would drop what the page kept (one more lookup: harmless, but not what is counted).
 */
async function noticeSince(mark: number, topic: string) {
  for (let waited = 0; waited < 2_000 && !heard.slice(mark).includes(topic); waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  t = await createTestApp({}, { template: "seeded" });
  t.services.database.onAnnouncement((topic) => heard.push(topic));
  const api = t.services.auth.api as unknown as { getSession: (...args: unknown[]) => Promise<unknown> };
  const getSession = api.getSession.bind(api);
  api.getSession = (...args: unknown[]) => {
    lookups++;
    return getSession(...args);
  };
});
afterAll(() => t.cleanup());

const pages = ["/products", "/product/chakra-balance-guide", "/my-purchases", "/my-sessions", "/book/one-on-one"];

async function visit(page: string, cookie: string) {
  const res = await t.app.request(page, { headers: { cookie }, redirect: "manual" });
  await res.text();
  return res.status;
}

describe("a signed-in page", () => {
  it("looks the session up once, then finds it in memory on every page", async () => {
    const mark = heard.length;
    const { cookie } = await signedInUser(t.services, "once");
    await noticeSince(mark, "table:session");
    lookups = 0;
    for (const page of pages) expect(await visit(page, cookie)).toBe(200);
    expect(lookups).toBe(1);
  });

  it("is signed out at once when the session ends elsewhere (another device, a password change)", async () => {
    const { cookie, id: userId } = await signedInUser(t.services, "revoked");
    expect(await visit("/my-purchases", cookie)).toBe(200);
    await t.services.database.db.delete(session).where(eq(session.userId, userId));
    expect(await visit("/my-purchases", cookie)).toBe(302);
  });

  it("loses the admin pages at once when the role is taken away", async () => {
    const { cookie, id: userId } = await signedInUser(t.services, "former-admin");
    await t.services.database.db.insert(userRoles).values({ userId, role: "admin" });
    expect(await visit("/admin", cookie)).toBe(200);
    await t.services.database.db.delete(userRoles).where(eq(userRoles.userId, userId));
    expect(await visit("/admin", cookie)).toBe(302);
  });
});
