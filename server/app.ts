import { randomBytes, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { HTTPException } from "hono/http-exception";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { confirmEmail } from "~/features/accounts/confirm-email.server";
import { AppError, errorResponse } from "~/lib/app-error";
import { requestContext, servicesContext } from "~/lib/context";
import type { AppServices } from "~/lib/services.server";
import { apiRoutes } from "./api-routes";
import { securityHeaders } from "./security-headers";

type Variables = { requestId: string; nonce: string; clientIp: string };

export type CreateAppOptions = {
  services: AppServices;
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  /** Folder of the client build to serve (production); omitted in dev, where Vite serves assets. */
  staticRoot?: string;
};

const IMAGE_TYPES: Record<string, string> = {
  webp: "image/webp",
  avif: "image/avif",
  png: "image/png",
  jpg: "image/jpeg",
};

export function createApp({ services, build, mode, staticRoot }: CreateAppOptions) {
  const { env, logger } = services;
  const https = env.PUBLIC_URL.startsWith("https://");
  const app = new Hono<{ Variables: Variables }>();

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
        document: (c.res.headers.get("content-type") ?? "").startsWith("text/html"),
        nonce: c.get("nonce"),
        dev: mode === "development",
        https,
        fileOrigins: services.fileOrigins,
      }),
    )) {
      c.res.headers.set(name, value);
    }
    c.res.headers.set("X-Request-Id", requestId);
    logger.info(
      {
        reqId: requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  });

  app.use(compress());

  // Page forms and JSON are small; only admin uploads stream large bodies (with limits of their own).
  const smallBodies = bodyLimit({
    maxSize: 1024 * 1024,
    onError: () => errorResponse(new AppError("payload_too_large", "The request is too large.", "Payload Too Large")),
  });
  app.use((c, next) => (c.req.path === "/api/admin/uploads" ? next() : smallBodies(c, next)));

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
        if (c.res.ok) c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
      },
      // Brotli and gzip copies made at build time (scripts/compress-assets.ts), when the browser takes them.
      serveStatic({ root: staticRoot, precompressed: true }),
    );
    app.use(serveStatic({ root: staticRoot }));
  }

  app.get("/api/health", async (c) => {
    try {
      await services.database.ping();
      return c.json({ status: "ok", database: services.database.kind });
    } catch (error) {
      logger.error({ err: error }, "health check: database unreachable");
      return c.json({ status: "error", database: "unreachable" }, 503);
    }
  });

  // Public images (covers, gallery art). Product files are never served from here.
  app.get("/media/:folder/:file", async (c) => {
    const { folder, file } = c.req.param();
    const ext = file.split(".").pop() ?? "";
    const type = IMAGE_TYPES[ext];
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
  app.all("*", async (c) => {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(requestContext, { requestId: c.get("requestId"), nonce: c.get("nonce"), clientIp: c.get("clientIp") });
    return handleRequest(c.req.raw, context);
  });

  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
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
