import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a reminder's exit link works: past the renewal it warns of, to the next month's. */
const VALID_MS = 45 * 86_400_000;

const signature = (secret: string, email: string, expires: number) =>
  createHmac("sha256", secret).update(`membership-leave\n${email.toLowerCase()}\n${expires}`).digest("base64url");

/**
 * The one-click exit in a renewal reminder: a link that names the member and when it expires, signed
 * with the server's secret, so it works without signing in and cannot be made for anyone else.
 */
export function leaveLink(publicUrl: string, secret: string, email: string, now = new Date()): string {
  const expires = now.getTime() + VALID_MS;
  const query = new URLSearchParams({ email: email.toLowerCase(), expires: String(expires) });
  query.set("sig", signature(secret, email, expires));
  return `${publicUrl}/membership/leave?${query}`;
}

/** The member a leave link names, when its signature holds and it has not expired; else null. */
export function readLeaveLink(
  secret: string,
  params: { email?: unknown; expires?: unknown; sig?: unknown },
  now = new Date(),
): string | null {
  const { email, expires, sig } = params;
  if (typeof email !== "string" || typeof expires !== "string" || typeof sig !== "string") return null;
  const at = Number(expires);
  if (!Number.isSafeInteger(at) || at < now.getTime()) return null;
  const expected = Buffer.from(signature(secret, email, at));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return email.toLowerCase();
}

/** The member named by a leave link's fields, from a query string or a posted form. */
export function leaveLinkOf(secret: string, fields: URLSearchParams | FormData, now = new Date()): string | null {
  const get = (name: string) => fields.get(name) ?? undefined;
  return readLeaveLink(secret, { email: get("email"), expires: get("expires"), sig: get("sig") }, now);
}
