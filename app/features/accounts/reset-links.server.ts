import { createHash, randomBytes } from "node:crypto";
import { and, eq, like, or } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db/client.server";
import { verification } from "~/lib/db/schema.server";

/** Better Auth asks for a reset link as the verification identifier `reset-password:<token>`; the value is the user id. */
export const RESET_PREFIX = "reset-password:";
/** How the table holds one: see storedResetIdentifier. Rows under RESET_PREFIX are links sent before decision 038. */
const STORED_PREFIX = "reset-password-sha256:";
const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;

/**
 * What the verification table holds for a reset link (Better Auth's `verification.storeIdentifier` hook):
 * a prefix of our own, then the SHA-256 of `reset-password:<token>`, so a copy of the database gives no
 * usable link. The trap: when the hashed identifier is not found, Better Auth also tries the identifier as
 * given, so a stored form starting `reset-password:` would itself be a working token; hence another prefix.
 * Better Auth's own "hashed" drops every prefix, and `discardResetLinks` finds an account's reset rows by
 * it. The token is 24 random characters, so an unsalted hash cannot be reversed by guessing.
 */
export async function storedResetIdentifier(identifier: string): Promise<string> {
  return `${STORED_PREFIX}${createHash("sha256").update(identifier).digest("base64url")}`;
}

/** Ends every reset link of an account: after one is used, an older one must not work. */
export async function discardResetLinks(db: Database | Transaction, userId: string): Promise<void> {
  await db
    .delete(verification)
    .where(
      and(
        or(like(verification.identifier, `${STORED_PREFIX}%`), like(verification.identifier, `${RESET_PREFIX}%`)),
        eq(verification.value, userId),
      ),
    );
}

/** A reset token of our own making, in Better Auth's form, for the 'choose your password' step. */
export async function createResetToken(db: Database, userId: string, now = new Date()): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await db.insert(verification).values({
    id: crypto.randomUUID(),
    identifier: await storedResetIdentifier(`${RESET_PREFIX}${token}`),
    value: userId,
    expiresAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MS),
  });
  return token;
}
