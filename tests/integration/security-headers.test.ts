import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerifiedUser } from "~/features/accounts/create-verified-user.server";
import { HttpSession } from "../support/http-session";
import { createTestApp } from "../support/test-app";

const ORIGIN = "https://shop.example.org";
let t: Awaited<ReturnType<typeof createTestApp>>;
let browser: HttpSession;
let sessionCookieLine = "";

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: ORIGIN }, { template: "seeded" });
  await createVerifiedUser(t.services, { email: "headers@example.com", password: "Passw0rd1", fullName: "Hea Ders" });
  browser = new HttpSession(t.app, ORIGIN);
  const res = await browser.post("/auth", { intent: "signin", email: "headers@example.com", password: "Passw0rd1" });
  sessionCookieLine = res.headers.getSetCookie().find((c) => c.includes("session_token=")) ?? "";
});
afterAll(() => t.cleanup());

const assetEnding = (extension: string) =>
  `/assets/${readdirSync(`${process.env.BUILD_DIR || "build"}/client/assets`).find((f) => f.endsWith(extension))}`;
const asset = () => assetEnding(".js");

describe("security headers on every kind of response (deployed on https)", () => {
  const kinds: Array<[string, () => string, number]> = [
    ["a page", () => "/", 200],
    ["a signed-in page", () => "/my-purchases", 200],
    ["a JSON API", () => "/api/health", 200],
    ["an API 404", () => "/api/nothing", 404],
    ["a page 404", () => "/nothing-here", 404],
    ["an asset 404", () => "/assets/nothing-here.js", 404],
    // Not a file of the build: the router answers it (the root's data for this visitor).
    ["page data asked for under /assets/", () => "/assets/x.data?_routes=root", 200],
    ["a redirect", () => "/stories", 301],
    ["a public image", () => "/media/covers/chakra-balance-guide.webp", 200],
    ["a refused download", () => "/api/downloads/reiki-self-healing-course", 403],
    ["a free download", () => "/api/downloads/grounding-basics", 200],
  ];
  it.each(kinds)("%s", async (_kind, path, status) => {
    const res = await browser.get(path());
    expect(res.status).toBe(status);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    // Public images may be shown by other sites; nothing else may be loaded by them.
    expect(res.headers.get("cross-origin-resource-policy")).toBe(
      path().startsWith("/media/") ? "cross-origin" : "same-origin",
    );
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d{8}/);
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-powered-by")).toBeNull();
    expect(res.headers.get("cache-control") ?? "").not.toContain("immutable");
  });

  // Decision 039: a browser takes CSP and Referrer-Policy from the document, never from a script or
  // stylesheet it loads; each of the page's files carries what does apply to it, and no more.
  it("a hashed script or stylesheet carries the headers a browser applies to it", async () => {
    for (const path of [asset(), assetEnding(".css")]) {
      const res = await browser.get(path, { "accept-encoding": "br" });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe("br");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d{8}/);
      // Every header counts against the pages' scripts (tests/integration/page-scripts.test.ts): the
      // request id of a file of the build is in the log alone.
      expect([...res.headers.keys()].sort()).toEqual([
        "cache-control",
        "content-encoding",
        "content-length",
        "content-type",
        "cross-origin-resource-policy",
        "strict-transport-security",
        "vary",
        "x-content-type-options",
      ]);
    }
  });

  it("hashed assets are cached for a year, pages are not", async () => {
    expect((await browser.get(asset())).headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await browser.get("/")).headers.get("cache-control") ?? "").not.toContain("immutable");
  });

  it("compresses text for clients that accept it", async () => {
    const res = await t.app.request("/products", { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
  });

  it("the session cookie is Secure, HttpOnly, SameSite=Lax and __Secure- prefixed", () => {
    expect(sessionCookieLine).toMatch(/^__Secure-better-auth\.session_token=/);
    expect(sessionCookieLine).toMatch(/; Secure/i);
    expect(sessionCookieLine).toMatch(/; HttpOnly/i);
    expect(sessionCookieLine).toMatch(/; SameSite=Lax/i);
  });

  it("the one-time toast cookie is HttpOnly and Secure too", async () => {
    const res = await new HttpSession(t.app, ORIGIN).post("/auth", {
      intent: "signin",
      email: "headers@example.com",
      password: "Passw0rd1",
    });
    const flash = res.headers.getSetCookie().find((c) => c.startsWith("flash="));
    expect(flash).toMatch(/; HttpOnly/i);
    expect(flash).toMatch(/; Secure/i);
    expect(flash).toMatch(/; SameSite=Lax/i);
  });
});

describe("cross-site request forgery", () => {
  it("refuses a state-changing request from another site, even with the user's cookie", async () => {
    const forged: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site", origin: "" },
    ];
    for (const headers of forged) {
      const res = await browser.post("/sign-out", {}, headers);
      expect(res.status).toBe(403);
      expect((await res.json()).error).toBe("Cross-site request refused");
    }
    // Still signed in: the forged sign-out did nothing.
    expect((await browser.get("/my-purchases")).status).toBe(200);
  });

  it("accepts the site's own pages", async () => {
    const res = await new HttpSession(t.app, ORIGIN).post("/auth", { intent: "forgot", email: "headers@example.com" });
    expect(res.status).toBe(200);
  });
});
