import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, brotliDecompressSync, constants, gzip } from "node:zlib";
import { chooseEncoding, inlineScriptHashes } from "./public-page-cache.server";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Pages rendered before, by what they were rendered from (decision 052). A page is a function of its
 * address and its loaders' data: when a request's loaders answer exactly what an earlier request's
 * did (the same client looking at the library again, before anything she sees changed), the markup is
 * the same, so it is sent again rather than rendered again. This is what made a signed-in page cost
 * 10-25 ms of CPU against a cached anonymous page's fraction of one (issue 23): React's render, the
 * loader data's serialisation into the page, and the compression.
 *
 * The key is a hash of the data itself, so nothing can be served for data it was not made from: two
 * clients share an entry only when everything their page shows is identical. The nonce is taken out of
 * the kept markup and its inline scripts are allowed by hash instead, as for shared pages (decision 027).
 */
export type RenderedPage = {
  /** The markup, until its compressed copies are ready (then rebuilt from brotli for the rare client without it). */
  identity: Buffer | null;
  gzip: Buffer | null;
  br: Buffer | null;
  scriptHashes: string[];
  storedAt: number;
};

/** Anything that changes with time alone (a date in the footer, today's slots) is rendered again at least this often. */
const RENDERED_TTL_MS = 60_000;
/** Bounds on memory: a page is 20-60 KB as markup, a tenth of that compressed. */
const MAX_BYTES = 12 * 1024 * 1024;
const MAX_PAGE_BYTES = 512 * 1024;

type Kept = { pages: Map<string, RenderedPage>; bytes: number };
const kept = new WeakMap<object, Kept>();

function keptFor(site: object): Kept {
  let found = kept.get(site);
  if (!found) {
    found = { pages: new Map(), bytes: 0 };
    kept.set(site, found);
  }
  return found;
}

type RenderInputs = {
  loaderData: unknown;
  actionData: unknown;
  errors: unknown;
};

/**
 * The key of a page rendered from these inputs, or null when it must be rendered each time: an action's
 * answer or an error; data that is not plain JSON (a promise streamed later, a Map), which a hash of
 * its JSON would not tell apart.
 */
export function renderKey(url: string, status: number, inputs: RenderInputs): string | null {
  if (status !== 200 || inputs.actionData || inputs.errors) return null;
  let plain = true;
  let json: string;
  try {
    json = JSON.stringify([url, inputs.loaderData], (_key, value: unknown) => {
      if (
        value instanceof Promise ||
        value instanceof Map ||
        value instanceof Set ||
        typeof value === "function" ||
        typeof value === "symbol" ||
        (typeof value === "number" && !Number.isFinite(value))
      ) {
        plain = false;
      }
      return value;
    });
  } catch {
    return null;
  }
  return plain ? createHash("sha256").update(json).digest("base64url") : null;
}

export function findRendered(site: object, key: string, now = Date.now()): RenderedPage | null {
  const cache = keptFor(site);
  const page = cache.pages.get(key);
  if (!page) return null;
  if (now - page.storedAt > RENDERED_TTL_MS) {
    forget(cache, key, page);
    return null;
  }
  // Most recently used last: the oldest go first when memory is full.
  cache.pages.delete(key);
  cache.pages.set(key, page);
  return page;
}

/**
 * Keeps a whole page rendered without error, its nonce taken out: at once, so the very next request
 * finds it; its compressed copies follow when ready (until then it goes out as markup, compressed on
 * the way as any page).
 */
export function keepRendered(site: object, key: string, html: string, nonce: string): void {
  if (html.length > MAX_PAGE_BYTES) return;
  const markup = nonce ? html.replaceAll(` nonce="${nonce}"`, "") : html;
  const identity = Buffer.from(markup);
  const page: RenderedPage = {
    identity,
    gzip: null,
    br: null,
    scriptHashes: inlineScriptHashes(markup),
    storedAt: Date.now(),
  };
  const cache = keptFor(site);
  const earlier = cache.pages.get(key);
  if (earlier) forget(cache, key, earlier);
  cache.pages.set(key, page);
  cache.bytes += identity.length;
  trim(cache);
  void Promise.all([
    brotli(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzipAsync(identity, { level: 6 }),
  ]).then(
    ([br, gz]) => {
      if (cache.pages.get(key) !== page) return;
      // Only the compressed copies are kept: a page is a sixth of its size in brotli, so fifty clients'
      // own pages fit in the bound rather than pushing each other out (each then rendered again).
      cache.bytes += br.length + gz.length - identity.length;
      page.br = br;
      page.gzip = gz;
      page.identity = null;
      trim(cache);
    },
    () => {},
  );
}

function trim(cache: Kept) {
  for (const [oldKey, oldPage] of cache.pages) {
    if (cache.bytes <= MAX_BYTES) break;
    forget(cache, oldKey, oldPage);
  }
}

function forget(cache: Kept, key: string, page: RenderedPage) {
  cache.pages.delete(key);
  cache.bytes -= sizeOf(page);
}

function sizeOf(page: RenderedPage) {
  return (page.identity?.length ?? 0) + (page.gzip?.length ?? 0) + (page.br?.length ?? 0);
}

/**
 * A kept page's body for this request, in the encoding it accepts, with the headers that describe it
 * set on `headers`.
 */
export function renderedBody(page: RenderedPage, request: Request, headers: Headers): Uint8Array<ArrayBuffer> {
  const wanted = chooseEncoding(request.headers.get("accept-encoding"));
  const compressed = wanted === "br" ? page.br : wanted === "gzip" ? page.gzip : null;
  // Kept compressed only once both copies are ready, so one of the two is always there.
  const body = compressed ?? page.identity ?? brotliDecompressSync(page.br as Buffer);
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Content-Length", String(body.length));
  headers.append("Vary", "Accept-Encoding");
  if (compressed && wanted) headers.set("Content-Encoding", wanted);
  return body as Uint8Array<ArrayBuffer>;
}
