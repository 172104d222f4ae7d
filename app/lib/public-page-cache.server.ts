import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { publicPages } from "~/content/public-pages";
import { FLASH_COOKIE } from "~/lib/flash.server";
import { isSessionCookie } from "~/lib/session-cookie";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The rendered, compressed pages that are the same for every visitor without a session (decision 027):
 * a spike of anonymous visitors is answered from memory. Only ever filled from, and served to, requests
 * that carry no cookie a page reads (a session, a toast) or only ones that name nobody (decision 059),
 * so nothing of one person's can be in it.
 */
export type CachedPage = {
  status: number;
  /** The page's own headers (Content-Type, Link...), without cookies, framing or per-response ones. */
  headers: [string, string][];
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  /** sha256 sources of the page's inline scripts: the Content-Security-Policy of a shared page. */
  scriptHashes: string[];
  storedAt: number;
};

type PageCache = {
  pages: Map<string, CachedPage>;
  /** Renders under way, so a spike on a cold page renders it once. */
  pending: Map<string, Promise<CachedPage | null>>;
  /** Bumped by every invalidation: a render that started before it is not stored. */
  generation: number;
  bytes: number;
};

/** A page is rendered again at least this often, for anything that changes with time alone. */
export const PAGE_TTL_MS = 60_000;
/** Bounds on memory: query strings and unknown addresses (404s) could otherwise grow it without end. */
const MAX_PAGES = 300;
/**
 * Brotli's quality on a fill. 9 took 10-11 ms of CPU for a 30-45 KB page, more than the render; 5 takes
 * under 1 ms and is 1-2 % larger (bench/measure-cache-miss.ts, decision 043).
 */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;
const MAX_BYTES = 24 * 1024 * 1024;

/** One cache per running site (the services object), so in-process test apps never share one. */
const caches = new WeakMap<object, PageCache>();

/**
 * Each site's pages' data (decision 060) is kept apart from its pages, with room of its own: asking
 * for many pages' data in turn cannot push the pages out. Pass this as the `site` of lookUp and
 * renderShared for a data key; invalidatePublicPages(site) drops both.
 */
const dataSites = new WeakMap<object, object>();
export function dataStoreOf(site: object): object {
  let store = dataSites.get(site);
  if (!store) {
    store = {};
    dataSites.set(site, store);
  }
  return store;
}

function cacheOf(site: object): PageCache {
  let cache = caches.get(site);
  if (!cache) {
    cache = { pages: new Map(), pending: new Map(), generation: 0, bytes: 0 };
    caches.set(site, cache);
  }
  return cache;
}

/**
 * THE invalidation: forget every cached public page of this site, so the very next request renders
 * fresh. Call it after any write that changes what an anonymous visitor sees (a product saved, archived
 * or deleted, a price, site settings, events, galleries). `site` is the AppServices of the write.
 */
export function invalidatePublicPages(site: object): void {
  const data = dataSites.get(site);
  if (data) invalidatePublicPages(data);
  const cache = caches.get(site);
  if (!cache) return;
  cache.generation++;
  cache.pages.clear();
  cache.pending.clear();
  cache.bytes = 0;
}

const PUBLIC_PATHS = new Set<string>(publicPages);
const PRODUCT_PATH = /^\/product\/[A-Za-z0-9-]{1,100}$/;

/**
 * Whether this request may be answered from (and fill) the cache as it is: a GET or HEAD with no
 * cookie a page reads. One with a session or toast cookie may still be, once the full chain has found
 * that it names nobody (server/shared-pages.ts, decision 059).
 */
export function isCacheableRequest(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  return !carriesPageCookie(request.headers.get("cookie") ?? undefined);
}

/** Whether a cookie's name is one a page reads: the session, a toast. */
function isPageCookie(name: string): boolean {
  return name === FLASH_COOKIE || isSessionCookie(name);
}

const cookieName = (part: string) => {
  const equals = part.indexOf("=");
  return (equals < 0 ? part : part.slice(0, equals)).trim();
};

/**
 * Whether a Cookie header holds a cookie some page reads (the session, a toast waiting after a
 * redirect). No other cookie changes a public page: the device cookie (read by the sign-in action
 * alone), a proxy's or an analytics script's, or one made up to get past the cache (issue 23:
 * `Cookie: x=1` cost a render on every request).
 */
export function carriesPageCookie(cookieHeader: string | undefined): boolean {
  return !!cookieHeader && cookieHeader.split(";").some((part) => isPageCookie(cookieName(part)));
}

/** The id in a product page's address (`/product/<id>`), as sent, or null for any other address. */
export function productIdIn(pathname: string): string | null {
  return /^\/product\/([^/]+)$/.exec(pathname)?.[1] ?? null;
}

/**
 * The key of the one 404 page every product address shares whose id names no product (not a path:
 * it cannot clash). Only a 404 is ever stored under it.
 */
export const PRODUCT_NOT_FOUND_KEY = "*product-404";

/**
 * The public page a data request is for (`/about.data`, `/_.data` for `/`), or null for any other
 * address. Its answer, the page's loaders as React Router sends them to a browser that moves to the
 * page, is the same for every visitor the page is, and is shared as the page is (decision 060).
 */
export function publicPageOfData(pathname: string): string | null {
  if (!pathname.endsWith(".data")) return null;
  const page = pathname === "/_.data" ? "/" : pathname.slice(0, -".data".length);
  // Any product address: one whose id names no product shares the one product 404 (decision 059).
  return isPublicPath(page) || productIdIn(page) !== null ? page : null;
}

/**
 * The key of a public page's data: marked so no address can name it (every path starts with "/"), the
 * routes asked for (see askedRoutes; "all" when every loader runs), then the page's own key.
 */
export function dataKey(pageKey: string, routes: string | null): string {
  return `*data:${routes ?? "all"}|${pageKey}`;
}

/** The page key inside a data key, or the key itself. */
const pageKeyOf = (key: string) => (key.startsWith("*data:") ? key.slice(key.indexOf("|") + 1) : key);

/** Public pages by address; other addresses are cached only as the 404 page (see storable). */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.has(pathname) || PRODUCT_PATH.test(pathname);
}

/**
 * The query parameters a shared page reads (its loader or its components), and how each value is
 * written in the key (null: the same as leaving it out). Every other parameter (utm_source, fbclid,
 * `?x=1`) is dropped from the key: the page does not depend on it, so it is served the cached page
 * rather than rendered again (issue 23, decision 043). A page that starts reading a parameter must be
 * listed here, or every value of it gets the page rendered without it.
 */
const PAGE_PARAMETERS: Record<string, Record<string, (value: string) => string | null>> = {
  "/products": { page: pageNumberKey },
};

/** Page numbers beyond this share one entry, so `?page=N` cannot fill the cache (24 per page: 4,800 products). */
export const LAST_KEYED_PAGE = 200;

/**
 * `page` as the loader reads it (lib/pagination's parsePageParam): page 1 is the list's own address;
 * anything that is not a whole number from 1 up is the one invalid page ("0", answered 400); page
 * numbers past LAST_KEYED_PAGE are all LAST_KEYED_PAGE + 1 (past the last page of any catalogue this
 * site has: answered 404).
 */
function pageNumberKey(value: string): string | null {
  if (!/^[1-9]\d*$/.test(value)) return "0";
  if (value === "1") return null;
  return value.length > 3 || Number(value) > LAST_KEYED_PAGE ? String(LAST_KEYED_PAGE + 1) : value;
}

/** The key of the one 404 page every address no route matches shares (not a path: it cannot clash). */
export const NOT_FOUND_KEY = "*404";

/**
 * The cache key of a request: for a public page, its path and only the parameters it reads, in a
 * fixed order (the page is rendered for that address: see renderAddress); for an address no route
 * matches, the one 404 page; anything else by its whole target (only its 404 can be stored).
 * `routed` says whether a route other than the catch-all matches the path.
 */
export function cacheKey(pathname: string, search: string, routed = true): string {
  if (!routed) return NOT_FOUND_KEY;
  if (!isPublicPath(pathname)) return pathname + search;
  const wanted = PAGE_PARAMETERS[pathname];
  if (!wanted || search.length <= 1) return pathname;
  const params = new URLSearchParams(search);
  const kept: string[] = [];
  for (const [name, keyOf] of Object.entries(wanted)) {
    const value = params.get(name);
    const key = value === null ? null : keyOf(value);
    if (key !== null) kept.push(`${name}=${encodeURIComponent(key)}`);
  }
  return kept.length > 0 ? `${pathname}?${kept.join("&")}` : pathname;
}

/**
 * The address a shared page is rendered for: a public page's key (so the stored page is exactly what
 * its key names, whatever other parameters the first request carried), or the request's own.
 */
export function renderAddress(url: URL, key: string): URL {
  return key.startsWith("/") && isPublicPath(url.pathname) ? new URL(key, url) : url;
}

export function lookUp(site: object, key: string, now = Date.now()): CachedPage | undefined {
  const cache = cacheOf(site);
  const page = cache.pages.get(key);
  if (!page) return undefined;
  if (now - page.storedAt > PAGE_TTL_MS) {
    forget(cache, key, page);
    return undefined;
  }
  // Most recently used last: the first entry is the one to drop when full.
  cache.pages.delete(key);
  cache.pages.set(key, page);
  return page;
}

function forget(cache: PageCache, key: string, page: CachedPage) {
  cache.pages.delete(key);
  cache.bytes -= page.identity.length + page.gzip.length + page.br.length;
}

/**
 * Renders once for everyone asking for the same cold page at once: `render` is called by the first
 * caller; the others wait for its result. Null when the response may not be shared.
 */
export function renderShared(
  site: object,
  key: string,
  render: () => Promise<CachedPage | null>,
): Promise<CachedPage | null> {
  const cache = cacheOf(site);
  const under = cache.pending.get(key);
  if (under) return under;
  const generation = cache.generation;
  const rendering = render()
    .then((page) => {
      if (page && cache.generation === generation) store(cache, key, page);
      return page;
    })
    .finally(() => {
      if (cache.pending.get(key) === rendering) cache.pending.delete(key);
    });
  cache.pending.set(key, rendering);
  return rendering;
}

function store(cache: PageCache, key: string, page: CachedPage) {
  const old = cache.pages.get(key);
  if (old) forget(cache, key, old);
  cache.pages.set(key, page);
  cache.bytes += page.identity.length + page.gzip.length + page.br.length;
  for (const [oldest, entry] of cache.pages) {
    if (cache.pages.size <= MAX_PAGES && cache.bytes <= MAX_BYTES) break;
    forget(cache, oldest, entry);
  }
}

/** Headers that belong to one response, never to a stored page. */
const PER_RESPONSE = new Set([
  "set-cookie",
  "date",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "vary",
  "cache-control",
  "etag",
  "x-request-id",
]);

/**
 * A rendered response made shareable, or null when it may not be shared: only a whole HTML page (or,
 * under a data key, a page's data), 200 (or 400, an invalid page number) for a public address or 404
 * for any, without a cookie being set. The response's nonce is taken out
 * of the markup; the page's inline scripts are allowed by their hashes instead (decision 027).
 */
export async function toCachedPage(
  response: Response,
  pathname: string,
  nonce: string,
  key: string,
): Promise<CachedPage | null> {
  const type = response.headers.get("content-type") ?? "";
  const shareable =
    (((response.status === 200 || response.status === 400) && isPublicPath(pathname)) || response.status === 404) &&
    // The products' shared 404 holds only a 404: a product added before the ids were read again
    // renders as itself, for this request only.
    (pageKeyOf(key) !== PRODUCT_NOT_FOUND_KEY || response.status === 404) &&
    (pageKeyOf(key) === key ? type.startsWith("text/html") : type.startsWith("text/x-script")) &&
    // Its markup as it is: never bytes already compressed for one client.
    !response.headers.has("content-encoding") &&
    !response.headers.has("set-cookie") &&
    !/no-store|private/i.test(response.headers.get("cache-control") ?? "");
  if (!shareable || !response.body) {
    return null;
  }
  let html = await response.text();
  if (nonce) html = html.replaceAll(` nonce="${nonce}"`, "");
  const identity = Buffer.from(html);
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzipAsync(identity, { level: GZIP_LEVEL }),
  ]);
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (!PER_RESPONSE.has(name.toLowerCase())) headers.push([name, value]);
  });
  return {
    status: response.status,
    headers,
    identity,
    gzip: gz,
    br,
    etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
    scriptHashes: inlineScriptHashes(html),
    storedAt: Date.now(),
  };
}

/** The CSP source of every inline script in the markup (with or without a type). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = "", body = ""] = match;
    if (/\bsrc\s*=/i.test(attributes) || body.length === 0) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
  }
  return [...hashes];
}

/** The body a client gets: brotli, gzip or none, by its Accept-Encoding. */
export function chooseEncoding(acceptEncoding: string | null | undefined): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name = "", ...parameters] = part.split(";").map((s) => s.trim());
    const q = parameters.find((p) => p.startsWith("q="));
    if (!q || Number(q.slice(2)) > 0) accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return null;
}
