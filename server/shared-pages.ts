import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Context, Next } from "hono";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { getSessionUser } from "~/features/accounts/get-session-user.server";
import { listProductPageIds } from "~/features/shop/get-product.server";
import { flashOptions, hasPendingToast } from "~/lib/flash.server";
import {
  type CachedPage,
  cacheKey,
  carriesPageCookie,
  chooseEncoding,
  dataKey,
  dataStoreOf,
  isCacheableRequest,
  isPublicPath,
  lookUp,
  PRODUCT_NOT_FOUND_KEY,
  productIdIn,
  publicPageOfData,
  renderAddress,
} from "~/lib/public-page-cache.server";
import type { AppServices } from "~/lib/services.server";
import { securityHeaders } from "./security-headers";

/**
 * Answering from the shared cache of public pages (decision 027), and the caching headers of every
 * page: what `server/app.ts` puts in front of the router and around it.
 */

/**
 * A public page already in the shared cache, answered first, before anything else runs: in a spike
 * this is nearly every request. Only pages that once passed the app's whole chain are ever stored, and
 * the answer carries the same security headers and log line as the chain's.
 */
export function answerFromSharedCache(services: AppServices, https: boolean, routed: RouteCheck) {
  const { logger } = services;
  const pageHeaders = new WeakMap<CachedPage, Record<string, Record<string, string>>>();
  const baseHeaders = (page: CachedPage, encoding: Encoding): Record<string, string> => {
    const byEncoding = pageHeaders.get(page) ?? {};
    pageHeaders.set(page, byEncoding);
    const name = encoding ?? "identity";
    const known = byEncoding[name];
    if (known) return known;
    byEncoding[name] = {
      ...Object.fromEntries(page.headers),
      ...cachedPageHeaders(page, encoding),
      ...securityHeaders({
        kind: "document",
        nonce: "",
        scriptHashes: page.scriptHashes,
        dev: false,
        https,
        fileOrigins: services.fileOrigins,
      }),
    };
    return byEncoding[name];
  };
  return async (c: Context, next: Next) => {
    const started = performance.now();
    const request = cacheableRequest(c, routed);
    if (!request) return next();
    // A product's own page first, so a real product never waits on the catalogue's ids.
    const page =
      lookUp(services, request.key) ??
      (productIdIn(request.path) === null
        ? undefined
        : lookUp(services, await productPageKey(services, request.path, request.key)));
    if (!page) return next();
    const encoding = chooseEncoding(request.acceptEncoding);
    const requestId = randomUUID();
    const headers: Record<string, string> = { ...baseHeaders(page, encoding), "X-Request-Id": requestId };
    const notModified = isNotModified(request.ifNoneMatch, headers.ETag);
    const status = notModified ? 304 : page.status;
    logger.info(
      {
        reqId: requestId,
        method: request.method,
        path: request.path,
        status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
    if (notModified) return new Response(null, { status, headers });
    const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
    headers["Content-Length"] = String(body.length);
    return new Response(request.method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>), { status, headers });
  };
}

type Encoding = ReturnType<typeof chooseEncoding>;

/**
 * A shared page's own headers for one encoding. `Cache-Control` lets a CDN or browser keep it only if it
 * asks again each time (the ETag makes that cheap); `Vary: Cookie` keeps a signed-in visitor's page apart.
 */
function cachedPageHeaders(
  page: CachedPage,
  encoding: Encoding,
  state: "hit" | "miss" = "hit",
): Record<string, string> {
  return {
    "Cache-Control": "public, max-age=0, must-revalidate",
    Vary: "Accept-Encoding, Cookie",
    ETag: encoding ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag,
    "X-Cache": state,
    ...(encoding ? { "Content-Encoding": encoding } : {}),
  };
}

function isNotModified(ifNoneMatch: string | undefined, etag: string | undefined): boolean {
  return !!ifNoneMatch?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/**
 * What the shared cache needs of a request, or null when the request may not use it (see
 * isCacheableRequest). Read from Node's own request when there is one: building the Fetch API's
 * Request and Headers costs more than answering from the cache. Its raw target is the key: one that is
 * not already in normal form simply misses, and the full chain stores the page under the normal form.
 */
function cacheableRequest(c: Context, routed: RouteCheck) {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming) {
    const { method = "", url = "", headers } = incoming;
    if ((method !== "GET" && method !== "HEAD") || carriesPageCookie(headers.cookie)) return null;
    const query = url.indexOf("?");
    const path = query < 0 ? url : url.slice(0, query);
    if (!sharable(path) || (!isPublicPath(path) && !routed(path))) return null;
    return {
      method,
      key: cacheKey(path, query < 0 ? "" : url.slice(query)),
      path,
      acceptEncoding: headers["accept-encoding"],
      ifNoneMatch: headers["if-none-match"],
    };
  }
  if (!isCacheableRequest(c.req.raw)) return null;
  const url = new URL(c.req.url);
  if (!sharable(url.pathname) || !routed(url.pathname)) return null;
  return {
    method: c.req.method,
    key: cacheKey(url.pathname, url.search),
    path: url.pathname,
    acceptEncoding: c.req.header("accept-encoding"),
    ifNoneMatch: c.req.header("if-none-match"),
  };
}

/**
 * A product address whose id names no product with a page shares one 404 page (PRODUCT_NOT_FOUND_KEY):
 * `/product/made-up-N` is rendered once, not once each (issue 23, decision 059). Any other key is
 * kept. With the database away, the address keeps its own key, and its render says what failed.
 */
async function productPageKey(services: AppServices, pathname: string, key: string): Promise<string> {
  const sent = productIdIn(pathname);
  if (sent === null) return key;
  let id: string;
  try {
    id = decodeURIComponent(sent);
  } catch {
    return PRODUCT_NOT_FOUND_KEY;
  }
  try {
    return (await listProductPageIds(services.database.db)).has(id) ? key : PRODUCT_NOT_FOUND_KEY;
  } catch {
    return key;
  }
}

/**
 * Whether a request with a session or toast cookie still names nobody (a session forged, signed out or
 * ended; a toast not ours or past its minute): it gets the shared page, or a render for everyone
 * (issue 23, decision 059). False for a live session or a toast to show, for anything but a GET or
 * HEAD, and when the database cannot be asked (the page is then rendered for this request, and fails
 * as it would have).
 */
export async function namesNobody(request: Request, services: AppServices): Promise<boolean> {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  try {
    if ((await getSessionUser(request, services)) !== null) return false;
  } catch {
    return false;
  }
  return !(await hasPendingToast(request, flashOptions(services.env)));
}

/**
 * The headers of a render for everyone: the request's, without any cookie or Authorization, so
 * nothing one visitor sent (a cookie a page may read one day, too) can reach a shared page.
 */
export function headersForEveryone(headers: Headers): Headers {
  const shared = new Headers(headers);
  shared.delete("cookie");
  shared.delete("authorization");
  return shared;
}

/**
 * The page a data address is for (decision 060): a public page, any product address, or an address no
 * route matches (its data is the shared 404's, as its page is). Null for any other data, which is the
 * visitor's own, and for an address that is not data.
 */
export function pageOfData(pathname: string, routed: RouteCheck): string | null {
  if (!pathname.endsWith(".data")) return null;
  const page = publicPageOfData(pathname);
  if (page !== null) return page;
  const unrouted = pathname.slice(0, -".data".length);
  return unrouted.startsWith("/") && unrouted !== "/_" && !routed(unrouted) ? unrouted : null;
}

type SharedPlace =
  | { cached: CachedPage }
  | { cached?: undefined; site: object; key: string; address: URL; pagePath: string };

/**
 * Where a visitor's request is answered in the shared cache: the entry, or else the store (pages, or
 * their data), the key, and the address to render it at for everyone. A page's key is its path and the
 * parameters it reads (decision 043); a product address with no product is the one product 404, asked
 * for only when the address's own key misses (decision 059); data is keyed by its page's key and the
 * routes it names, and a made-up product's or address's data is always its whole 404 (decision 060).
 */
export async function sharedPlace(
  services: AppServices,
  table: RouteTable,
  url: URL,
  dataPage: string | null,
): Promise<SharedPlace> {
  const pagePath = dataPage ?? url.pathname;
  const site = dataPage === null ? services : dataStoreOf(services);
  const named = dataPage !== null && url.searchParams.has("_routes") ? askedRoutes(url, table.idsOf(pagePath)) : null;
  const routesOf = (pageKey: string) => (pageKey.startsWith("*") ? null : named);
  const keyOf = (pageKey: string) => (dataPage === null ? pageKey : dataKey(pageKey, routesOf(pageKey)));
  const ownKey = cacheKey(pagePath, url.search, table.routed(pagePath));
  let pageKey = ownKey;
  let cached = lookUp(site, keyOf(ownKey));
  if (!cached) {
    pageKey = await productPageKey(services, pagePath, ownKey);
    if (pageKey !== ownKey) cached = lookUp(site, keyOf(pageKey));
  }
  if (cached) return { cached };
  const pageAddress = renderAddress(dataPage === null ? url : new URL(pagePath + url.search, url), pageKey);
  const address = dataPage === null ? pageAddress : dataAddress(pageAddress, routesOf(pageKey));
  return { site, key: keyOf(pageKey), address, pagePath };
}

/** Whether a route other than the catch-all (the 404 page) matches a path. */
export type RouteCheck = (pathname: string) => boolean;

/** The ids of the routes with data that match a path, root first (what a data request may ask for by `_routes`). */
export type RouteIds = (pathname: string) => string[];

/**
 * The route table, from the server build's manifest: `routed` answers "does anything but the 404 page
 * match this path?" (every address no route matches then shares one cached 404 page, decision 043,
 * so `/no-such-page-N` cannot cost a render each), and `idsOf` names the routes that match. Dev mode
 * (a build that is a function) says yes to everything; it caches nothing.
 */
export type RouteTable = { routed: RouteCheck; idsOf: RouteIds };

export function routeTable(build: ServerBuild | (() => Promise<ServerBuild>)): RouteTable {
  if (typeof build === "function") return { routed: () => true, idsOf: () => [] };
  const manifest = Object.values(build.routes).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    manifest
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, path: route.path, index: true }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: childrenOf(route.id) },
      );
  const tree = childrenOf(undefined);
  // Only a route with a loader has data to ask for (the pages' layout, routes/pages.tsx, has none).
  const withData = new Set(manifest.filter((route) => route.module.loader).map((route) => route.id));
  return {
    routed: (pathname) => {
      const leaf = matchRoutes(tree, pathname)?.at(-1)?.route;
      return leaf !== undefined && leaf.path !== "*";
    },
    idsOf: (pathname) =>
      (matchRoutes(tree, pathname) ?? []).flatMap(({ route }) =>
        route.id && withData.has(route.id) ? [route.id] : [],
      ),
  };
}

/**
 * The routes a data request asks for (`_routes`, sent when the browser keeps some loaders' data), as
 * the part of its cache key: only ids of routes that match its page, once each, in the route table's
 * order, so no list of made-up ids can make a key of its own (decision 060). Null for all of them:
 * none named, every one named, or none that matches (its answer then holds more than was asked).
 */
function askedRoutes(url: URL, matched: string[]): string | null {
  const asked = url.searchParams.get("_routes");
  if (asked === null) return null;
  const wanted = new Set(asked.split(","));
  const kept = matched.filter((id) => wanted.has(id));
  return kept.length === 0 || kept.length === matched.length ? null : kept.join(",");
}

/** Where a public page's data is rendered: its page's address as `.data`, with the routes asked for. */
function dataAddress(page: URL, routes: string | null): URL {
  const address = new URL(page.pathname === "/" ? "/_.data" : `${page.pathname}.data`, page);
  address.search = page.search;
  if (routes === null) address.searchParams.delete("_routes");
  else address.searchParams.set("_routes", routes);
  return address;
}

/**
 * Page data (`.data`, shared by the full chain alone: decision 060) is never answered here, and a
 * trailing slash is redirected by the chain: neither may be taken for the 404 page every unmatched
 * address shares. Nor may an address no page route matches be
 * answered here: the chain's own routes (/api, /media) and the client build's files come first, and
 * only what none of them answers reaches the catch-all, which serves the shared 404 page.
 */
function sharable(path: string): boolean {
  return !path.endsWith(".data") && (path.length === 1 || !path.endsWith("/"));
}

/** A page from the shared cache, inside the full chain (a render just stored, or stored meanwhile). */
export function servePage(c: Context, page: CachedPage, state: "hit" | "miss"): Response {
  const encoding = chooseEncoding(c.req.header("accept-encoding"));
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
  const headers = new Headers([...page.headers, ...Object.entries(cachedPageHeaders(page, encoding, state))]);
  c.set("scriptHashes", page.scriptHashes);
  if (isNotModified(c.req.header("if-none-match"), headers.get("ETag") ?? undefined)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Length", String(body.length));
  return new Response(c.req.method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>), {
    status: page.status,
    headers,
  });
}

/**
 * Every page or data response not shared from the cache is for this visitor only: `private, no-store`,
 * so neither a CDN nor the browser's history keeps it (after Sign Out on a shared computer, Back must not
 * show the order history). A route's own public caching (robots.txt, the sitemap) stands for requests
 * without a cookie.
 */
export function privateUnlessPublic(response: Response, request: Request): Response {
  const own = response.headers.get("cache-control");
  if (own && /\bpublic\b/i.test(own) && !request.headers.has("cookie")) return response;
  try {
    response.headers.set("Cache-Control", "private, no-store");
    return response;
  } catch {
    // Immutable headers (Response.redirect): a copy.
    const copy = new Response(response.body, response);
    copy.headers.set("Cache-Control", "private, no-store");
    return copy;
  }
}
