import { randomBytes, timingSafeEqual } from "node:crypto";
import { and, asc, eq, gt, gte, inArray, lt, or } from "drizzle-orm";
import { knownSiteSettings } from "~/features/site-settings/get-site-settings.server";
import { announcePublicChange } from "~/lib/announce-public-change.server";
import { AppError } from "~/lib/app-error";
import { bookingBlocks, bookingSettings, bookings, packageCredits, user } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { addDays, zonedDate } from "~/lib/zoned-time";
import { renderCalendar } from "./booking-ics";
import { bookingMessages } from "./booking-model";
import { lockDays, readAvailability, SETTINGS_ID, type StoredAvailability } from "./booking-store.server";
import type { Availability } from "./generate-slots";
import { calendarEvent } from "./send-booking-mail.server";

/**
 * Marks a confirmed session attended or a no-show, at any time once it has started (she marks the
 * day's sessions that evening, or last week's on Monday); never before, when nothing has happened yet.
 */
export async function markAttendance(
  services: AppServices,
  bookingId: string,
  attendance: "attended" | "no_show",
  now = new Date(),
) {
  await services.database.db.transaction(async (tx) => {
    const [booking] = await tx
      .select({ startsAt: bookings.startsAt })
      .from(bookings)
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, "confirmed")))
      .for("update");
    if (!booking) throw new AppError("not_found", bookingMessages.notFound);
    if (booking.startsAt > now) throw new AppError("conflict", bookingMessages.notStarted, "Diary");
    const [row] = await tx
      .update(bookings)
      .set({ attendance })
      .where(eq(bookings.id, bookingId))
      .returning({ id: bookings.id, creditId: bookings.creditId });
    // A package's session, once it has happened, has spent its credit: attended or missed.
    if (row?.creditId) {
      await tx
        .update(packageCredits)
        .set({ state: attendance === "attended" ? "attended" : "missed" })
        .where(
          and(eq(packageCredits.id, row.creditId), inArray(packageCredits.state, ["booked", "attended", "missed"])),
        );
    }
  });
}

/** Blocks a time by hand: no client can book into it. Every day it touches is locked, as a booking would. */
/**
 * Blocks a time off: no client can book in it from now on. Sessions already booked in it stay booked
 * (a block is not a cancellation); they are returned, so she is told which they are.
 */
export async function blockTime(
  services: AppServices,
  input: { startsAt: Date; endsAt: Date; note: string },
  now = new Date(),
): Promise<{ alreadyBooked: { startsAt: Date; serviceId: string }[] }> {
  if (input.endsAt <= input.startsAt) throw new AppError("invalid_request", "The end must be after the start.");
  const days: string[] = [];
  for (let d = zonedDate(input.startsAt); d <= zonedDate(input.endsAt) && days.length < 400; d = addDays(d, 1)) {
    days.push(d);
  }
  return services.database.db.transaction(async (tx) => {
    await lockDays(tx, days);
    await tx.insert(bookingBlocks).values({ id: crypto.randomUUID(), ...input });
    const alreadyBooked = await tx
      .select({ startsAt: bookings.startsAt, serviceId: bookings.serviceId })
      .from(bookings)
      .where(
        and(
          // A hold counts while it runs (a client paying now); one run out is nobody's booking.
          or(eq(bookings.status, "confirmed"), and(eq(bookings.status, "held"), gt(bookings.holdExpiresAt, now))),
          lt(bookings.startsAt, input.endsAt),
          gt(bookings.endsAt, input.startsAt),
        ),
      )
      .orderBy(asc(bookings.startsAt));
    return { alreadyBooked };
  });
}

export async function removeBlock(services: AppServices, blockId: string) {
  await services.database.db.delete(bookingBlocks).where(eq(bookingBlocks.id, blockId));
}

export async function listBlocks(services: AppServices, from: Date) {
  return services.database.db
    .select()
    .from(bookingBlocks)
    .where(gte(bookingBlocks.endsAt, from))
    .orderBy(asc(bookingBlocks.startsAt))
    .limit(100);
}

async function upsertSettings(services: AppServices, values: Partial<StoredAvailability>) {
  const current = await readAvailability(services.database.db);
  const next = { ...current, ...values };
  await services.database.db
    .insert(bookingSettings)
    .values({ id: SETTINGS_ID, ...next })
    .onConflictDoUpdate({ target: bookingSettings.id, set: next });
}

export async function saveAvailability(services: AppServices, availability: Availability) {
  await upsertSettings(services, availability);
  // The footer, /contact and the JSON-LD show these hours (decision 047): cached pages on every instance go.
  announcePublicChange(services);
}

/** A new secret feed address (the old one stops working), or none at all. */
export async function rotateFeedToken(services: AppServices, revoke = false): Promise<string | null> {
  const token = revoke ? null : randomBytes(24).toString("base64url");
  await upsertSettings(services, { feedToken: token });
  return token;
}

/** The private calendar feed, only for its current secret: coming and recent sessions with the client's name. */
export async function renderDiaryFeed(services: AppServices, token: string, now = new Date()): Promise<string | null> {
  const { feedToken } = await readAvailability(services.database.db);
  if (!feedToken || !safeEqual(feedToken, token)) return null;
  const rows = await services.database.db
    .select({ booking: bookings, name: user.name })
    .from(bookings)
    .innerJoin(user, eq(user.id, bookings.userId))
    .where(
      and(
        inArray(bookings.status, ["confirmed", "cancelled"]),
        gte(bookings.startsAt, new Date(now.getTime() - 30 * 86_400_000)),
        lt(bookings.startsAt, new Date(now.getTime() + 400 * 86_400_000)),
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .limit(2000);
  return renderCalendar(
    rows.map((row) => calendarEvent(services, row.booking, { client: row.name })),
    { name: `${knownSiteSettings().businessName} diary`, now },
  );
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
