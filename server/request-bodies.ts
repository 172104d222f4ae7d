import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError, errorResponse } from "~/lib/app-error";

/** The largest body a page's form or JSON request may send (admin uploads have limits of their own). */
export const MAX_PAGE_BODY = 1024 * 1024;

/** How long a body nobody read is waited for after the answer is ready: a phone's form on a slow line. */
const UNREAD_BODY_WAIT_MS = 30_000;

const tooLarge = () =>
  errorResponse(new AppError("payload_too_large", "The request is too large.", "Payload Too Large"));
const chunkedBodies = bodyLimit({ maxSize: MAX_PAGE_BODY, onError: tooLarge });

/**
 * Page forms and JSON are small (1 MB); only admin uploads stream large bodies, with limits of their
 * own, so they pass untouched.
 *
 * - A body of stated length is judged by its `Content-Length` alone: bodyLimit asks for the body to
 *   see whether there is one, which turns it into a stream. Only a chunked body is counted as it
 *   arrives.
 * - A body nobody then read (a form sent to a page without an action, a request refused before its
 *   body was looked at) is read and dropped before the answer goes. Left to the HTTP server, a body
 *   that React Router had turned into a stream (it reads the request's properties to make the
 *   loaders' request) could not be drained, and the connection was dropped half a second after the
 *   answer, under the browser's next request on it (decision 043).
 */
export function pageBodies(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.path === "/api/admin/uploads") return next();
    const length = c.req.header("content-length");
    if (length !== undefined && c.req.header("transfer-encoding") === undefined) {
      if (Number(length) > MAX_PAGE_BODY) return tooLarge();
      await next();
    } else {
      const refused = await chunkedBodies(c, next);
      if (refused) return refused;
    }
    if (c.req.method !== "GET" && c.req.method !== "HEAD") {
      await dropUnreadBody(c.req.raw, { ms: UNREAD_BODY_WAIT_MS, bytes: MAX_PAGE_BODY });
    }
  };
}

/**
 * Reads what is left of a request's body and drops it, for `ms` and `bytes` at most (past either, the
 * HTTP server closes the connection, as it should for a client that stops sending); a body already
 * read, or being read (a chunked one bodyLimit refused part-way), is left alone.
 */
async function dropUnreadBody(request: Request, limits: { ms: number; bytes: number }): Promise<void> {
  if (request.bodyUsed || !request.body || request.body.locked) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const reader = request.body.getReader();
  const drain = async () => {
    let read = 0;
    for (let chunk = await reader.read(); !chunk.done && read <= limits.bytes; chunk = await reader.read()) {
      read += chunk.value.byteLength;
    }
  };
  await Promise.race([
    drain().catch(() => {}),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, limits.ms);
    }),
  ]);
  clearTimeout(timer);
  try {
    reader.releaseLock();
  } catch {
    // A read still pending: the server's own drain closes the connection.
  }
}
