/**
 * The database side of booking's one rule, no overlapping sessions: the day locks, what is taken on
 * a day, and the availability as the practitioner set it. Only `tx` of the caller's transaction is used.
 */
import { and, asc, eq, gt, inArray, lt, lte, notInArray, or, sql } from "drizzle-orm";
import { type CacheSpec, cacheUntilChanged } from "~/lib/db/cache-until-changed.server";
import type { Database, Transaction } from "~/lib/db/client.server";
import { bookingBlocks, bookingDays, bookingSettings, bookings } from "~/lib/db/schema.server";
import { addDays, zonedInstant } from "~/lib/zoned-time";
import type { Availability, Interval } from "./generate-slots";
import { getPracticeDefaults } from "./practice-defaults";

export const SETTINGS_ID = "practice";

/**
 * Takes the lock rows of these London days, in date order (so two writers needing two days never
 * deadlock), held until the transaction ends. Works the same on PGlite and PostgreSQL, and across
 * server instances sharing one PostgreSQL.
 */
export async function lockDays(tx: Transaction, days: string[]): Promise<void> {
  const sorted = [...new Set(days)].sort();
  await tx
    .insert(bookingDays)
    .values(sorted.map((day) => ({ day })))
    .onConflictDoNothing();
  await tx
    .select()
    .from(bookingDays)
    .where(inArray(bookingDays.day, sorted))
    .orderBy(asc(bookingDays.day))
    .for("update");
}

/** Holds of these days whose time ran out are let go (inside the day lock, before anything new is held). */
export async function releaseExpiredHolds(tx: Transaction, days: string[], now: Date): Promise<void> {
  await tx
    .update(bookings)
    .set({ status: "released", holdExpiresAt: null })
    .where(and(inArray(bookings.day, days), eq(bookings.status, "held"), lte(bookings.holdExpiresAt, now)));
}

/**
 * What is taken between two London dates (inclusive): confirmed sessions, holds still running, and
 * the practitioner's blocks; `except` leaves bookings out (the one being confirmed or moved, or the
 * client's own waiting-list hold, which is free for them alone).
 */
export async function listBusy(
  db: Database | Transaction,
  range: { from: string; to: string },
  now: Date,
  except?: string | readonly string[],
): Promise<Interval[]> {
  const left = except === undefined ? [] : typeof except === "string" ? [except] : [...except].sort();
  const kept = await cacheUntilChanged(db, BUSY, `${range.from} ${range.to} ${left.join(",")}`, () =>
    readBusy(db, range, left),
  );
  // A hold counts until it runs out, decided now rather than when the times were read.
  return kept.flatMap(({ start, end, holdExpiresAt }) =>
    holdExpiresAt && holdExpiresAt <= now ? [] : [{ start, end }],
  );
}

/**
 * The booking page's busy times, read once per change of the bookings or blocked times (decision 052):
 * every visit to a booking page read them (issue 23). Inside a transaction (`tx`), always read.
 */
const BUSY: CacheSpec = { name: "busy-times", tables: ["bookings", "booking_blocks"], ttlMs: 60_000, maxEntries: 500 };

async function readBusy(
  db: Database | Transaction,
  range: { from: string; to: string },
  left: readonly string[],
): Promise<(Interval & { holdExpiresAt: Date | null })[]> {
  const taken = await db
    .select({
      start: bookings.startsAt,
      end: bookings.endsAt,
      holdExpiresAt: sql<Date | null>`case when ${bookings.status} = 'held' then ${bookings.holdExpiresAt} end`.mapWith(
        bookings.holdExpiresAt,
      ),
    })
    .from(bookings)
    .where(
      and(
        // A day before and after: a neighbour's buffer may reach across midnight.
        sql`${bookings.day} between ${addDays(range.from, -1)} and ${addDays(range.to, 1)}`,
        or(eq(bookings.status, "confirmed"), eq(bookings.status, "held")),
        left.length ? notInArray(bookings.id, [...left]) : undefined,
      ),
    );
  const from = zonedInstant(addDays(range.from, -1), "00:00");
  const to = zonedInstant(addDays(range.to, 2), "00:00");
  const blocks = await db
    .select({ start: bookingBlocks.startsAt, end: bookingBlocks.endsAt })
    .from(bookingBlocks)
    .where(and(lt(bookingBlocks.startsAt, to), gt(bookingBlocks.endsAt, from)));
  return [...taken, ...blocks.map((block) => ({ ...block, holdExpiresAt: null }))];
}

export type StoredAvailability = Availability & { feedToken: string | null };

/** The availability the practitioner set, or the practice defaults (decision 032). */
export function readAvailability(db: Database | Transaction): Promise<StoredAvailability> {
  return cacheUntilChanged(db, AVAILABILITY, "", () => readStoredAvailability(db));
}

/** Read on every booking page; kept until she changes it (decision 052). */
const AVAILABILITY: CacheSpec = {
  name: "availability",
  tables: ["booking_settings", "site_settings"],
  ttlMs: 5 * 60_000,
  maxEntries: 1,
};

async function readStoredAvailability(db: Database | Transaction): Promise<StoredAvailability> {
  const [row] = await db.select().from(bookingSettings).where(eq(bookingSettings.id, SETTINGS_ID));
  if (row) {
    return {
      weekly: row.weekly,
      exceptions: row.exceptions,
      bufferMinutes: row.bufferMinutes,
      noticeHours: row.noticeHours,
      horizonDays: row.horizonDays,
      feedToken: row.feedToken,
    };
  }
  return {
    weekly: getPracticeDefaults().weekly,
    exceptions: [],
    bufferMinutes: 15,
    noticeHours: 24,
    horizonDays: 60,
    feedToken: null,
  };
}
