import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidatePublicPages } from "~/lib/public-page-cache.server";
import { adminForm } from "../support/admin-requests";
import { pageCacheApp } from "../support/page-cache-app";
import { serveOverHttp } from "../support/test-app";

/**
 * The shared cache of public pages (decision 027): a page rendered once for visitors without a cookie
 * a page reads, never for or to anyone else, and never older than the catalogue. What must not cost a
 * render each is in page-cache-requests.test.ts.
 */
const cache = pageCacheApp();
const { get } = cache;

describe("the shared page cache", () => {
  it("answers a second anonymous visitor from the cache, with the same bytes and headers fit for a CDN", async () => {
    const first = await get("/products");
    const second = await get("/products");
    expect(first.status).toBe(200);
    expect(second.headers.get("x-cache")).toBe("hit");
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(second.headers.get("vary")).toMatch(/Cookie/);
    expect(second.headers.get("vary")).toMatch(/Accept-Encoding/);
    // Revalidation is cheap: the ETag answers 304 without a body.
    const again = await get("/products", { "if-none-match": second.headers.get("etag") as string });
    expect(again.status).toBe(304);
  });

  it("shares no nonce: scripts are allowed by hash, and every inline script's hash is in the policy", async () => {
    await get("/");
    const res = await get("/");
    expect(res.headers.get("x-cache")).toBe("hit");
    const html = await res.text();
    const policy = res.headers.get("content-security-policy") ?? "";
    expect(policy).not.toMatch(/nonce-/);
    expect(html).not.toMatch(/ nonce="/);
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes = "", body = ""]) => !/\bsrc=/.test(attributes) && body.length > 0,
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const [, , body = ""] of inline) {
      expect(policy).toContain(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
    }
    // A page rendered for one person still has a nonce of its own, different on every response. Each
    // goes to an address of its own: a signed-in page rendered a moment before from the same data is
    // sent again, named by hash (decision 052), and with two at once either may be that one.
    const nonces = await Promise.all(
      [1, 2].map(async (n) => {
        const own = await get(`/?render=${n}`, { cookie: cache.customer.cookie });
        return /'nonce-([^']+)'/.exec(own.headers.get("content-security-policy") ?? "")?.[1];
      }),
    );
    expect(nonces[0]).toBeTruthy();
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(html).not.toContain(nonces[0]);
  });

  it("never serves a signed-in request from the cache, nor a signed-in page to anyone else", async () => {
    const anonymous = await (await get("/products")).text();
    const signedIn = await get("/products", { cookie: cache.customer.cookie });
    expect(signedIn.headers.get("x-cache")).toBeNull();
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    const mine = await signedIn.text();
    expect(mine).toContain("cache-customer");
    expect(anonymous).not.toContain("cache-customer");
    const next = await get("/products");
    expect(next.headers.get("x-cache")).toBe("hit");
    expect(await next.text()).not.toContain("cache-customer");
  });

  it("bypasses the cache for a flash message, and the next visitor does not see it", async () => {
    // A signed-in customer who opens /admin is sent home with an 'Access Denied' toast in a cookie.
    const denied = await get("/admin", { cookie: cache.customer.cookie });
    expect(denied.status).toBe(302);
    const flash = (denied.headers.get("set-cookie") ?? "").split(";")[0] as string;
    expect(flash).toMatch(/^flash=/);
    await get("/");
    const withFlash = await get("/", { cookie: flash });
    expect(withFlash.headers.get("x-cache")).toBeNull();
    expect(await withFlash.text()).toContain("Access Denied");
    const next = await get("/");
    expect(next.headers.get("x-cache")).toBe("hit");
    expect(await next.text()).not.toContain("Access Denied");
  });

  it("shows an admin's price change on the very next anonymous request", async () => {
    const page = "/product/moon-ritual-journal";
    await get(page);
    const before = await get(page);
    expect(before.headers.get("x-cache")).toBe("hit");
    expect(await before.text()).toContain("£7.99");
    const saved = await adminForm(cache.t.app, cache.admin.cookie, {
      intent: "update",
      id: "moon-ritual-journal",
      title: "Moon Ritual Journal",
      description: "A journal for the moon's phases.",
      price: "12.34",
      sort_order: "1",
    });
    expect(saved.status).toBe(302);
    const after = await (await get(page)).text();
    expect(after).toContain("£12.34");
    expect(after).not.toContain("£7.99");
    expect(await (await get("/products")).text()).toContain("£12.34");
  });

  it("shows an archived product gone on the very next request", async () => {
    await get("/product/aromatherapy-rituals-guide");
    expect((await get("/product/aromatherapy-rituals-guide")).headers.get("x-cache")).toBe("hit");
    const deleted = await adminForm(cache.t.app, cache.admin.cookie, {
      intent: "delete",
      id: "aromatherapy-rituals-guide",
    });
    expect(deleted.status).toBe(302);
    expect((await get("/product/aromatherapy-rituals-guide")).status).toBe(404);
  });

  it("answers HEAD with the page's Content-Type and no body, cached or not", async () => {
    for (const path of ["/", "/products", "/auth", "/no-such-page"]) {
      const res = await get(path, {}, "HEAD");
      expect(res.headers.get("content-type"), path).toBe("text/html; charset=utf-8");
      expect((await res.arrayBuffer()).byteLength, path).toBe(0);
    }
  });

  it("sends compressed bytes to browsers that take them", async () => {
    const br = await get("/about", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    const gzip = await get("/about", { "accept-encoding": "gzip" });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
  });
});

describe("private pages", () => {
  // The personalised pages of the authorization matrix, and their data requests.
  const personal = [
    "/my-purchases",
    "/my-purchases.data",
    "/admin",
    "/admin.data",
    "/admin/orders",
    "/admin/orders.data",
    "/admin/members",
    "/admin/members.data",
    "/auth/reset-password?token=x",
    "/auth/reset-password.data?token=x",
    "/checkout/success?session_id=x",
    "/checkout/success.data?session_id=x",
  ];
  it.each(personal)("%s is private, no-store for the admin and for a visitor", async (path) => {
    for (const cookie of [cache.admin.cookie, undefined]) {
      const res = await get(path, cookie ? { cookie } : {});
      expect(res.status).toBeLessThan(500);
      expect(res.headers.get("cache-control"), `${path} ${cookie ? "signed in" : "visitor"}`).toBe("private, no-store");
      expect(res.headers.get("x-cache")).toBeNull();
    }
  });
});

describe("the shared page cache over HTTP, as the server runs it", () => {
  // A hit is answered from Node's own request, before the rest of the chain (server/app.ts): the same
  // page, headers and rules as a hit inside the chain.
  let server: Awaited<ReturnType<typeof serveOverHttp>>;
  let base = "";
  beforeAll(async () => {
    server = await serveOverHttp(cache.t.app);
    base = server.base;
  });
  afterAll(() => server.close());
  const fetchPage = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    fetch(`${base}${path}`, { method, headers: { "accept-encoding": "br", ...headers }, redirect: "manual" });
  const perResponse = new Set(["date", "x-request-id", "x-cache", "connection", "keep-alive"]);
  const lasting = (res: Response) =>
    Object.fromEntries(
      [...res.headers].filter(([name]) => !perResponse.has(name)).sort(([a], [b]) => a.localeCompare(b)),
    );

  it("answers a hit with the page and every header a render sends, a request id of its own", async () => {
    // Every unknown address shares one 404 page, which earlier tests stored: start cold.
    invalidatePublicPages(cache.t.services);
    for (const path of ["/reiki", "/product/sacred-sleep-guide", "/no-such-page-here"]) {
      const first = await fetchPage(path);
      const second = await fetchPage(path);
      expect(first.headers.get("x-cache"), path).toBe("miss");
      expect(second.headers.get("x-cache"), path).toBe("hit");
      expect(second.status, path).toBe(first.status);
      expect(await second.text(), path).toBe(await first.text());
      expect(lasting(second), path).toEqual(lasting(first));
      expect(second.headers.get("content-security-policy"), path).toMatch(/script-src 'self' 'sha256-/);
      expect(second.headers.get("x-frame-options"), path).toBe("DENY");
      expect(second.headers.get("x-request-id"), path).toMatch(/^[0-9a-f-]{36}$/);
      expect(second.headers.get("x-request-id"), path).not.toBe(first.headers.get("x-request-id"));
    }
  });

  it("answers unknown parameters and unknown addresses from the cache before the chain", async () => {
    await fetchPage("/zyto");
    for (let i = 0; i < 5; i++) {
      expect((await fetchPage(`/zyto?v=${i}`)).headers.get("x-cache")).toBe("hit");
      expect((await fetchPage(`/not-here-${i}`)).headers.get("x-cache")).toBe("hit");
    }
    expect((await fetchPage("/zyto/")).status).toBe(301);
    // The shared 404 page never stands in for what the app's own routes or files answer.
    expect((await fetchPage("/api/nothing-here")).headers.get("content-type")).toMatch(/json/);
    expect((await fetchPage("/media/covers/none.webp")).headers.get("content-type")).toMatch(/json/);
  });

  it("answers cookies no page reads, sessions that name nobody and made-up products from the cache (decision 059)", async () => {
    await fetchPage("/about");
    await fetchPage("/product/made-up-http-0");
    const headers: Record<string, string>[] = [
      { cookie: "x=1; known_device=abc" },
      { authorization: "Bearer made-up" },
      { cookie: "better-auth.session_token=made-up.c2ln; flash=made-up" },
    ];
    for (const sent of headers) {
      expect((await fetchPage("/about", sent)).headers.get("x-cache"), JSON.stringify(sent)).toBe("hit");
      const product = await fetchPage(`/product/made-up-http-${Math.random()}`.replace(".", ""), sent);
      expect([product.status, product.headers.get("x-cache")], JSON.stringify(sent)).toEqual([404, "hit"]);
    }
    // A real product is its own page, from the cache.
    await fetchPage("/product/sacred-sleep-guide");
    const real = await fetchPage("/product/sacred-sleep-guide", { cookie: "x=1" });
    expect([real.status, real.headers.get("x-cache")]).toEqual([200, "hit"]);
  });

  it("revalidates with the ETag, answers HEAD without a body, and keeps signed-in visitors out", async () => {
    const hit = await fetchPage("/reiki");
    const again = await fetchPage("/reiki", { "if-none-match": hit.headers.get("etag") as string });
    expect(again.status).toBe(304);
    const head = await fetchPage("/reiki", {}, "HEAD");
    expect(head.headers.get("x-cache")).toBe("hit");
    expect(head.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(head.headers.get("content-length")).toBe(hit.headers.get("content-length"));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const signedIn = await fetchPage("/reiki", { cookie: cache.customer.cookie });
    expect(signedIn.headers.get("x-cache")).toBeNull();
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect(await signedIn.text()).toContain("cache-customer");
  });
});
