import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPages } from "~/content/public-pages";
import { createTestApp } from "../support/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://healing.example.org" }, { template: "seeded" });
});
afterAll(() => t.cleanup());

const metaContent = (html: string, attr: "name" | "property", key: string) =>
  new RegExp(`<meta ${attr}="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`).exec(html)?.[1];

describe("search engines and link previews", () => {
  it("robots.txt allows the site, keeps private areas out and points at the sitemap", async () => {
    const res = await t.app.request("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const body = await res.text();
    expect(body).toContain("User-agent: *");
    for (const path of ["/admin", "/my-purchases", "/auth"]) expect(body).toContain(`Disallow: ${path}`);
    expect(body).toContain("Sitemap: https://healing.example.org/sitemap.xml");
  });

  it("sitemap.xml lists every public page and every product still on sale, and nothing private", async () => {
    const res = await t.app.request("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const path of publicPages) expect(locs).toContain(`https://healing.example.org${path}`);
    const { products } = await import("~/lib/db/schema.server");
    const catalogue = await t.services.database.db.select({ id: products.id }).from(products);
    expect(catalogue.length).toBeGreaterThan(0);
    for (const { id } of catalogue) expect(locs).toContain(`https://healing.example.org/product/${id}`);
    for (const loc of locs) expect(loc).not.toMatch(/\/(admin|my-purchases|auth)\b/);
  });

  it("leaves an archived product out of the sitemap", async () => {
    const { products } = await import("~/lib/db/schema.server");
    const { eq } = await import("drizzle-orm");
    const [first] = await t.services.database.db.select({ id: products.id }).from(products).limit(1);
    if (!first) throw new Error("the seed made no products");
    await t.services.database.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, first.id));
    const xml = await (await t.app.request("/sitemap.xml")).text();
    expect(xml).not.toContain(`/product/${first.id}<`);
    await t.services.database.db.update(products).set({ archivedAt: null }).where(eq(products.id, first.id));
  });

  it("gives every public page its own title, description, canonical URL and preview tags", async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of publicPages.filter((p) => p !== "/products")) {
      const html = await (await t.app.request(path)).text();
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      const description = metaContent(html, "name", "description");
      expect(title, path).toBeTruthy();
      expect(description, path).toBeTruthy();
      titles.add(title ?? "");
      descriptions.add(description ?? "");
      expect(html, path).toContain(`<link rel="canonical" href="https://healing.example.org${path}"/>`);
      expect(metaContent(html, "property", "og:url"), path).toBe(`https://healing.example.org${path}`);
      expect(metaContent(html, "property", "og:title"), path).toBe(title);
      expect(metaContent(html, "property", "og:image"), path).toBe("https://healing.example.org/og-image.jpg");
      expect(metaContent(html, "property", "og:image:width"), path).toBe("1200");
      expect(metaContent(html, "name", "twitter:card"), path).toBe("summary_large_image");
      expect(metaContent(html, "name", "twitter:image"), path).toBe("https://healing.example.org/og-image.jpg");
    }
    expect(titles.size).toBe(publicPages.length - 1);
    expect(descriptions.size).toBe(publicPages.length - 1);
  });

  it.each(["/", "/contact"])(
    "%s describes the practice as a local health-and-beauty business in JSON-LD, allowed by the page's policy",
    async (page) => {
      const res = await t.app.request(page);
      const policy = res.headers.get("content-security-policy") ?? "";
      const html = await res.text();
      // The home page comes from the shared cache (decision 027): its scripts are allowed by hash, not nonce.
      const match = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html);
      expect(policy).toContain(
        `'sha256-${createHash("sha256")
          .update(match?.[1] ?? "")
          .digest("base64")}'`,
      );
      const data = JSON.parse(match?.[1] ?? "{}");
      expect(data["@type"]).toBe("HealthAndBeautyBusiness");
      expect(data.url).toBe("https://healing.example.org/");
      // From her availability (decision 047): one entry per run of days with the same hours.
      expect(data.openingHours).toEqual(["Tu-Sa 09:00-18:00"]);
      expect(data.openingHoursSpecification[0]).toMatchObject({
        dayOfWeek: ["Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
        opens: "09:00",
        closes: "18:00",
      });
      expect(data.email).toContain("@");
      expect(data.address.addressCountry).toBe("GB");
    },
  );

  it("shows each legal page's last-changed date from its content, not today's date", async () => {
    const html = await (await t.app.request("/terms")).text();
    expect(html).toContain('<time datetime="2026-11-26">26 November 2026</time>');
  });
});
