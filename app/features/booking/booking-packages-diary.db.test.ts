import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookingPackages, bookingReminders, bookings } from "~/lib/db/schema.server";
import { addDays, weekdayOf, zonedDate, zonedInstant } from "~/lib/zoned-time";
import { readOutbox } from "../../../tests/support/outbox";
import { onPostgres } from "../../../tests/support/test-database";
import { createTestServices } from "../../../tests/support/test-services";
import { bookWithCredit } from "./book-with-credit.server";
import { bookingMessages } from "./booking-model";
import { bookingTestKit, daysBetweenDates, daysFromToday, MINUTE, openDay, request } from "./booking-test-kit";
import { cancelBooking } from "./cancel-booking.server";
import { listMySessions } from "./list-sessions.server";
import { blockTime, markAttendance, renderDiaryFeed, rotateFeedToken } from "./manage-diary.server";
import { rescheduleBooking } from "./reschedule-booking.server";
import { sendDueReminders } from "./send-due-reminders.server";
import { startBookingCheckout } from "./start-booking-checkout.server";

/** Booking (decision 032): packages and their credits, two instances, the practitioner's diary, reminders. */
const kit = bookingTestKit();
const { freshDay, client, bookAndPay } = kit;

describe("packages", () => {
  it("a Healing Journey books its first session and leaves one credit, spent once by racing tabs", async () => {
    const day = freshDay();
    const { account } = await bookAndPay(zonedInstant(day, "09:00"), "healing-journey", 8000);
    const mine = await listMySessions(kit.t.services, account.id);
    expect(mine.packages).toHaveLength(1);
    expect(mine.packages[0]).toMatchObject({ sessions: 2, remaining: 1, expired: false });
    const packageId = mine.packages[0]?.id ?? "";
    const later = addDays(day, 7);
    const tries = await Promise.allSettled(
      ["10:00", "14:00"].map((time) =>
        bookWithCredit(kit.t.services, account, {
          packageId,
          startsAt: zonedInstant(openDay(daysFromToday(later)), time),
          place: "distance",
          note: "",
          expressRequest: true,
        }),
      ),
    );
    expect(tries.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await listMySessions(kit.t.services, account.id)).packages[0]?.remaining).toBe(0);
    const [pack] = await kit.t.services.database.db
      .select()
      .from(bookingPackages)
      .where(eq(bookingPackages.id, packageId));
    expect(pack?.sessions).toBe(2);
  });
});

describe("the Transformation Journey's rules", () => {
  it("keeps its sessions a week apart and within six weeks, and shows its credits expired after", async () => {
    const day = freshDay();
    const { account } = await bookAndPay(zonedInstant(day, "16:30"), "transformation-journey", 14000);
    const [pack] = (await listMySessions(kit.t.services, account.id)).packages;
    expect(pack).toMatchObject({ sessions: 4, remaining: 3, expired: false });
    const packageId = pack?.id ?? "";
    const firstOpen = (from: string) => openDay(daysFromToday(from));
    const credit = (date: string, now?: Date) =>
      bookWithCredit(
        kit.t.services,
        account,
        { packageId, startsAt: zonedInstant(date, "16:30"), place: "distance", note: "", expressRequest: true },
        now,
      );
    // An open day less than a week after the first session: refused by the package's rule.
    let nearDay = addDays(day, 1);
    while (![2, 3, 4, 5, 6].includes(weekdayOf(nearDay))) nearDay = addDays(nearDay, 1);
    await expect(credit(nearDay)).rejects.toMatchObject({ message: bookingMessages.packageRule });
    // A week later (the same weekday): booked.
    await expect(credit(addDays(day, 7))).resolves.toMatchObject({ bookingId: expect.any(String) });
    // Past the six weeks, even when the diary is open that far (seen from three weeks on): refused.
    const later = new Date(zonedInstant(day, "12:00").getTime() + 21 * 86_400_000);
    await expect(credit(firstOpen(addDays(day, 43)), later)).rejects.toMatchObject({
      message: bookingMessages.packageRule,
    });
    const expiresAt = (
      await kit.t.services.database.db.select().from(bookingPackages).where(eq(bookingPackages.id, packageId))
    )[0]?.expiresAt as Date;
    expect(daysBetweenDates(day, zonedDate(expiresAt))).toBe(43);
    const afterwards = await listMySessions(kit.t.services, account.id, new Date(expiresAt.getTime() + MINUTE));
    expect(afterwards.packages[0]).toMatchObject({ remaining: 2, expired: true });
    kit.skipPast(addDays(day, 7));
  });
});

describe("two server instances on one PostgreSQL", () => {
  it.skipIf(!onPostgres())("give one slot to exactly one of the clients racing on both", async () => {
    const second = await createTestServices({}, { reuse: { dataDir: kit.t.dataDir, databaseUrl: kit.t.databaseUrl } });
    try {
      const startsAt = zonedInstant(freshDay(), "11:00");
      const accounts = await Promise.all(Array.from({ length: 10 }, () => client("instance")));
      const results = await Promise.allSettled(
        accounts.map((account, i) =>
          startBookingCheckout(i % 2 ? second.services : kit.t.services, account, request(startsAt)),
        ),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const live = await kit.t.services.database.db.select().from(bookings).where(eq(bookings.startsAt, startsAt));
      expect(live.filter((b) => b.status === "held")).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });
});

describe("the practitioner's diary", () => {
  it("a time blocked by hand cannot be booked; the buffer applies around it", async () => {
    const day = freshDay();
    await blockTime(kit.t.services, {
      startsAt: zonedInstant(day, "10:00"),
      endsAt: zonedInstant(day, "12:00"),
      note: "Dentist",
    });
    const someone = await client();
    for (const time of ["09:00", "10:30", "11:30"]) {
      await expect(
        startBookingCheckout(kit.t.services, someone, request(zonedInstant(day, time))),
      ).rejects.toMatchObject({
        code: "conflict",
      });
    }
    await expect(
      startBookingCheckout(kit.t.services, someone, request(zonedInstant(day, "12:30"))),
    ).resolves.toBeTruthy();
  });

  it("marks a confirmed session attended or a no-show once it has started, and nothing else", async () => {
    const day = freshDay();
    const kept = await bookAndPay(zonedInstant(day, "10:00"));
    const cancelled = await bookAndPay(zonedInstant(day, "13:00"));
    await cancelBooking(kit.t.services, { bookingId: cancelled.bookingId, by: "practitioner" });
    await expect(markAttendance(kit.t.services, kept.bookingId, "no_show")).rejects.toMatchObject({
      code: "conflict",
    });
    // Any time after the start, not only while it runs: three days later.
    await markAttendance(kit.t.services, kept.bookingId, "no_show", zonedInstant(addDays(day, 3), "09:00"));
    const [row] = await kit.t.services.database.db.select().from(bookings).where(eq(bookings.id, kept.bookingId));
    expect(row?.attendance).toBe("no_show");
    await expect(markAttendance(kit.t.services, cancelled.bookingId, "attended")).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("the calendar feed opens only with its current secret: replaced, the old one stops; revoked, none works", async () => {
    const day = freshDay();
    await bookAndPay(zonedInstant(day, "15:00"));
    const first = (await rotateFeedToken(kit.t.services)) as string;
    const feed = await renderDiaryFeed(kit.t.services, first);
    expect(feed).toContain("BEGIN:VCALENDAR");
    expect(feed).toContain("Test Client");
    // One character changed (never to itself: a token ending in "x" once made this test pass its own secret).
    expect(await renderDiaryFeed(kit.t.services, `${first.slice(0, -1)}${first.endsWith("x") ? "y" : "x"}`)).toBeNull();
    const second = (await rotateFeedToken(kit.t.services)) as string;
    expect(second).not.toBe(first);
    expect(await renderDiaryFeed(kit.t.services, first)).toBeNull();
    expect(await renderDiaryFeed(kit.t.services, second)).toContain("BEGIN:VCALENDAR");
    expect(await rotateFeedToken(kit.t.services, true)).toBeNull();
    expect(await renderDiaryFeed(kit.t.services, second)).toBeNull();
  });
});

describe("reminders", () => {
  it("a distance session's evening e-mail goes once across a restart, never when cancelled, never in person", async () => {
    const day = freshDay();
    const distance = await bookAndPay(zonedInstant(day, "10:00"), "one-on-one", 5000, "distance");
    const cancelled = await bookAndPay(zonedInstant(day, "12:00"), "one-on-one", 5000, "distance");
    const inPerson = await bookAndPay(zonedInstant(day, "14:00"));
    await cancelBooking(kit.t.services, { bookingId: cancelled.bookingId, by: "practitioner" });
    const evening = zonedInstant(addDays(day, -1), "18:00");
    const howItWorks = (email: string) =>
      readOutbox(kit.t.dataDir).filter((m) => m.to === email && /How your distance session works/.test(m.subject));

    await sendDueReminders(kit.t.services, new Date(evening.getTime() - MINUTE));
    expect(howItWorks(distance.account.email)).toHaveLength(0);
    const at = new Date(evening.getTime() + MINUTE);
    await Promise.all([sendDueReminders(kit.t.services, at), sendDueReminders(kit.t.services, at)]);
    const [mail] = howItWorks(distance.account.email);
    expect(howItWorks(distance.account.email)).toHaveLength(1);
    // The contact page's FAQ answer on distance healing, and the calendar file.
    expect(mail?.text).toContain("You rest somewhere comfortable at an agreed time");
    expect(mail?.text).toContain("filename=session.ics");

    await kit.t.stop();
    kit.t = await createTestServices({}, { reuse: { dataDir: kit.t.dataDir, databaseUrl: kit.t.databaseUrl } });
    await sendDueReminders(kit.t.services, new Date(evening.getTime() + 10 * MINUTE));
    expect(howItWorks(distance.account.email)).toHaveLength(1);
    expect(howItWorks(cancelled.account.email)).toHaveLength(0);
    expect(howItWorks(inPerson.account.email)).toHaveLength(0);
    // The in-person session has its 24-hour reminder only.
    const kinds = await kit.t.services.database.db
      .select({ kind: bookingReminders.kind })
      .from(bookingReminders)
      .where(eq(bookingReminders.bookingId, inPerson.bookingId));
    expect(kinds.map((k) => k.kind)).toEqual(["day_before"]);
  });

  it("a distance session's evening e-mail moves with a reschedule, and is dropped where it would crowd the 24-hour one", async () => {
    const day = freshDay();
    const { account, bookingId } = await bookAndPay(zonedInstant(day, "10:00"), "one-on-one", 5000, "distance");
    const schedule = async () =>
      Object.fromEntries(
        (
          await kit.t.services.database.db
            .select()
            .from(bookingReminders)
            .where(eq(bookingReminders.bookingId, bookingId))
        ).map((r) => [r.kind, r.dueAt.toISOString()]),
      );
    const evening = zonedInstant(addDays(day, -1), "18:00").toISOString();
    expect(await schedule()).toEqual({
      day_before: new Date(zonedInstant(day, "10:00").getTime() - 24 * 60 * MINUTE).toISOString(),
      distance_evening: evening,
    });
    // To 17:00: the 24-hour reminder comes at 17:00 the day before, an hour from 18:00: one e-mail only.
    await rescheduleBooking(kit.t.services, { bookingId, userId: account.id, startsAt: zonedInstant(day, "17:00") });
    expect(Object.keys(await schedule())).toEqual(["day_before"]);
    await rescheduleBooking(kit.t.services, { bookingId, userId: account.id, startsAt: zonedInstant(day, "11:00") });
    expect((await schedule()).distance_evening).toBe(evening);
  });

  it("are sent once across a restart, and never for a cancelled session", async () => {
    const day = freshDay();
    const kept = await bookAndPay(zonedInstant(day, "10:00"));
    const cancelled = await bookAndPay(zonedInstant(day, "13:00"));
    await cancelBooking(kit.t.services, { bookingId: cancelled.bookingId, by: "practitioner" });
    const due = new Date(zonedInstant(day, "10:00").getTime() - 23 * 60 * MINUTE);
    const count = (email: string) =>
      readOutbox(kit.t.dataDir).filter((m) => m.to === email && /Reminder/.test(m.subject)).length;
    await Promise.all([sendDueReminders(kit.t.services, due), sendDueReminders(kit.t.services, due)]);
    expect(count(kept.account.email)).toBe(1);

    // A restart: the same data folder and database, a new process's services.
    await kit.t.stop();
    kit.t = await createTestServices({}, { reuse: { dataDir: kit.t.dataDir, databaseUrl: kit.t.databaseUrl } });
    expect(await sendDueReminders(kit.t.services, due)).toBe(0);
    expect(count(kept.account.email)).toBe(1);
    expect(count(cancelled.account.email)).toBe(0);
  });
});
