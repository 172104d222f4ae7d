import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { account, user, verification } from "~/lib/db/schema.server";
import { discardResetLinks } from "./reset-links.server";

/**
 * A sign-up is pending until its address is confirmed. Its password was chosen by whoever filled in
 * the form, who may not own the address; the confirmation link proves only that its opener reads
 * the mailbox. So the sign-up is tied to the browser that made it (a random key in a cookie, its
 * hash kept here), and the password survives confirmation only when the link is opened there
 * (decision 028).
 */
export const SIGN_UP_COOKIE = "sacred.signup";
/** As long as the confirmation link lives. */
const BINDING_LIFETIME_S = 60 * 60 * 24;
const bindingId = (userId: string) => `signup-browser:${userId}`;
const hash = (key: string) => createHash("sha256").update(key).digest("hex");

export async function bindSignUpToBrowser(db: Database, userId: string, now = new Date()): Promise<string> {
  const key = randomBytes(32).toString("base64url");
  await db.delete(verification).where(eq(verification.identifier, bindingId(userId)));
  await db.insert(verification).values({
    id: crypto.randomUUID(),
    identifier: bindingId(userId),
    value: hash(key),
    expiresAt: new Date(now.getTime() + BINDING_LIFETIME_S * 1000),
  });
  return key;
}

/** The cookie that carries the key: only ever sent to the confirmation link, never to scripts. */
export function signUpCookie(key: string, secure: boolean): string {
  return [
    `${SIGN_UP_COOKIE}=${key}`,
    "Path=/api/auth/verify-email",
    `Max-Age=${BINDING_LIFETIME_S}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

export const clearSignUpCookie = (secure: boolean) =>
  `${SIGN_UP_COOKIE}=; Path=/api/auth/verify-email; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;

/** Whether this request comes from the browser that made the pending sign-up; the binding is used up either way. */
export async function takeSignUpBinding(db: Database, userId: string, cookieHeader: string | null): Promise<boolean> {
  const [row] = await db
    .delete(verification)
    .where(eq(verification.identifier, bindingId(userId)))
    .returning({ value: verification.value, expiresAt: verification.expiresAt });
  const key = new RegExp(`(?:^|;\\s*)${SIGN_UP_COOKIE.replace(".", "\\.")}=([^;]+)`).exec(cookieHeader ?? "")?.[1];
  if (!row || !key || row.expiresAt < new Date()) return false;
  const [expected, given] = [Buffer.from(row.value), Buffer.from(hash(key))];
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Forgets the password a pending sign-up chose: the owner of the address sets their own. */
export async function dropPendingPassword(db: Database, userId: string): Promise<void> {
  await db.delete(account).where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
}

/**
 * Removes a sign-up that was never confirmed (its account, sessions and links), so a new sign-up for
 * the address starts afresh. Its confirmation links stop working: they name the removed account.
 */
export async function discardPendingSignUp(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.identifier, bindingId(userId)));
    await discardResetLinks(tx, userId);
    await tx.delete(user).where(and(eq(user.id, userId), eq(user.emailVerified, false)));
  });
}
