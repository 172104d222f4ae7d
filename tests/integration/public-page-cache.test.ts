import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "~/lib/db/schema.server";
import { invalidatePublicPages, PRODUCT_NOT_FOUND_KEY, toCachedPage } from "~/lib/public-page-cache.server";
import { adminForm } from "../support/admin-requests";
import { signedInUser } from "../support/shop-accounts";
import { createTestApp, serveOverHttp } from "../support/test-app";

/**
 * The shared cache of public pages (decision 027): a page rendered once for visitors without a cookie,
 * never for or to anyone else, and never older than the catalogue.
 */
const ORIGIN = "http://localhost:3000";
let t: Awaited<ReturnType<typeof createTestApp>>;
let customer: Awaited<ReturnType<typeof signedInUser>>;
let admin: Awaited<ReturnType<typeof signedInUser>>;

const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  t.app.request(`${ORIGIN}${path}`, { method, headers, redirect: "manual" });
const post = (cookie: string): RequestInit => ({
  method: "POST",
  headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
  body: "",
  redirect: "manual",
});

beforeAll(async () => {
  t = await createTestApp();
  await t.server.seedCatalogue(t.services);
  customer = await signedInUser(t.services, "cache-customer");
  admin = await signedInUser(t.services, "cache-admin");
  await t.server.runCommand(t.services, "admin", ["add", admin.email]);
}, 120_000);
afterAll(() => t?.cleanup());

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
        const own = await get(`/?render=${n}`, { cookie: customer.cookie });
        return /'nonce-([^']+)'/.exec(own.headers.get("content-security-policy") ?? "")?.[1];
      }),
    );
    expect(nonces[0]).toBeTruthy();
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(html).not.toContain(nonces[0]);
  });

  it("never serves a signed-in request from the cache, nor a signed-in page to anyone else", async () => {
    const anonymous = await (await get("/products")).text();
    const signedIn = await get("/products", { cookie: customer.cookie });
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
    const denied = await get("/admin", { cookie: customer.cookie });
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
    const saved = await adminForm(t.app, admin.cookie, {
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
    const deleted = await adminForm(t.app, admin.cookie, { intent: "delete", id: "aromatherapy-rituals-guide" });
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

describe("addresses that cannot make every request a render (issue 23)", () => {
  it("serves a page from the cache whatever parameters it does not read", async () => {
    const first = await get("/terms", { "accept-encoding": "br" });
    const body = await first.arrayBuffer();
    for (const query of ["?x=1", "?x=2", "?utm_source=news&fbclid=abc", "?page=3", "?"]) {
      const res = await get(`/terms${query}`, { "accept-encoding": "br" });
      expect(res.headers.get("x-cache"), query).toBe("hit");
      expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(body)), query).toBe(true);
    }
  });

  it("serves the shared page whatever cookies no page reads, and whatever Authorization header", async () => {
    await get("/refund");
    const requests: Record<string, string>[] = [
      { cookie: "known_device=abc" },
      { cookie: "x=1" },
      { cookie: "_ga=GA1.2.3; theme=dark; known_device=abc" },
      { authorization: "Basic eDp5" },
    ];
    for (const headers of requests) {
      const res = await get("/refund", headers);
      expect(res.headers.get("x-cache"), JSON.stringify(headers)).toBe("hit");
      expect(res.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    }
  });

  it("serves the shared page for a session or toast cookie that names nobody, and renders for one that does", async () => {
    const ended = await signedInUser(t.services, "cache-ended");
    expect((await t.app.request(`${ORIGIN}/sign-out`, post(ended.cookie))).status).toBe(302);
    const token = /better-auth\.session_token=([^;]+)/.exec(customer.cookie)?.[1] as string;
    const flash = createCookie("flash", { secrets: [t.services.env.AUTH_SECRET] });
    const stale = await flash.serialize({ title: "Old news", variant: "default", at: Date.now() - 61_000 });
    const unsigned = createCookie("flash").serialize({ title: "Made up", variant: "default", at: Date.now() });
    await get("/disclaimer");
    for (const cookie of [
      ended.cookie,
      `better-auth.session_token=${token.slice(0, -6)}AAAAAA`,
      "better-auth.session_token=made-up",
      "flash=x",
      (await unsigned).split(";")[0] as string,
      stale.split(";")[0] as string,
      `known_device=abc; better-auth.session_token=made-up; flash=x`,
    ]) {
      const res = await get("/disclaimer", { cookie });
      expect([res.status, res.headers.get("x-cache")], cookie).toEqual([200, "hit"]);
      expect(await res.text()).not.toMatch(/Old news|Made up|cache-ended/);
    }
    // A cold page is rendered once for everyone, with none of the request's cookies, and shared: whatever
    // it carried (a toast cookie by another name, which the root loader's quick look once took for one).
    for (const cookie of [
      "better-auth.session_token=made-up; flash=x",
      "x=1; xflash=1; known_device=abc",
      `${ended.cookie}; a=flash=1`,
    ]) {
      invalidatePublicPages(t.services);
      const cold = await get("/disclaimer", { cookie, authorization: "Basic eDp5" });
      expect(cold.headers.get("x-cache"), cookie).toBe("miss");
      expect(cold.headers.get("set-cookie"), cookie).toBeNull();
      expect((await get("/disclaimer")).headers.get("x-cache"), cookie).toBe("hit");
    }
    // A live session and a toast of the last minute are someone's: rendered for them.
    for (const cookie of [customer.cookie, `x=1; ${customer.cookie}; known_device=abc`]) {
      const live = await get("/disclaimer", { cookie });
      expect(live.headers.get("x-cache")).toBeNull();
      expect(await live.text()).toContain("cache-customer");
    }
    const fresh = await flash.serialize({ title: "Fresh news", variant: "default", at: Date.now() });
    const toast = await get("/disclaimer", { cookie: fresh.split(";")[0] as string });
    expect(toast.headers.get("x-cache")).toBeNull();
    expect(await toast.text()).toContain("Fresh news");
  });

  it("answers every product address with no product from one 404 page, and a product added since as itself", async () => {
    // Cold, and asked with a cookie no page reads: rendered once, for everyone.
    invalidatePublicPages(t.services);
    const first = await get("/product/made-up-later", { cookie: "xflash=1" });
    expect([first.status, first.headers.get("x-cache")]).toEqual([404, "miss"]);
    const body = await first.text();
    for (const path of ["/product/made-up-1", "/product/made_up%202", "/product/made-up-3?x=1", "/product/%E0%A4%A"]) {
      const res = await get(path);
      expect([res.status, res.headers.get("x-cache")], path).toEqual([404, "hit"]);
      expect(await res.text()).toBe(body);
    }
    // A real product keeps its own page.
    const real = await get("/product/sacred-sleep-guide");
    expect(real.status).toBe(200);
    expect(await real.text()).toContain("Sacred Sleep");
    // One added under an address that was asked for before is its own page on the very next request.
    const created = await adminForm(t.app, admin.cookie, {
      intent: "create",
      title: "Made Up Later",
      description: "Added after its address was asked for.",
      price: "3.00",
      sort_order: "9",
    });
    expect(created.status).toBe(302);
    const [row] = await t.services.database.db.select().from(products).where(eq(products.title, "Made Up Later"));
    expect(row?.id).toBe("made-up-later");
    const added = await get("/product/made-up-later");
    expect(added.status).toBe(200);
    expect(await added.text()).toContain("Added after its address was asked for.");
    expect((await get("/product/made-up-9")).status).toBe(404);
  });

  it("stores only a 404 under the products' shared 404 key", async () => {
    const page = (status: number) =>
      new Response("<!DOCTYPE html><html><body>page</body></html>", {
        status,
        headers: { "content-type": "text/html; charset=utf-8" },
      });
    // A product created after the ids were last read renders as itself, and is not the shared 404.
    expect(await toCachedPage(page(200), "/product/new-one", "", PRODUCT_NOT_FOUND_KEY)).toBeNull();
    expect((await toCachedPage(page(404), "/product/new-one", "", PRODUCT_NOT_FOUND_KEY))?.status).toBe(404);
    expect((await toCachedPage(page(200), "/product/new-one", "", "/product/new-one"))?.status).toBe(200);
  });

  it("keys /products by the page it shows, and only by that", async () => {
    // The demo catalogue is one page: page 2 is past its end.
    const second = await get("/products?page=2&utm_source=x");
    expect(second.status).toBe(404);
    const again = await get("/products?fbclid=y&page=2");
    expect([again.status, again.headers.get("x-cache")]).toEqual([404, "hit"]);
    // Page 1 is the list's own address.
    await get("/products");
    expect((await get("/products?page=1&x=1")).headers.get("x-cache")).toBe("hit");
    // Every invalid page number is the one 400 page; every page number far past the end the one 404.
    const invalid = await get("/products?page=abc");
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("That page number is not valid");
    const otherInvalid = await get("/products?page=-7");
    expect([otherInvalid.status, otherInvalid.headers.get("x-cache")]).toEqual([400, "hit"]);
    expect((await get("/products?page=99999")).status).toBe(404);
    const farther = await get("/products?page=123456789");
    expect([farther.status, farther.headers.get("x-cache")]).toEqual([404, "hit"]);
  });

  it("answers every address no route matches with one cached 404 page", async () => {
    const first = await get("/no-such-page-a");
    expect(first.status).toBe(404);
    const warned: unknown[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await get(`/no-such-page-${i}?q=${i}`);
      expect(res.status).toBe(404);
      warned.push(res.headers.get("x-cache"));
    }
    expect(new Set(warned)).toEqual(new Set(["hit"]));
    // A path a route matches is not the shared 404: /auth renders its own page.
    expect((await get("/auth")).status).toBe(200);
    // Nor is the router's own manifest, which a page asks for as a visitor moves towards a link: taken for
    // the shared 404, it broke navigation ("Failed to fetch manifest patches").
    const manifest = await get(`/__manifest?paths=%2Fabout&version=${t.server.build.assets.version}`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get("x-cache")).toBeNull();
  });

  it("redirects an address with a trailing slash to the one without, keeping the query", async () => {
    const about = await get("/about/?x=1");
    expect(about.status).toBe(301);
    expect(about.headers.get("location")).toBe("/about?x=1");
    expect((await get("/product/sacred-sleep-guide/")).headers.get("location")).toBe("/product/sacred-sleep-guide");
    // A form posted to the slashed address is posted again, not turned into a GET.
    const posted = await t.app.request(`${ORIGIN}/auth/`, { method: "POST", redirect: "manual" });
    expect(posted.status).toBe(308);
    expect(posted.headers.get("location")).toBe("/auth");
    // Never off the site: one leading slash.
    expect((await get("//evil.example/")).headers.get("location")).toBe("/evil.example");
    expect((await get("/")).status).toBe(200);
  });
});

describe("a public page's data, as a browser moving to the page asks for it (decision 060)", () => {
  it("is shared between visitors as the page is, whatever parameters it does not read", async () => {
    const first = await get("/about.data?x=1");
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/^text\/x-script/);
    const body = await first.text();
    // The layout's data: /about has no loader of its own.
    expect(body).toContain('"root"');
    const forged = "better-auth.session_token=made-up.c2ln; flash=made-up";
    for (const [path, cookie] of [
      ["/about.data", "x=1"],
      ["/about.data?utm_source=y", forged],
      ["/about.data?x=2", ""],
    ] as const) {
      const res = await get(path, cookie ? { cookie } : {});
      expect([res.status, res.headers.get("x-cache")], path).toEqual([200, "hit"]);
      expect(res.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
      expect(res.headers.get("x-remix-response")).toBe("yes");
      expect(await res.text(), path).toBe(body);
    }
    await get("/_.data");
    expect((await get("/_.data?v=1")).headers.get("x-cache")).toBe("hit");
    await get("/products.data?page=2");
    const second = await get("/products.data?page=2&x=1");
    expect([second.status, second.headers.get("x-cache")]).toEqual([404, "hit"]);
  });

  it("keys the routes it asks for by the page's own routes only", async () => {
    const all = await get("/reiki.data");
    const allBody = await all.text();
    expect(allBody).toContain('"root"');
    // Naming every route of the page, or none of them, is asking for them all.
    for (const routes of ["root,routes/reiki", "routes/reiki,root", "made-up", ""]) {
      const res = await get(`/reiki.data?_routes=${encodeURIComponent(routes)}`);
      expect([res.headers.get("x-cache"), await res.text()], routes).toEqual(["hit", allBody]);
    }
    const some = await get("/reiki.data?_routes=routes/reiki");
    const body = await some.text();
    expect(body).toContain("routes/reiki");
    expect(body).not.toContain('"root"');
    for (const routes of ["routes/reiki,routes/reiki", "made-up,routes/reiki", "routes/about,routes/reiki"]) {
      const res = await get(`/reiki.data?_routes=${encodeURIComponent(routes)}`);
      expect([res.headers.get("x-cache"), await res.text()], routes).toEqual(["hit", body]);
    }
  });

  it("is never shared with or from a signed-in visitor or one with a toast to show", async () => {
    // A signed-in client asks first, for a cold key: hers alone, and the next visitor's is not hers.
    invalidatePublicPages(t.services);
    const mine = await get("/terms.data", { cookie: customer.cookie });
    expect(mine.headers.get("x-cache")).toBeNull();
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(await mine.text()).toContain("cache-customer");
    const visitor = await get("/terms.data");
    expect(visitor.headers.get("x-cache")).toBe("miss");
    expect(await visitor.text()).not.toContain("cache-customer");
    const flash = createCookie("flash", { secrets: [t.services.env.AUTH_SECRET] });
    const fresh = await flash.serialize({ title: "Data news", variant: "default", at: Date.now() });
    const toast = await get("/terms.data", { cookie: fresh.split(";")[0] as string });
    expect(toast.headers.get("x-cache")).toBeNull();
    expect(await toast.text()).toContain("Data news");
    // A page that is not public keeps its data private, for a visitor too.
    expect((await get("/auth.data")).headers.get("x-cache")).toBeNull();
  });

  it("answers made-up products and addresses from one 404 each, whatever routes they name", async () => {
    const madeUp = await get("/product/made-up-data-1.data");
    expect(madeUp.status).toBe(404);
    for (const path of [
      "/product/made-up-data-2.data",
      "/product/made_up_data.data?x=1",
      "/product/made-up-data-3.data?_routes=root",
    ]) {
      const res = await get(path);
      expect([res.status, res.headers.get("x-cache")], path).toEqual([404, "hit"]);
      expect(res.headers.get("x-remix-response")).toBe("yes");
    }
    await get("/no-such-page-data-1.data");
    for (const path of ["/no-such-page-data-2.data", "/deep/no-such.data?_routes=root"]) {
      const res = await get(path);
      expect([res.status, res.headers.get("x-cache")], path).toEqual([404, "hit"]);
    }
  });

  it("shows an admin's change in the next answer, and leaves the pages in memory however many it keeps", async () => {
    const page = "/product/chakra-balance-guide.data";
    await get(page);
    expect((await get(page)).headers.get("x-cache")).toBe("hit");
    const saved = await adminForm(t.app, admin.cookie, {
      intent: "update",
      id: "chakra-balance-guide",
      title: "Chakra Balance Guide",
      description: "Balance your chakras.",
      price: "13.57",
      sort_order: "1",
    });
    expect(saved.status).toBe(302);
    const after = await get(page);
    expect(after.headers.get("x-cache")).toBe("miss");
    expect(await after.text()).toContain("1357");
    // More data keys than the cache keeps pages: the pages stay.
    await get("/review-policy");
    expect((await get("/review-policy")).headers.get("x-cache")).toBe("hit");
    for (let n = 2; n <= 160; n++) {
      for (const routes of ["root", "routes/products"]) await get(`/products.data?page=${n}&_routes=${routes}`);
    }
    expect((await get("/review-policy")).headers.get("x-cache")).toBe("hit");
  }, 60_000);
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
    for (const cookie of [admin.cookie, undefined]) {
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
    server = await serveOverHttp(t.app);
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
    invalidatePublicPages(t.services);
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
    const signedIn = await fetchPage("/reiki", { cookie: customer.cookie });
    expect(signedIn.headers.get("x-cache")).toBeNull();
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect(await signedIn.text()).toContain("cache-customer");
  });
});
