import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, bookingWaitlist } from "~/lib/db/schema.server";
import { addDays, zonedInstant } from "~/lib/zoned-time";
import { readOutbox } from "../../../tests/support/outbox";
import { findService } from "./booking-model";
import { bookingTestKit, MINUTE, request } from "./booking-test-kit";
import { advanceWaitlist, joinWaitlist, leaveWaitlist, offerFreedTimes } from "./booking-waitlist.server";
import { cancelBooking } from "./cancel-booking.server";
import { expireBookingHolds } from "./expire-booking-holds.server";
import { getBookingCalendar } from "./get-booking-calendar.server";
import { blockTime } from "./manage-diary.server";
import { startBookingCheckout } from "./start-booking-checkout.server";

const kit = bookingTestKit();
const { freshDay, client, bookAndPay, liveAt } = kit;

/**
 * A day whose only one-hour time is 12:00 (blocks before and after, with the 15-minute buffer), booked
 * and paid: full for a one-hour session.
 */
async function fullDay() {
  const day = freshDay();
  await blockTime(kit.t.services, {
    startsAt: zonedInstant(day, "09:00"),
    endsAt: zonedInstant(day, "11:30"),
    note: "",
  });
  await blockTime(kit.t.services, {
    startsAt: zonedInstant(day, "13:30"),
    endsAt: zonedInstant(day, "18:00"),
    note: "",
  });
  const noon = zonedInstant(day, "12:00");
  const { bookingId } = await bookAndPay(noon);
  return { day, noon, bookingId };
}

const entryOf = async (userId: string, day: string) =>
  (await kit.t.services.database.db.select().from(bookingWaitlist).where(eq(bookingWaitlist.userId, userId))).find(
    (e) => e.day === day,
  );
const offersTo = (email: string) =>
  readOutbox(kit.t.dataDir).filter((m) => m.to === email && /A time has come free/.test(m.subject));

describe("the waiting list", () => {
  it("offers a freed time to the first in line, holds it against everyone else, then passes it on when the hold runs out", async () => {
    const { day, noon, bookingId } = await fullDay();
    // One who joined first and left: passed over.
    const quitter = await client("quitter");
    await joinWaitlist(kit.t.services, quitter.id, { serviceId: "one-on-one", day });
    await leaveWaitlist(kit.t.services, quitter.id, { serviceId: "one-on-one", day });
    const first = await client("first");
    const second = await client("second");
    const other = await client("other");
    await joinWaitlist(kit.t.services, first.id, { serviceId: "one-on-one", day });
    await joinWaitlist(kit.t.services, second.id, { serviceId: "one-on-one", day });
    // Two joins a moment apart can share a clock tick (the embedded database's clock is coarse under
    // load), and then their order is a coin toss: the second is made a second later, as she would be.
    await kit.t.services.database.db
      .update(bookingWaitlist)
      .set({ createdAt: sql`${bookingWaitlist.createdAt} + interval '1 second'` })
      .where(eq(bookingWaitlist.userId, second.id));
    // Asking twice keeps one place; a day with free times has no waiting list.
    await joinWaitlist(kit.t.services, first.id, { serviceId: "one-on-one", day });
    await expect(
      joinWaitlist(kit.t.services, first.id, { serviceId: "one-on-one", day: freshDay() }),
    ).rejects.toMatchObject({ code: "conflict" });

    await cancelBooking(kit.t.services, { bookingId, by: "practitioner" });
    expect((await entryOf(quitter.id, day))?.state).toBe("left");
    const offered = await entryOf(first.id, day);
    expect(offered?.state).toBe("offered");
    expect((await entryOf(second.id, day))?.state).toBe("waiting");
    const [hold] = await kit.t.services.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, offered?.bookingId as string));
    expect(hold).toMatchObject({ userId: first.id, status: "held", startsAt: noon });
    expect((hold?.holdExpiresAt?.getTime() ?? 0) - Date.now()).toBeGreaterThan(119 * MINUTE);
    expect(offersTo(first.email)).toHaveLength(1);
    expect(offersTo(first.email)[0]?.text).toContain(`/book/one-on-one?day=${day}`);

    // Nobody else can take the held time, not even the next in line.
    for (const account of [other, second]) {
      await expect(startBookingCheckout(kit.t.services, account, request(noon))).rejects.toMatchObject({
        code: "conflict",
      });
    }
    expect(await liveAt(noon)).toHaveLength(1);

    // Two hours on, the upkeep lets the hold go and the next in line is offered the time.
    const later = new Date(Date.now() + 121 * MINUTE);
    await expireBookingHolds(kit.t.services, later);
    expect((await entryOf(first.id, day))?.state).toBe("lapsed");
    expect((await entryOf(second.id, day))?.state).toBe("offered");
    expect(offersTo(second.email)).toHaveLength(1);
    // Running the upkeep again changes nothing.
    await advanceWaitlist(kit.t.services, later);
    expect(offersTo(second.email)).toHaveLength(1);

    // The second client takes it up: a payment hold of their own replaces the offer.
    const taken = await startBookingCheckout(kit.t.services, second, request(noon), new Date(later.getTime() + MINUTE));
    expect((await entryOf(second.id, day))?.state).toBe("booked");
    const live = await liveAt(noon);
    expect(live.map((b) => b.id)).toEqual([taken.bookingId]);
  });

  it("a freed time goes either to the waiting client or to a racing booking, never both", async () => {
    for (let round = 0; round < 3; round++) {
      const { day, noon, bookingId } = await fullDay();
      const waiter = await client("waiter");
      const racer = await client("racer");
      await cancelBooking(kit.t.services, { bookingId, by: "practitioner" });
      // The waiter joined as the cancellation happened (not offered yet); the racer books at that moment.
      await kit.t.services.database.db
        .insert(bookingWaitlist)
        .values({ id: crypto.randomUUID(), userId: waiter.id, serviceId: "one-on-one", day });
      const [offers, booked] = await Promise.allSettled([
        offerFreedTimes(kit.t.services, day),
        startBookingCheckout(kit.t.services, racer, request(noon)),
      ]);
      expect(offers.status).toBe("fulfilled");
      const live = await liveAt(noon);
      expect(live).toHaveLength(1);
      const offered = offers.status === "fulfilled" ? offers.value.length : 0;
      expect(offered + (booked.status === "fulfilled" ? 1 : 0)).toBe(1);
    }
  });
});

describe("the booking calendar", () => {
  it("ends a package's calendar at its expiry, and shows a full day as one to wait for", async () => {
    const service = findService("one-on-one");
    if (!service) throw new Error("no service");
    const { day } = await fullDay();
    const expiry = zonedInstant(addDays(day, 3), "12:00");
    const pack = await getBookingCalendar(kit.t.services, { service, day: addDays(day, 3), until: expiry });
    expect(pack.days.at(-1)?.date).toBe(addDays(day, 3));
    expect(pack.slots.every((slot) => new Date(slot.start) < expiry)).toBe(true);
    const open = await getBookingCalendar(kit.t.services, { service, day });
    expect(open.days.find((d) => d.date === day)).toMatchObject({ free: 0, full: true });
    expect(open.selectedFull).toBe(true);
  });
});
