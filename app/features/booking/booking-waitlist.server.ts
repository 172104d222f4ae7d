/**
 * The waiting list (decision 047): a client waits for a fully booked day; when a time on it frees up
 * (a cancellation, a hold running out, new hours), the first in line is given a hold on it for a
 * while (`BOOKING_LIMITS.waitlistHoldMinutes`) and an e-mail, then the next once that hold lapses.
 * An offer is an ordinary `held` booking taken under the day's lock, so every check that keeps two
 * sessions apart already counts it; only its own client may book into it.
 */
import { and, asc, eq, gt, inArray, lt, lte, ne, or, sql } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { type CacheSpec, cacheUntilChanged } from "~/lib/db/cache-until-changed.server";
import type { Transaction } from "~/lib/db/client.server";
import { bookings, bookingWaitlist, user } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { isDate, zonedDate } from "~/lib/zoned-time";
import { waitlistOfferEmail } from "./booking-emails";
import { BOOKING_LIMITS, bookingMessages, findService, sessionShareCents } from "./booking-model";
import { listBusy, lockDays, readAvailability, releaseExpiredHolds } from "./booking-store.server";
import { bookingWindow, generateSlots } from "./generate-slots";
import { practiceSender } from "./send-booking-mail.server";

const MINUTE = 60_000;

/** Whether a day is open for this length of session and every time on it is taken (so one may wait). */
export async function isFullDay(services: AppServices, input: { minutes: number; day: string }, now = new Date()) {
  const { db } = services.database;
  const availability = await readAvailability(db);
  const open = generateSlots({ availability, date: input.day, minutes: input.minutes, busy: [], now });
  if (open.length === 0) return false;
  const busy = await listBusy(db, { from: input.day, to: input.day }, now);
  return generateSlots({ availability, date: input.day, minutes: input.minutes, busy, now }).length === 0;
}

/** Puts a client in the queue for a full day; asking twice keeps their first place. */
export async function joinWaitlist(
  services: AppServices,
  userId: string,
  input: { serviceId: string; day: string },
  now = new Date(),
): Promise<void> {
  const service = findService(input.serviceId);
  if (!service) throw new AppError("not_found", "Service not found");
  if (!isDate(input.day)) throw new AppError("invalid_request", "Please choose a day.");
  if (!(await isFullDay(services, { minutes: service.minutes, day: input.day }, now))) {
    throw new AppError("conflict", bookingMessages.waitlistDayHasTimes, "Booking");
  }
  await services.database.db
    .insert(bookingWaitlist)
    .values({
      id: crypto.randomUUID(),
      userId,
      serviceId: service.id as (typeof bookingWaitlist.$inferInsert)["serviceId"],
      day: input.day,
    })
    .onConflictDoNothing();
}

/** A client stops waiting for a day (an offer already made simply runs out). Idempotent. */
export async function leaveWaitlist(services: AppServices, userId: string, input: { serviceId: string; day: string }) {
  await services.database.db
    .update(bookingWaitlist)
    .set({ state: "left" })
    .where(
      and(
        eq(bookingWaitlist.userId, userId),
        eq(bookingWaitlist.serviceId, input.serviceId as (typeof bookingWaitlist.$inferInsert)["serviceId"]),
        eq(bookingWaitlist.day, input.day),
        eq(bookingWaitlist.state, "waiting"),
      ),
    );
}

/** The client's live places in the queue (waiting, or offered with the hold still running). */
export async function listMyWaits(services: AppServices, userId: string, now = new Date()) {
  const { db } = services.database;
  // The booking page asks on every visit: her places read once per change (decision 052); which are
  // still live (today on, an offer's hold not run out) is decided now.
  const rows = await cacheUntilChanged(db, MY_WAITS, userId, () =>
    db
      .select({
        id: bookingWaitlist.id,
        serviceId: bookingWaitlist.serviceId,
        day: bookingWaitlist.day,
        state: bookingWaitlist.state,
        bookingId: bookingWaitlist.bookingId,
        startsAt: bookings.startsAt,
        holdExpiresAt: bookings.holdExpiresAt,
        bookingStatus: bookings.status,
      })
      .from(bookingWaitlist)
      .leftJoin(bookings, eq(bookings.id, bookingWaitlist.bookingId))
      .where(and(eq(bookingWaitlist.userId, userId), inArray(bookingWaitlist.state, ["waiting", "offered"])))
      .orderBy(asc(bookingWaitlist.day)),
  );
  const today = zonedDate(now);
  return rows
    .filter(
      (row) =>
        row.day >= today &&
        (row.state === "waiting" ||
          (row.state === "offered" &&
            row.bookingStatus === "held" &&
            row.holdExpiresAt !== null &&
            row.holdExpiresAt > now)),
    )
    .map(({ bookingStatus: _status, ...row }) => row);
}

const MY_WAITS: CacheSpec = {
  name: "my-waits",
  tables: ["booking_waitlist", "bookings"],
  ttlMs: 5 * 60_000,
  maxEntries: 2_000,
};

/**
 * Inside a booking's transaction, after the day's lock: the client's own running offers on that day
 * are let go (so the time they hold is free for this very booking) and marked used. If the booking
 * then fails, the transaction rolls this back and the offer stands.
 */
export async function takeUpOwnOffers(tx: Transaction, userId: string, day: string, now: Date): Promise<void> {
  const offers = await tx
    .select({ id: bookingWaitlist.id, bookingId: bookings.id })
    .from(bookingWaitlist)
    .innerJoin(bookings, eq(bookings.id, bookingWaitlist.bookingId))
    .where(
      and(
        eq(bookingWaitlist.userId, userId),
        eq(bookingWaitlist.state, "offered"),
        eq(bookings.day, day),
        eq(bookings.status, "held"),
        gt(bookings.holdExpiresAt, now),
      ),
    );
  if (offers.length === 0) return;
  await tx
    .update(bookings)
    .set({ status: "released", holdExpiresAt: null })
    .where(
      inArray(
        bookings.id,
        offers.map((o) => o.bookingId),
      ),
    );
  await tx
    .update(bookingWaitlist)
    .set({ state: "booked" })
    .where(
      inArray(
        bookingWaitlist.id,
        offers.map((o) => o.id),
      ),
    );
}

type Offer = { entryId: string; bookingId: string; userId: string; serviceId: string; startsAt: Date; until: Date };

/**
 * Offers the free times of one day to the clients waiting for it, first come first served: each in
 * turn gets a hold on the first free time their session fits, until none is left. Under the day's
 * lock, so an offer and a booking of the same time cannot both succeed.
 */
export async function offerFreedTimes(services: AppServices, day: string, now = new Date()): Promise<Offer[]> {
  const offers = await services.database.db.transaction(async (tx) => {
    const waiting = await tx
      .select()
      .from(bookingWaitlist)
      .where(and(eq(bookingWaitlist.day, day), eq(bookingWaitlist.state, "waiting")))
      .orderBy(asc(bookingWaitlist.createdAt), asc(bookingWaitlist.id));
    if (waiting.length === 0) return [];
    await lockDays(tx, [day]);
    await releaseExpiredHolds(tx, [day], now);
    const availability = await readAvailability(tx);
    const busy = await listBusy(tx, { from: day, to: day }, now);
    const made: Offer[] = [];
    for (const entry of waiting) {
      const service = findService(entry.serviceId);
      if (!service) continue;
      // Re-read under the lock: another process may have offered this entry a moment ago.
      const [current] = await tx
        .select({ state: bookingWaitlist.state })
        .from(bookingWaitlist)
        .where(eq(bookingWaitlist.id, entry.id))
        .for("update");
      if (current?.state !== "waiting") continue;
      const [slot] = generateSlots({ availability, date: day, minutes: service.minutes, busy, now });
      if (!slot) continue;
      const bookingId = crypto.randomUUID();
      const until = new Date(now.getTime() + BOOKING_LIMITS.waitlistHoldMinutes * MINUTE);
      await tx.insert(bookings).values({
        id: bookingId,
        userId: entry.userId,
        serviceId: entry.serviceId,
        place: service.places[0] ?? "in_person",
        startsAt: slot.start,
        endsAt: slot.end,
        day,
        status: "held",
        holdExpiresAt: until,
        // No payment is open for an offer: the client pays (or uses a credit) when they take it up.
        purchaseId: crypto.randomUUID(),
        amountCents: sessionShareCents(service),
      });
      await tx
        .update(bookingWaitlist)
        .set({ state: "offered", bookingId, offeredAt: now })
        .where(eq(bookingWaitlist.id, entry.id));
      busy.push(slot);
      made.push({
        entryId: entry.id,
        bookingId,
        userId: entry.userId,
        serviceId: entry.serviceId,
        startsAt: slot.start,
        until,
      });
    }
    return made;
  });
  for (const offer of offers) await sendOffer(services, offer);
  return offers;
}

async function sendOffer(services: AppServices, offer: Offer): Promise<void> {
  try {
    const [client] = await services.database.db
      .select({ email: user.email, name: user.name })
      .from(user)
      .where(eq(user.id, offer.userId));
    const service = findService(offer.serviceId);
    if (!client || !service) return;
    const day = zonedDate(offer.startsAt);
    const url = `${services.env.PUBLIC_URL}/book/${service.id}?${new URLSearchParams({ day, start: offer.startsAt.toISOString() })}`;
    await services.mailer.send(
      waitlistOfferEmail(practiceSender(), client, {
        serviceTitle: service.title,
        startsAt: offer.startsAt,
        holdUntil: offer.until,
        bookUrl: url,
      }),
    );
  } catch (error) {
    services.logger.error({ err: error, bookingId: offer.bookingId }, "waiting-list e-mail failed");
  }
}

/**
 * The upkeep's step (run once across instances with the holds' expiry): offers whose hold ran out or
 * was let go lapse, places for days gone by lapse, and every day someone waits for is offered again,
 * so the next in line hears as soon as a time is free, whatever freed it.
 */
export async function advanceWaitlist(services: AppServices, now = new Date()): Promise<number> {
  const { db } = services.database;
  const today = zonedDate(now);
  const gone = db
    .select({ id: bookings.id })
    .from(bookings)
    .where(or(ne(bookings.status, "held"), lte(bookings.holdExpiresAt, now)));
  await db
    .update(bookingWaitlist)
    .set({ state: "lapsed" })
    .where(
      and(
        eq(bookingWaitlist.state, "offered"),
        or(sql`${bookingWaitlist.bookingId} is null`, inArray(bookingWaitlist.bookingId, gone)),
      ),
    );
  await db
    .update(bookingWaitlist)
    .set({ state: "lapsed" })
    .where(and(eq(bookingWaitlist.state, "waiting"), lt(bookingWaitlist.day, today)));
  const { last } = bookingWindow(await readAvailability(db), now);
  const days = await db
    .selectDistinct({ day: bookingWaitlist.day })
    .from(bookingWaitlist)
    .where(and(eq(bookingWaitlist.state, "waiting"), lte(bookingWaitlist.day, last)))
    .orderBy(asc(bookingWaitlist.day));
  let offered = 0;
  for (const { day } of days) offered += (await offerFreedTimes(services, day, now)).length;
  return offered;
}
