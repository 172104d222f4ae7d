import { randomBytes } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db/client.server";
import { verification } from "~/lib/db/schema.server";

/** Better Auth keeps a reset link as a verification row `reset-password:<token>` whose value is the user id. */
const RESET_PREFIX = "reset-password:";
const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;

/** Ends every reset link of an account: after one is used, an older one must not work. */
export async function discardResetLinks(db: Database | Transaction, userId: string): Promise<void> {
  await db
    .delete(verification)
    .where(and(like(verification.identifier, `${RESET_PREFIX}%`), eq(verification.value, userId)));
}

/** A reset token of our own making, in Better Auth's form, for the 'choose your password' step. */
export async function createResetToken(db: Database, userId: string, now = new Date()): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await db.insert(verification).values({
    id: crypto.randomUUID(),
    identifier: `${RESET_PREFIX}${token}`,
    value: userId,
    expiresAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MS),
  });
  return token;
}
