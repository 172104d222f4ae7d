import { and, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db/client.server";
import { authAttempts } from "~/lib/db/schema.server";

/** A sliding-window limit on one kind of attempt, kept in the database (shared by every instance). */
export type Limit = { bucket: string; max: number; windowMs: number };

export type LimitState = { limited: false } | { limited: true; retryAfterSeconds: number };

/** The attempts one `reserveAttempt` counted, to be given back when the attempt turns out not to be a failure. */
export type Reservation = { ids: number[] };

export type ReserveResult = { ok: true; reservation: Reservation } | { ok: false; retryAfterSeconds: number };

export async function checkLimit(db: Database, limit: Limit, now = new Date()): Promise<LimitState> {
  const retryAfterSeconds = await secondsUntilBucketFree(db, limit, now);
  return retryAfterSeconds === null ? { limited: false } : { limited: true, retryAfterSeconds };
}

/** How long until the bucket has room again, or null when it has room now (fewer than max attempts in the window). */
async function secondsUntilBucketFree(db: Database | Transaction, limit: Limit, now: Date): Promise<number | null> {
  const since = new Date(now.getTime() - limit.windowMs);
  const recent = await db
    .select({ at: authAttempts.createdAt })
    .from(authAttempts)
    .where(and(eq(authAttempts.bucket, limit.bucket), gt(authAttempts.createdAt, since)))
    .orderBy(desc(authAttempts.createdAt))
    .limit(limit.max);
  const oldestCounted = recent[limit.max - 1];
  return oldestCounted ? secondsUntilFree(oldestCounted.at, limit, now) : null;
}

/** Forgets the bucket's attempts that have left its window. */
async function pruneExpired(db: Database | Transaction, limit: Limit, now: Date): Promise<void> {
  await db
    .delete(authAttempts)
    .where(
      and(eq(authAttempts.bucket, limit.bucket), lt(authAttempts.createdAt, new Date(now.getTime() - limit.windowMs))),
    );
}

// Free again once the max-th most recent attempt leaves the window.
function secondsUntilFree(oldestCounted: Date, limit: Limit, now: Date): number {
  const retryAfterMs = oldestCounted.getTime() + limit.windowMs - now.getTime();
  return Math.max(1, Math.ceil(retryAfterMs / 1000));
}

/**
 * Counts an attempt in every bucket before it is made, or refuses it when any bucket is full.
 * Check and count are one step: each bucket is locked (a transaction-scoped advisory lock, taken in
 * a fixed order so two attempts cannot deadlock) while it is counted and written, so forty attempts
 * sent at once are forty attempts, not forty first attempts. A full bucket refuses without counting.
 * `checkOnly` buckets refuse when full but the attempt is not written to them.
 */
export async function reserveAttempt(
  db: Database,
  limits: Limit[],
  now = new Date(),
  checkOnly: Limit[] = [],
): Promise<ReserveResult> {
  const ordered = [...limits].sort((a, b) => a.bucket.localeCompare(b.bucket));
  const checked = [...limits, ...checkOnly].sort((a, b) => a.bucket.localeCompare(b.bucket));
  return db.transaction(async (tx) => {
    let retryAfterSeconds = 0;
    for (const limit of checked) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${limit.bucket}, 0))`);
      const wait = await secondsUntilBucketFree(tx, limit, now);
      if (wait !== null) retryAfterSeconds = Math.max(retryAfterSeconds, wait);
    }
    if (retryAfterSeconds > 0) return { ok: false, retryAfterSeconds };
    const rows = await tx
      .insert(authAttempts)
      .values(ordered.map((limit) => ({ bucket: limit.bucket, createdAt: now })))
      .returning({ id: authAttempts.id });
    for (const limit of ordered) await pruneExpired(tx, limit, now);
    return { ok: true, reservation: { ids: rows.map((r) => r.id) } };
  });
}

/** Gives a reserved attempt back (it succeeded, or never reached the password check). */
export async function releaseAttempt(db: Database, reservation: Reservation): Promise<void> {
  if (reservation.ids.length === 0) return;
  await db.delete(authAttempts).where(inArray(authAttempts.id, reservation.ids));
}

export async function recordAttempt(db: Database, limit: Limit, now = new Date()): Promise<void> {
  await db.insert(authAttempts).values({ bucket: limit.bucket, createdAt: now });
  await pruneExpired(db, limit, now);
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
