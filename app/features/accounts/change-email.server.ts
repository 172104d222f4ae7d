import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, like, ne } from "drizzle-orm";
import { sellerDetails } from "~/features/site-settings/seller-details.server";
import { AppError } from "~/lib/app-error";
import { subscribers, user, verification } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { confirmNewEmailEmail, emailChangedEmail } from "./account-emails";
import { reserveAttempt } from "./attempt-limiter.server";
import { authLimits } from "./auth-limits.server";

/**
 * A change of e-mail is a link sent to the NEW address; only opening it moves the account, and the
 * old address is then told. The link's token is stored hashed (as reset links are, decision 038),
 * under the account's id so closing the account or a newer request ends it.
 */
const PREFIX = "change-email:";
const LIFETIME_MS = 24 * 60 * 60 * 1000;
const digest = (token: string) => createHash("sha256").update(token).digest("base64url");

export const emailChangeMessages = {
  same: "That is already your e-mail address.",
  sent: (email: string) =>
    `We sent a link to ${email}. Open it to confirm your new address; until then nothing changes.`,
  invalid: "This link has expired or has already been used. Please ask for a new one from your account page.",
  taken: "Another account uses that address now, so yours was not changed.",
} as const;

export async function requestEmailChange(
  services: AppServices,
  who: { id: string; email: string; name: string },
  newEmail: string,
  now = new Date(),
): Promise<void> {
  if (newEmail === who.email) throw new AppError("invalid_request", emailChangeMessages.same);
  const { db } = services.database;
  const reserved = await reserveAttempt(db, [authLimits(services.env).emailsTo(newEmail)], now);
  if (!reserved.ok) {
    throw new AppError("rate_limited", "Too many e-mails to that address. Please try again later.");
  }
  await db.delete(verification).where(like(verification.identifier, `${PREFIX}${who.id}:%`));
  // An address another account has gets no link, and she is told the same as for any other, so the
  // page cannot be used to find out who has an account.
  const [other] = await db.select({ id: user.id }).from(user).where(eq(user.email, newEmail));
  if (other) return;
  const token = randomBytes(24).toString("base64url");
  await db.insert(verification).values({
    id: crypto.randomUUID(),
    identifier: `${PREFIX}${who.id}:${digest(token)}`,
    value: newEmail,
    expiresAt: new Date(now.getTime() + LIFETIME_MS),
  });
  const url = `${services.env.PUBLIC_URL}/account/confirm-email?token=${token}`;
  await services.mailer.send(confirmNewEmailEmail(await sellerDetails(db), newEmail, who.name, url));
}

/** Opens a change link: single use, within its day. Answers the new address. */
export async function confirmEmailChange(services: AppServices, token: string, now = new Date()): Promise<string> {
  const { db } = services.database;
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) throw new AppError("invalid_request", emailChangeMessages.invalid);
  // base64url has `_`, which LIKE reads as any one character.
  const stored = digest(token).replace(/_/g, "\\_");
  const changed = await db
    .transaction(async (tx) => {
      const [link] = await tx
        .delete(verification)
        .where(and(like(verification.identifier, `${PREFIX}%:${stored}`), gt(verification.expiresAt, now)))
        .returning();
      if (!link) throw new AppError("invalid_request", emailChangeMessages.invalid);
      const userId = link.identifier.slice(PREFIX.length).split(":")[0] ?? "";
      const newEmail = link.value;
      const [taken] = await tx
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.email, newEmail), ne(user.id, userId)));
      if (taken) throw new AppError("conflict", emailChangeMessages.taken);
      const [before] = await tx.select().from(user).where(eq(user.id, userId)).for("update");
      if (!before) throw new AppError("invalid_request", emailChangeMessages.invalid);
      await tx.update(user).set({ email: newEmail, emailVerified: true }).where(eq(user.id, userId));
      // The membership row is keyed by the address it was bought with (spec §3): it follows her.
      const [held] = await tx
        .select({ email: subscribers.email })
        .from(subscribers)
        .where(eq(subscribers.email, newEmail));
      if (!held) await tx.update(subscribers).set({ email: newEmail }).where(eq(subscribers.userId, userId));
      return { oldEmail: before.email, name: before.name, newEmail };
    })
    .catch((error: unknown) => {
      // A sign-up that took the address after the check above: the unique index says so.
      if ((error as { code?: unknown; cause?: { code?: unknown } }).code === "23505") {
        throw new AppError("conflict", emailChangeMessages.taken);
      }
      if ((error as { cause?: { code?: unknown } }).cause?.code === "23505") {
        throw new AppError("conflict", emailChangeMessages.taken);
      }
      throw error;
    });
  try {
    await services.mailer.send(
      emailChangedEmail(await sellerDetails(db), changed.oldEmail, changed.name, changed.newEmail),
    );
  } catch (error) {
    services.logger.warn({ err: error }, "e-mail-changed notice not sent");
  }
  return changed.newEmail;
}
