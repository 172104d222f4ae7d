import { and, eq } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { account } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { releaseAttempt, reserveAttempt } from "./attempt-limiter.server";

export const WRONG_PASSWORD = "That is not your current password.";
export const NO_PASSWORD = "Please enter your current password.";

/**
 * Checks a signed-in person's current password before something that cannot be undone (a new
 * password, closing the account). Counted like sign-in (decision 043), in a bucket of the account's
 * own: a stolen session cannot be used to guess the password behind it.
 */
export async function checkPassword(services: AppServices, userId: string, password: string): Promise<void> {
  const { db } = services.database;
  // Nothing typed is not a guess: it is asked for, and counts against nothing.
  if (password === "") throw new AppError("invalid_request", NO_PASSWORD, "Password");
  const limit = {
    bucket: `password-check:${userId}`,
    max: services.env.AUTH_SIGNIN_MAX_PER_ACCOUNT,
    windowMs: services.env.AUTH_LIMIT_WINDOW_MINUTES * 60_000,
  };
  const reserved = await reserveAttempt(db, [limit]);
  if (!reserved.ok) {
    throw new AppError(
      "rate_limited",
      `Too many wrong passwords. Please try again in ${Math.ceil(reserved.retryAfterSeconds / 60)} minutes.`,
    );
  }
  const [row] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  const ctx = await services.auth.$context;
  if (!row?.hash || !(await ctx.password.verify({ hash: row.hash, password }))) {
    throw new AppError("invalid_request", WRONG_PASSWORD, "Wrong password");
  }
  await releaseAttempt(db, reserved.reservation);
}
