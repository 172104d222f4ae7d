import { and, desc, eq, gt, lt } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { authAttempts } from "~/lib/db/schema.server";

/** A sliding-window limit on one kind of attempt, kept in the database (shared by every instance). */
export type Limit = { bucket: string; max: number; windowMs: number };

export type LimitState = { limited: false } | { limited: true; retryAfterSeconds: number };

export async function checkLimit(db: Database, limit: Limit, now = new Date()): Promise<LimitState> {
  const since = new Date(now.getTime() - limit.windowMs);
  const recent = await db
    .select({ at: authAttempts.createdAt })
    .from(authAttempts)
    .where(and(eq(authAttempts.bucket, limit.bucket), gt(authAttempts.createdAt, since)))
    .orderBy(desc(authAttempts.createdAt))
    .limit(limit.max);
  const oldestCounted = recent[limit.max - 1];
  if (!oldestCounted) return { limited: false };
  // Free again once the max-th most recent attempt leaves the window.
  const retryAfterMs = oldestCounted.at.getTime() + limit.windowMs - now.getTime();
  return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
}

export async function recordAttempt(db: Database, limit: Limit, now = new Date()): Promise<void> {
  await db.insert(authAttempts).values({ bucket: limit.bucket, createdAt: now });
  await db
    .delete(authAttempts)
    .where(
      and(eq(authAttempts.bucket, limit.bucket), lt(authAttempts.createdAt, new Date(now.getTime() - limit.windowMs))),
    );
}

export async function clearAttempts(db: Database, bucket: string): Promise<void> {
  await db.delete(authAttempts).where(eq(authAttempts.bucket, bucket));
}

/** The most restrictive of several limits: the longest wait wins. */
export async function checkLimits(db: Database, limits: Limit[], now = new Date()): Promise<LimitState> {
  let worst: LimitState = { limited: false };
  for (const limit of limits) {
    const state = await checkLimit(db, limit, now);
    if (state.limited && (!worst.limited || state.retryAfterSeconds > worst.retryAfterSeconds)) worst = state;
  }
  return worst;
}
