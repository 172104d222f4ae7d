import { createHash } from "node:crypto";
import { data, redirect } from "react-router";
import { type CacheSpec, cacheUntilChanged } from "~/lib/db/cache-until-changed.server";
import { flashOptions, setFlash } from "~/lib/flash.server";
import { requestedPage } from "~/lib/requested-page";
import type { AppServices } from "~/lib/services.server";
import { isSessionCookie } from "~/lib/session-cookie";
import { greetingName } from "./auth-schemas";
import { isAdmin } from "./manage-admins.server";

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  /** For the header: 'Welcome, {greetingName}'. */
  greetingName: string;
};

/**
 * The signed-in user of this request, from the session cookie, or null. Read once per request: the
 * root loader (the header) and the page's own loader both ask, and each ask was a session lookup and
 * an admin check (issue 23: a signed-in page cost twice the queries it needed).
 */
export function getSessionUser(request: Request, services: AppServices): Promise<SessionUser | null> {
  if (!request.headers.get("cookie")) return Promise.resolve(null);
  let found = readThisRequest.get(request);
  if (!found) {
    found = readSessionUser(request, services);
    readThisRequest.set(request, found);
    // A failed read (the database away) is not remembered: the next ask tries again.
    found.catch(() => readThisRequest.delete(request));
  }
  return found;
}

const readThisRequest = new WeakMap<Request, Promise<SessionUser | null>>();

/**
 * Sessions as last read, by a hash of the session cookie: a page no longer asks the database who is
 * signed in on every request (issue 23). Any write to the sessions, users or roles (a sign-out, a
 * revoked device, a password change, an admin removed; by any instance or the CLI) drops them all
 * (decision 052); five minutes bounds how late Better Auth's own refresh of a session's expiry runs.
 */
const SESSIONS: CacheSpec = {
  name: "session-user",
  tables: ["session", "user", "user_roles"],
  ttlMs: 5 * 60_000,
  maxEntries: 5_000,
};

async function readSessionUser(request: Request, services: AppServices): Promise<SessionUser | null> {
  const key = sessionKey(request.headers.get("cookie"));
  if (!key) return null;
  const found = await cacheUntilChanged(services.database.db, SESSIONS, key, () => lookUpSession(request, services));
  if (!found || found.expiresAt <= Date.now()) return null;
  return found.user;
}

async function lookUpSession(
  request: Request,
  services: AppServices,
): Promise<{ user: SessionUser; expiresAt: number } | null> {
  const session = await services.auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const { id, email, name } = session.user;
  return {
    user: { id, email, name, isAdmin: await isAdmin(services.database.db, id), greetingName: greetingName(email) },
    expiresAt: new Date(session.session.expiresAt).getTime(),
  };
}

/** A hash of the session cookie's value (Better Auth's `…session_token`), so no token is kept in memory. */
export function sessionKey(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name && isSessionCookie(name) && value.length > 0) {
      return createHash("sha256").update(value.join("=")).digest("base64url");
    }
  }
  return null;
}

/** For protected pages: no session means a redirect to /auth (and back here after signing in). */
export async function requireUser(request: Request, services: AppServices): Promise<SessionUser> {
  const user = await getSessionUser(request, services);
  if (!user) {
    const url = requestedPage(request);
    throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`, 302);
  }
  return user;
}

/** Admin pages: signed-in non-admins go home with the 'Access Denied' toast. */
export async function requireAdmin(request: Request, services: AppServices): Promise<SessionUser> {
  const user = await requireUser(request, services);
  if (!user.isAdmin) {
    const cookie = await setFlash(
      { title: "Access Denied", description: "You don't have admin privileges.", variant: "destructive" },
      flashOptions(services.env),
    );
    throw redirect("/", { status: 302, headers: { "Set-Cookie": cookie } });
  }
  return user;
}

/**
 * Admin writes added with the owner's content (decision 031): anyone who is not an admin gets a
 * 403 that says why, before the form is read. Pages still redirect (above); a write has nowhere
 * useful to be sent back to.
 */
export async function requireAdminWrite(request: Request, services: AppServices): Promise<SessionUser> {
  const user = await getSessionUser(request, services);
  if (!user?.isAdmin) throw data("You don't have admin privileges.", { status: 403 });
  return user;
}
