import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser } from "../support/shop-accounts";
import { createTestApp } from "../support/test-app";

/**
 * Issue 23: a signed-in page reads its session once. The root loader (the header) and the page's own
 * loader both ask for the signed-in user; each ask was a session lookup and an admin check.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let lookups = 0;

beforeAll(async () => {
  t = await createTestApp({}, { template: "seeded" });
  cookie = (await signedInUser(t.services, "once")).cookie;
  const api = t.services.auth.api as unknown as { getSession: (...args: unknown[]) => Promise<unknown> };
  const getSession = api.getSession.bind(api);
  api.getSession = (...args: unknown[]) => {
    lookups++;
    return getSession(...args);
  };
});
afterAll(() => t.cleanup());

describe("a signed-in page", () => {
  it.each(["/products", "/product/chakra-balance-guide", "/my-purchases", "/my-sessions", "/book/one-on-one"])(
    "%s looks its session up once",
    async (page) => {
      lookups = 0;
      const res = await t.app.request(page, { headers: { cookie } });
      await res.text();
      expect(res.status).toBe(200);
      expect(lookups).toBe(1);
    },
  );
});
