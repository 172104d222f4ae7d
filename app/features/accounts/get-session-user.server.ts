import { data, redirect } from "react-router";
import { flashOptions, setFlash } from "~/lib/flash.server";
import { requestedPage } from "~/lib/requested-page";
import type { AppServices } from "~/lib/services.server";
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

async function readSessionUser(request: Request, services: AppServices): Promise<SessionUser | null> {
  const session = await services.auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const { id, email, name } = session.user;
  return { id, email, name, isAdmin: await isAdmin(services.database.db, id), greetingName: greetingName(email) };
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
