import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createVerifiedUser } from "~/features/accounts/create-verified-user.server";
import { HttpSession } from "../support/http-session";
import { createTestApp } from "../support/test-app";

// Issue 14 item 5, decision 034: a page whose data fails to load answers with the site's frame (the
// header as the visitor's account stands), the spec §8 message and a Retry, never the
// 'Unexpected Application Error!' screen; 503 when the database is away, 500 for any other failure.

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

async function signedIn(app: TestApp) {
  await createVerifiedUser(app.services, { email: "reader@example.com", password: "Passw0rd1", fullName: "Re Ader" });
  const browser = new HttpSession(app.app);
  const res = await browser.post("/auth", { intent: "signin", email: "reader@example.com", password: "Passw0rd1" });
  expect(res.status).toBe(302);
  return browser;
}

/** The page frame and the failure message, with nothing of the framework's error screen or our source. */
function expectLoadFailurePage(page: string, message: string, account: "signed in" | "signed out") {
  // React separates adjacent text with empty comments ('Welcome, <!-- -->reader').
  const html = page.replaceAll("<!-- -->", "");
  expect(html).toContain(message);
  expect(html).toMatch(/<button[^>]*>Retry<\/button>/);
  expect(html).toContain("<footer");
  expect(html).not.toContain("Unexpected Application Error!");
  if (account === "signed in") {
    expect(html).toContain("Welcome, reader");
    expect(html).toContain("Sign Out");
    expect(html).not.toMatch(/>Sign In</);
  } else {
    expect(html).toMatch(/>Sign In</);
    expect(html).not.toContain("Welcome, ");
  }
  expect(html.replace(/<link [^>]*>/g, "")).not.toMatch(/at \w+ \(|node_modules|\.ts:\d+|PGlite is closed/);
}

describe("pages whose data fails to load", () => {
  it("answer 503 with the frame, the signed-in header and the §8 message while the database is away", async () => {
    t = await createTestApp({}, { template: "seeded" });
    const browser = await signedIn(t);
    expect((await browser.get("/products")).status).toBe(200);

    await t.services.database.close();

    const pages = [
      ["/products", "Failed to load products. Please try again later."],
      ["/product/chakra-balance-guide", "Failed to load product"],
      ["/my-purchases", "Failed to load your purchases"],
    ] as const;
    for (const [path, message] of pages) {
      const res = await browser.get(path);
      expect(res.status, path).toBe(503);
      expect(res.headers.get("retry-after"), path).toBe("30");
      expectLoadFailurePage(await res.text(), message, "signed in");
    }
    // A client navigation's data request fails the same way, for the page to show its toast and Retry.
    const data = await browser.get("/products.data");
    expect(data.status).toBe(503);
    // A page without its own boundary keeps the generic screen of spec §8, inside the same frame.
    const home = await browser.get("/");
    expect(home.status).toBe(503);
    const homeHtml = (await home.text()).replaceAll("<!-- -->", "");
    expect(homeHtml).toContain("Unexpected Application Error!");
    expect(homeHtml).toContain("Welcome, reader");
  });

  it("show a visitor without a session 'Sign In' on the same page", async () => {
    t = await createTestApp({}, { template: "seeded" });
    await t.services.database.close();
    const res = await t.app.request("/products");
    expect(res.status).toBe(503);
    expectLoadFailurePage(await res.text(), "Failed to load products. Please try again later.", "signed out");
  });

  it("answer 500 with the same page when a loader fails but the database answers, and recover after", async () => {
    t = await createTestApp({}, { template: "seeded" });
    const browser = await signedIn(t);
    const { db } = t.services.database;
    // A real failure of the products query, not a stand-in: its table is not there for a moment.
    await db.execute(sql`alter table products rename to products_away`);
    try {
      const res = await browser.get("/products");
      expect(res.status).toBe(500);
      expect(res.headers.get("retry-after")).toBeNull();
      expectLoadFailurePage(await res.text(), "Failed to load products. Please try again later.", "signed in");
    } finally {
      await db.execute(sql`alter table products_away rename to products`);
    }
    const again = await browser.get("/products");
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("Chakra Balance Guide");
  });

  it("keep a refusal's own page: a products page past the last is still the 404 page", async () => {
    t = await createTestApp({}, { template: "seeded" });
    const res = await t.app.request("/products?page=99");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Oops! Page not found");
    expect(html).not.toContain("Failed to load products");
  });
});
