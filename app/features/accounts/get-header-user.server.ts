import type { HeaderUser } from "~/layout/site-header";
import type { Logger } from "~/lib/logger.server";
import type { AppServices } from "~/lib/services.server";
import { getSessionUser, sessionKey } from "./get-session-user.server";

/**
 * The header's account state, read on every page by the root loader.
 *
 * While the database cannot be reached the session cannot be checked, yet the page frame must still
 * show a signed-in visitor as signed in (issue 14 item 5: an outage page that offers 'Sign In' to
 * someone signed in reads as "you were logged out"). So the header this process last showed for a
 * session cookie is remembered, and shown again for that same cookie only while the database is
 * away. It is display only: nothing is authorised by it (every protected loader checks the session
 * itself, and fails as well during an outage), and only the holder of the cookie sees it.
 */
export async function getHeaderUser(request: Request, services: AppServices): Promise<HeaderUser | null> {
  const key = sessionKey(request.headers.get("cookie"));
  try {
    const user = await getSessionUser(request, services);
    const header = user ? { greetingName: user.greetingName, isAdmin: user.isAdmin } : null;
    if (key) remember(key, header);
    return header;
  } catch (error) {
    return lastKnown(key, error, services.logger);
  }
}

/** Enough for the visitors of one small shop's last hour; the oldest are forgotten first. */
const MAX_REMEMBERED = 2_000;
const REMEMBERED_FOR_MS = 60 * 60 * 1000;
type Remembered = { header: HeaderUser; at: number };
// On globalThis: the test suite loads the app through Vite's module runner beside its own imports.
const STORE_KEY = Symbol.for("sacred-healing.header-users");
const store = globalThis as unknown as Record<symbol, Map<string, Remembered> | undefined>;
const remembered: Map<string, Remembered> = store[STORE_KEY] ?? new Map();
store[STORE_KEY] = remembered;

function remember(key: string, header: HeaderUser | null) {
  remembered.delete(key);
  if (!header) return;
  remembered.set(key, { header, at: Date.now() });
  if (remembered.size > MAX_REMEMBERED) {
    const oldest = remembered.keys().next().value;
    if (oldest !== undefined) remembered.delete(oldest);
  }
}

function lastKnown(key: string | null, error: unknown, logger: Logger): HeaderUser | null {
  logger.warn({ err: error }, "session not checked; the header shows the last known account state");
  const entry = key ? remembered.get(key) : undefined;
  if (!entry || Date.now() - entry.at > REMEMBERED_FOR_MS) return null;
  return entry.header;
}
