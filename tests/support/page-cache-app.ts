import { afterAll, beforeAll } from "vitest";
import { signedInUser } from "./shop-accounts";
import { createTestApp } from "./test-app";

export const ORIGIN = "http://localhost:3000";

/**
 * A test file's app for the shared page cache's tests: the demo catalogue, a signed-in customer
 * ("cache-customer") and an admin ("cache-admin"), made before the file's tests and removed after.
 * Its fields are set by the file's `beforeAll`; `get` and `post` ask it as a browser would.
 */
export function pageCacheApp() {
  const app = {
    t: undefined as unknown as Awaited<ReturnType<typeof createTestApp>>,
    customer: undefined as unknown as Awaited<ReturnType<typeof signedInUser>>,
    admin: undefined as unknown as Awaited<ReturnType<typeof signedInUser>>,
    get: (path: string, headers: Record<string, string> = {}, method = "GET") =>
      app.t.app.request(`${ORIGIN}${path}`, { method, headers, redirect: "manual" }),
    /** An empty form POST with this cookie (a sign-out). */
    post: (cookie: string): RequestInit => ({
      method: "POST",
      headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: "",
      redirect: "manual",
    }),
  };
  beforeAll(async () => {
    app.t = await createTestApp();
    await app.t.server.seedCatalogue(app.t.services);
    app.customer = await signedInUser(app.t.services, "cache-customer");
    app.admin = await signedInUser(app.t.services, "cache-admin");
    await app.t.server.runCommand(app.t.services, "admin", ["add", app.admin.email]);
  }, 120_000);
  afterAll(() => app.t?.cleanup());
  return app;
}
