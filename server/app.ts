import "~/line-kinds.server";
import "~/personal-data.server";
import { randomBytes, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context } from "hono";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { HTTPException } from "hono/http-exception";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { confirmEmail } from "~/features/accounts/confirm-email.server";
import { describeBackupHealth } from "~/features/backup/last-backup.server";
import { contentDisposition } from "~/features/shop/content-disposition";
import { AppError, errorResponse } from "~/lib/app-error";
import { type RequestInfo, requestContext, servicesContext } from "~/lib/context";
import { isDraining } from "~/lib/draining.server";
import { LOOP_SLICE_MS, loopSlices } from "~/lib/loop-slices";
import { isCacheableRequest, renderShared, toCachedPage } from "~/lib/public-page-cache.server";
import type { AppServices } from "~/lib/services.server";
import { apiRoutes } from "./api-routes";
import { pageBodies } from "./request-bodies";
import { responseKind, securityHeaders } from "./security-headers";
import {
  answerFromSharedCache,
  headersForEveryone,
  namesNobody,
  pageOfData,
  privateUnlessPublic,
  routeTable,
  servePage,
  sharedPlace,
} from "./shared-pages";

type Variables = {
  requestId: string;
  nonce: string;
  clientIp: string;
  /** Set when the page comes from the shared cache: its CSP names inline scripts by hash. */
  scriptHashes?: string[];
  /** Set when the answer is a file of the client build under /assets/ (decision 039). */
  buildFile?: boolean;
};

export type CreateAppOptions = {
  services: AppServices;
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  /** Folder of the client build to serve (production); omitted in dev, where Vite serves assets. */
  staticRoot?: string;
  /** How much of a turn of the event loop renders may take before the rest wait (decision 056; tests). */
  renderSliceMs?: number;
};

const IMAGE_TYPES: Record<string, string> = {
  webp: "image/webp",
  avif: "image/avif",
  png: "image/png",
  jpg: "image/jpeg",
};
/** An answer that took this long is logged as a warning, not as a routine request line. */
const SLOW_REQUEST_MS = 1000;

/** The songs' recordings (decision 035): only under songs/, and always as a download. */
const SONG_TYPES: Record<string, string> = {
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  ogg: "audio/ogg",
  wav: "audio/wav",
};

export function createApp({ services, build, mode, staticRoot, renderSliceMs = LOOP_SLICE_MS }: CreateAppOptions) {
  const { env, logger } = services;
  const https = env.PUBLIC_URL.startsWith("https://");
  const app = new Hono<{ Variables: Variables }>();
  const table = routeTable(build);
  const { routed } = table;

  // A public page already in the shared cache is answered before anything else runs (decision 027).
  if (mode === "production") app.use(answerFromSharedCache(services, https, routed));

  app.use(async (c, next) => {
    const started = performance.now();
    const requestId = randomUUID();
    c.set("requestId", requestId);
    c.set("nonce", randomBytes(16).toString("base64"));
    c.set(
      "clientIp",
      clientAddress(c.req.raw.headers, env.TRUST_PROXY, () => getConnInfo(c).remote.address),
    );
    await next();
    for (const [name, value] of Object.entries(
      securityHeaders({
        kind: responseKind(c.res, c.get("buildFile") === true),
        nonce: c.get("nonce"),
        scriptHashes: c.get("scriptHashes"),
        dev: mode === "development",
        https,
        fileOrigins: services.fileOrigins,
      }),
    )) {
      // These are the defaults: a handler that states its own keeps it (public images are shared with
      // other sites: Cross-Origin-Resource-Policy: cross-origin).
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
    // A file of the build is the same for everyone, and nobody reports one: its request id stays in
    // the log alone (50 bytes less for each of a page's scripts; page-scripts.test.ts).
    if (c.get("buildFile") !== true) c.res.headers.set("X-Request-Id", requestId);
    const ms = Math.round(performance.now() - started);
    const line = { reqId: requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms };
    // A slow answer is worth her log's attention at the default level (and the browser tests' output).
    if (ms >= SLOW_REQUEST_MS) logger.warn(line, "slow request");
    else logger.info(line, "request");
  });

  // One address per page (issue 23): `/about/` is `/about`. 301 for a GET or HEAD; 308 for anything else,
  // so a form posted to the slashed address is posted again rather than turned into a GET.
  app.use(async (c, next) => {
    const { pathname, search } = new URL(c.req.url);
    if (pathname.length <= 1 || !pathname.endsWith("/")) return next();
    // One leading slash: `//evil.example/` must not become a Location of `//evil.example`, another site.
    const target = `/${pathname.replace(/^\/+|\/+$/g, "")}${search}`;
    return c.redirect(target, c.req.method === "GET" || c.req.method === "HEAD" ? 301 : 308);
  });

  // The health check is not compressed: its answer is tiny, and Hono's compress() turns every answer it
  // looks at without a Content-Length into a stream, sent over several turns of the loop (decision 056).
  const compressing = compress();
  app.use((c, next) => (c.req.path === "/api/health" ? next() : compressing(c, next)));

  // Page bodies at most 1 MB, and one nobody read is drained before the answer (server/request-bodies.ts).
  app.use(pageBodies());

  // A null character in the address can never name anything here, and PostgreSQL cannot compare it.
  app.use(async (c, next) => {
    if (/%00/i.test(c.req.url)) {
      return errorResponse(
        new AppError("invalid_request", "The address contains characters that are not allowed.", "Bad request"),
      );
    }
    return next();
  });

  // Cross-site request forgery: a browser always says where a state-changing request comes from.
  // Writes from another site are refused; only the payment provider's webhook (signed) is exempt.
  const ownOrigin = new URL(env.PUBLIC_URL).origin;
  app.use(async (c, next) => {
    if (["GET", "HEAD", "OPTIONS"].includes(c.req.method) || c.req.path.startsWith("/api/webhooks/")) return next();
    const origin = c.req.header("origin");
    const site = c.req.header("sec-fetch-site");
    const sameOrigin =
      origin === undefined ? site !== "cross-site" : origin === ownOrigin || origin === new URL(c.req.url).origin;
    if (!sameOrigin) {
      return errorResponse(
        new AppError("cross_site", "This request must come from this site's own pages.", "Cross-site request refused"),
      );
    }
    return next();
  });

  if (staticRoot) {
    app.use(
      "/assets/*",
      async (c, next) => {
        await next();
        // Only a file of the build is immutable: anything else asked for under /assets/ (a page's data,
        // a 404) reaches the router and keeps the headers it gets there.
        if (!c.get("buildFile")) return;
        // A hashed file never changes, so a browser never asks whether it has: its date is dead weight.
        c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
        c.res.headers.delete("Last-Modified");
      },
      // Brotli and gzip copies made at build time (scripts/compress-assets.ts), when the browser takes them.
      serveStatic({
        root: staticRoot,
        precompressed: true,
        onFound: (_path, c) => {
          c.set("buildFile", true);
        },
      }),
    );
    // Every file of the build has an extension and a page's address never does (its data, asked for
    // by a navigation inside the site, ends in `.data`): a page skips the file lookup (a failed stat
    // for each request, 4 % of a signed-in page's CPU in a profile).
    const buildFile = serveStatic({ root: staticRoot });
    app.use((c, next) => (/\.(?!data$)[^/]+$/.test(c.req.path) ? buildFile(c, next) : next()));
  }

  app.get("/api/health", async (c) => {
    // Stopping: still serving, but the balancer should send new visitors elsewhere.
    if (isDraining()) return c.json({ status: "draining", database: services.database.kind }, 503);
    try {
      await services.database.ping();
      // One small file read: the health check stays cheap. A late backup does not make the site unhealthy.
      const backup = await describeBackupHealth(services.env);
      return c.json({ status: "ok", database: services.database.kind, backup });
    } catch (error) {
      logger.error({ err: error }, "health check: database unreachable");
      return c.json({ status: "error", database: "unreachable" }, 503);
    }
  });

  // Public images (covers, gallery art) and the songs' recordings. Product files are never served from here.
  app.get("/media/:folder/:file", async (c) => {
    const { folder, file } = c.req.param();
    const ext = file.split(".").pop() ?? "";
    const song = folder === "songs";
    const type = song ? SONG_TYPES[ext] : IMAGE_TYPES[ext];
    const notFound = new AppError("not_found", "Not found", "Not found");
    if (!type || !/^[a-z0-9-]+$/.test(folder) || !/^[A-Za-z0-9._-]+$/.test(file) || file.startsWith(".")) {
      throw notFound;
    }
    const key = `${folder}/${file}`;
    const info = await services.images.stat(key);
    if (!info) throw notFound;
    const stream = await services.images.read(key);
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      headers: {
        "Content-Type": type,
        "Content-Length": String(info.size),
        "Cache-Control": "public, max-age=86400",
        "Cross-Origin-Resource-Policy": "cross-origin",
        // A recording is offered as a file to keep, named without the storage key's timestamp.
        ...(song ? { "Content-Disposition": contentDisposition("attachment", file.replace(/^\d+-/, "")) } : {}),
      },
    });
  });

  // Better Auth's own HTTP endpoints, limited to the links we send by e-mail. Sign-in, sign-up and the
  // rest go through our form actions, which apply the lockout; nothing else of Better Auth is public.
  app.get("/api/auth/verify-email", (c) => confirmEmail(services, c.req.raw));
  app.get("/api/auth/reset-password/:token", (c) => services.auth.handler(c.req.raw));

  // The shop's and the admin's endpoints: downloads, the Stripe webhook, membership, uploads.
  app.route("/", apiRoutes(services));

  const handleRequest = createRequestHandler(build, mode);
  // Renders share the loop's turns out (decision 056): a crowd whose pages come from memory is served
  // a slice of the loop at a time, so timers, sockets and the health check get turns in between.
  const slices = loopSlices(renderSliceMs);
  const renderPage = async (
    c: Context<{ Variables: Variables }>,
    request: Request,
    { forOthers = false }: { forOthers?: boolean } = {},
  ) => {
    // A render for the shared cache is not abandoned with its first client: others wait on it.
    const waited = slices.waitForSlice(forOthers ? undefined : request.signal);
    // Nobody to send it to: the client left while it waited (499, as nginx logs it).
    if (waited && !(await waited)) return new Response(null, { status: 499 });
    return renderNow(c, request);
  };
  const renderNow = async (c: Context<{ Variables: Variables }>, request: Request) => {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    const info: RequestInfo = {
      requestId: c.get("requestId"),
      nonce: c.get("nonce"),
      clientIp: c.get("clientIp"),
      keepRenders: mode === "production",
    };
    context.set(requestContext, info);
    const response = await handleRequest(request, context);
    if (info.scriptHashes) c.set("scriptHashes", info.scriptHashes);
    // Only the very response the page was sent in: an error rendered after it (a middleware that
    // throws) is another response, and keeps its own body.
    if (info.sentWhole?.response === response) {
      return new Response(info.sentWhole.body, { status: response.status, headers: response.headers });
    }
    return response;
  };
  app.all("*", async (c) => {
    const url = new URL(c.req.url);
    // Pages the same for every visitor without a session come from the shared cache (decision 027);
    // dev mode renders every request, so edits show at once.
    // The router's manifest (lazy route discovery) is the router's to answer, never the shared 404 page.
    // A public page's data is shared as the page is, and the data of an address no route matches as its
    // 404 (decision 060); any other data is this visitor's.
    const dataPage = pageOfData(url.pathname, routed);
    if (
      mode === "development" ||
      url.pathname === "/__manifest" ||
      (url.pathname.endsWith(".data") && dataPage === null)
    ) {
      return privateUnlessPublic(await renderPage(c, c.req.raw), c.req.raw);
    }
    // A session or toast cookie that names nobody is the visitor every shared page is for (decision 059).
    if (!isCacheableRequest(c.req.raw) && !(await namesNobody(c.req.raw, services))) {
      return privateUnlessPublic(await renderPage(c, c.req.raw), c.req.raw);
    }
    const place = await sharedPlace(services, table, url, dataPage);
    if (place.cached) return servePage(c, place.cached, "hit");
    const { site, key, address, pagePath } = place;
    // Rendered as a GET (a HEAD stands for one, so the stored page has its body), at the key's address,
    // and for everyone: with no cookie or Authorization of this request's (decision 059).
    const raw = c.req.raw;
    const asGet =
      raw.method === "HEAD" || address !== url || raw.headers.has("cookie") || raw.headers.has("authorization")
        ? new Request(address, { method: "GET", headers: headersForEveryone(raw.headers) })
        : raw;
    let own: Response | undefined;
    const page = await renderShared(site, key, async () => {
      const response = await renderPage(c, asGet, { forOthers: true });
      const shared = await toCachedPage(response, pagePath, c.get("nonce"), key);
      if (!shared) own = response;
      return shared;
    });
    if (page) return servePage(c, page, "miss");
    // Not shareable (a redirect, an error): this request's own answer, or, for a request that waited on
    // another's render, its own render.
    const response = own ?? (await renderPage(c, c.req.raw));
    if (c.req.method === "HEAD" && response.body) {
      await response.body.cancel();
      return privateUnlessPublic(new Response(null, response), c.req.raw);
    }
    return privateUnlessPublic(response, c.req.raw);
  });

  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    // A client that went away while sending its body (reading it failed with the connection's reset):
    // nobody is left to answer, and it is not the site's error. Judged by the error itself, so a bug
    // that fails while a client happens to leave is still logged as one.
    if (["ECONNRESET", "ERR_STREAM_PREMATURE_CLOSE"].includes(String((error as { code?: unknown }).code))) {
      logger.info({ reqId: c.get("requestId"), path: c.req.path }, "client went away");
      return errorResponse(new AppError("invalid_request", "The request did not arrive whole.", "Bad request"));
    }
    if (!(error instanceof AppError)) {
      logger.error({ err: error, reqId: c.get("requestId"), path: c.req.path }, "unhandled error");
    }
    return errorResponse(error);
  });

  return app;
}

/**
 * The client's address. X-Forwarded-For is believed only behind a configured proxy, and then only
 * its last entry, the one our proxy appended: anything before it is whatever the client sent.
 */
export function clientAddress(headers: Headers, trustProxy: boolean, socketAddress: () => string | undefined): string {
  if (trustProxy) {
    const forwarded = headers.get("x-forwarded-for");
    const last = forwarded?.split(",").pop()?.trim();
    if (last) return last;
  }
  try {
    return socketAddress() ?? "unknown";
  } catch {
    // In-process requests (tests) have no socket.
    return "unknown";
  }
}
