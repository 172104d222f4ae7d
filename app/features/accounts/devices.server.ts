import { and, desc, eq, gt } from "drizzle-orm";
import { session } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";

export type Device = {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  signedInAt: string;
  lastSeenAt: string;
  current: boolean;
};

/**
 * Where she is signed in: her live sessions, newest first, the one of this request marked. Only
 * ids leave the server, never the session tokens.
 */
export async function listDevices(
  services: AppServices,
  userId: string,
  currentToken: string | null,
): Promise<Device[]> {
  const rows = await services.database.db
    .select()
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt));
  return rows.map((row) => ({
    id: row.id,
    userAgent: row.userAgent,
    ipAddress: row.ipAddress,
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: row.updatedAt.toISOString(),
    current: row.token === currentToken,
  }));
}

/** Signs one device out (its session deleted); only her own. False when there was no such session. */
export async function signOutDevice(services: AppServices, userId: string, sessionId: string): Promise<boolean> {
  const gone = await services.database.db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .returning({ id: session.id });
  return gone.length > 0;
}

/** A readable name for a browser's user agent: "Firefox on Windows". */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "A browser";
  const system = /iPhone|iPad/.test(userAgent)
    ? "iOS"
    : /Android/.test(userAgent)
      ? "Android"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "an unknown system";
  return `${browser} on ${system}`;
}
