import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { publicPages } from "~/content/public-pages";

/**
 * The scripts a content page loads, from the production build's route manifest (issue 12, item 4:
 * a content page loads at most what it loaded before; the bench reports what Lighthouse measures).
 * A module the layout or a content page imports can pull a library onto every page: the site
 * settings' schema once brought zod (21 KB) to all of them. Needs `npm run build`. It counts the
 * scripts a page loads up front (the route manifest's imports), not what a page imports lazily later,
 * and in KiB of brotli without the response headers (the bench's Lighthouse figures count 1,000 bytes
 * to the KB and include the headers, about 600 bytes a script).
 */
const client = path.resolve(process.env.BUILD_DIR || "build", "client");

type ManifestRoute = { id: string; path?: string; index?: boolean; module: string; imports?: string[] };
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

function readManifest(): Manifest {
  const assets = path.join(client, "assets");
  const file = existsSync(assets) ? readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name)) : undefined;
  if (!file) throw new Error("No production build: run `npm run build` first");
  const source = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(source.replace(/^window\.__reactRouterManifest=/, "").replace(/;$/, "")) as Manifest;
}

/** What the browser transfers for a script: its brotli copy, which the server sends (decision 024). */
const transferred = (file: string) => statSync(path.join(client, `${file}.br`)).size;

/** Compressed kilobytes a page's scripts may take: what they took once zod left them, and a little room. */
const BUDGET_KB: Record<string, number> = { "/media-events": 120 };
const DEFAULT_BUDGET_KB = 110;

const manifest = readManifest();
const routeFor = (page: string) =>
  Object.values(manifest.routes).find((route) =>
    page === "/" ? route.index === true && route.id === "routes/home" : `/${route.path}` === page,
  );

const contentPages = [...publicPages, "/product/:productId"];

describe("the scripts of a content page", () => {
  it.each(contentPages)("%s loads no zod and stays within its budget", (page) => {
    const route = routeFor(page);
    expect(route, `a route for ${page}`).toBeDefined();
    const root = manifest.routes.root as ManifestRoute;
    const files = new Set([
      manifest.entry.module,
      ...manifest.entry.imports,
      root.module,
      ...(root.imports ?? []),
      route?.module as string,
      ...(route?.imports ?? []),
    ]);
    const withZod = [...files].filter((file) => readFileSync(path.join(client, file), "utf8").includes("ZodError"));
    expect(withZod).toEqual([]);
    const kilobytes = [...files].reduce((sum, file) => sum + transferred(file), 0) / 1024;
    expect(kilobytes).toBeLessThanOrEqual(BUDGET_KB[page] ?? DEFAULT_BUDGET_KB);
  });
});
