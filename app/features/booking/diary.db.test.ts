import { eq } from "drizzle-orm";
import ical, { type VEvent } from "node-ical";
import { afterAll, describe, expect, it } from "vitest";
import { rememberSiteSettings } from "~/features/site-settings/get-site-settings.server";
import { DEFAULT_SITE_SETTINGS } from "~/features/site-settings/site-details";
import { bookings, diaryBookings, refunds } from "~/lib/db/schema.server";
import { sanitiseText } from "~/lib/sanitise-text";
import { addDays, weekdayOf, zonedDate, zonedInstant } from "~/lib/zoned-time";
import { asReadBack, HOSTILE_NOTES } from "../../../tests/support/hostile-calendar-text";
import { readOutbox } from "../../../tests/support/outbox";
import { arrangeDiary } from "./arrange-diary";
import { type BookForClientInput, bookForClient, markPaidOutside } from "./book-for-client.server";
import { bookingTestKit, request } from "./booking-test-kit";
import { cancelBooking } from "./cancel-booking.server";
import { diaryRange } from "./diary-range";
import { findClients } from "./find-clients.server";
import { listDiary } from "./list-diary.server";
import { listFreeTimes } from "./list-free-times.server";
import { blockTime, markAttendance, renderDiaryFeed, rotateFeedToken } from "./manage-diary.server";
import { rescheduleBooking } from "./reschedule-booking.server";
import { CALENDAR_NOTE_POINTER, sessionFacts } from "./send-booking-mail.server";
import { startBookingCheckout } from "./start-booking-checkout.server";

/** The practitioner's diary (decision 045): any range of dates, her own bookings, moves and cancellations. */
const kit = bookingTestKit();
const { freshDay, client, bookAndPay } = kit;

const open = (date: string) => {
  let d = date;
  while (![2, 3, 4, 5, 6].includes(weekdayOf(d))) d = addDays(d, 1);
  return d;
};

function phoned(clientId: string, startsAt: Date, more: Partial<BookForClientInput> = {}): BookForClientInput {
  return {
    clientId,
    serviceId: "one-on-one",
    place: "in_person",
    startsAt,
    note: "",
    payment: "unpaid",
    expressRequest: true,
    ...more,
  };
}

afterAll(() => rememberSiteSettings(DEFAULT_SITE_SETTINGS));

describe("the diary", () => {
  it("reads any range: last month, a month boundary, and weeks ahead, with blocks and holds", async () => {
    const services = kit.t.services;
    const admin = await client("admin");
    const someone = await client("phoned");
    const today = zonedDate(new Date());
    // A session that happened 40 days ago, booked (by phone) the day before it.
    const past = open(addDays(today, -40));
    const pastAt = zonedInstant(past, "10:00");
    await bookForClient(services, admin.id, phoned(someone.id, pastAt), new Date(pastAt.getTime() - 86_400_000));
    // Recorded afterwards, on a Sunday at 19:00 (outside her hours): no e-mail for what already happened.
    let sunday = addDays(today, -30);
    while (weekdayOf(sunday) !== 0) sunday = addDays(sunday, 1);
    const mailsBefore = readOutbox(kit.t.dataDir).filter((m) => m.to === someone.email).length;
    await bookForClient(
      services,
      admin.id,
      phoned(someone.id, zonedInstant(sunday, "19:00"), { expressRequest: false }),
    );
    expect(readOutbox(kit.t.dataDir).filter((m) => m.to === someone.email)).toHaveLength(mailsBefore);
    const ahead = open(addDays(today, 23));
    const { bookingId: aheadId } = await bookAndPay(zonedInstant(ahead, "11:00"));

    const pastMonth = await listDiary(services, diaryRange("month", past));
    expect(pastMonth.sessions.map((s) => s.startsAt)).toContain(pastAt.toISOString());
    const pastSession = pastMonth.sessions.find((s) => s.startsAt === pastAt.toISOString());
    expect(pastSession).toMatchObject({ started: true, direct: { paid: false }, client: { email: someone.email } });
    // A week that straddles two months holds the day wherever it falls.
    const week = await listDiary(services, diaryRange("week", ahead));
    expect(week.sessions.map((s) => s.id)).toContain(aheadId);
    // A client paying now holds a slot; her block shows on each day it touches.
    const payer = await client("payer");
    const { bookingId: holdId } = await startBookingCheckout(services, payer, request(zonedInstant(ahead, "14:00")));
    const away = await blockTime(services, {
      startsAt: zonedInstant(ahead, "17:00"),
      endsAt: zonedInstant(addDays(ahead, 1), "10:00"),
      note: "Away",
    });
    expect(away.alreadyBooked).toEqual([]);
    // A block over booked sessions (the paid one at 11:00, the one being paid for at 14:00) leaves them
    // booked, and names them for her.
    const overBooked = await blockTime(services, {
      startsAt: zonedInstant(ahead, "10:30"),
      endsAt: zonedInstant(ahead, "15:00"),
      note: "",
    });
    expect(overBooked.alreadyBooked.map((b) => b.startsAt.toISOString())).toEqual([
      zonedInstant(ahead, "11:00").toISOString(),
      zonedInstant(ahead, "14:00").toISOString(),
    ]);
    const twoDays = await listDiary(services, { from: ahead, to: addDays(ahead, 2) });
    expect(twoDays.holds.map((h) => h.id)).toEqual([holdId]);
    expect(twoDays.sessions.map((s) => s.id)).not.toContain(holdId);
    expect(twoDays.blocks.map((b) => b.note)).toEqual(["", "Away"]);
    const laidOut = arrangeDiary(diaryRange("week", ahead), twoDays, today);
    const isAway = (i: (typeof laidOut)[number]["items"][number]) => i.kind === "block" && i.note === "Away";
    const blockDays = laidOut.filter((d) => d.items.some(isAway));
    expect(blockDays.map((d) => d.items.find(isAway)?.time)).toEqual(["17:00-24:00", "00:00-10:00"]);
    const aheadMonth = await listDiary(services, diaryRange("month", ahead));
    expect(aheadMonth.sessions.map((s) => s.id)).toContain(aheadId);
    expect(aheadMonth.sessions.map((s) => s.id)).not.toContain(pastSession?.id);
    // More than six weeks is refused, not read whole.
    await expect(listDiary(services, { from: today, to: addDays(today, 60) })).rejects.toThrow(RangeError);
    // Yesterday's session is marked afterwards, any time after it started.
    await markAttendance(services, pastSession?.id ?? "", "attended");
    const [row] = await services.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, pastSession?.id ?? ""));
    expect(row?.attendance).toBe("attended");
  });

  it("finds a client by part of a name or e-mail, with LIKE's wildcards taken literally", async () => {
    const someone = await client("findme");
    expect((await findClients(kit.t.services, "findme-")).map((c) => c.id)).toContain(someone.id);
    expect(await findClients(kit.t.services, "%")).toEqual([]);
    expect(await findClients(kit.t.services, "__")).toEqual([]);
  });
});

describe("booking for a client who phoned", () => {
  it("books a free time with no money through the site, offers that time no more, and one of two racing wins", async () => {
    const services = kit.t.services;
    const admin = await client("admin");
    const a = await client("caller-a");
    const b = await client("caller-b");
    const day = freshDay();
    const at = zonedInstant(day, "14:00");
    expect((await listFreeTimes(services, { serviceId: "one-on-one", date: day })).map((s) => s.start)).toContainEqual(
      at,
    );
    const tries = await Promise.allSettled([
      bookForClient(services, admin.id, phoned(a.id, at)),
      bookForClient(services, admin.id, phoned(b.id, at, { payment: "paid_outside" })),
    ]);
    expect(tries.filter((t) => t.status === "fulfilled")).toHaveLength(1);
    expect(tries.find((t) => t.status === "rejected")).toMatchObject({ reason: { code: "conflict" } });
    const live = await kit.liveAt(at);
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ purchaseId: null, amountCents: 0, status: "confirmed" });
    expect(
      (await listFreeTimes(services, { serviceId: "one-on-one", date: day })).map((s) => s.start),
    ).not.toContainEqual(at);
    // The client has the usual confirmation, with what to pay.
    const email = live[0]?.userId === a.id ? a.email : b.email;
    const mail = readOutbox(kit.t.dataDir).find((m) => m.to === email && /is booked/.test(m.subject));
    expect(mail?.text).toMatch(/To pay|Paid/);
    // Not into a session someone else holds or has; not a package; not without the 14-day request.
    await expect(bookForClient(services, admin.id, phoned(a.id, zonedInstant(day, "14:30")))).rejects.toMatchObject({
      code: "conflict",
    });
    await expect(
      bookForClient(services, admin.id, phoned(a.id, zonedInstant(day, "16:00"), { serviceId: "healing-journey" })),
    ).rejects.toMatchObject({ code: "invalid_request" });
    await expect(
      bookForClient(services, admin.id, phoned(a.id, zonedInstant(day, "16:00"), { expressRequest: false })),
    ).rejects.toMatchObject({ code: "invalid_request" });
  });

  it("a cancellation applies the policy: her own booking refunds nothing through the site, a paid one in full, with her reason", async () => {
    const services = kit.t.services;
    const admin = await client("admin");
    const caller = await client("caller");
    const day = freshDay();
    const { bookingId: direct } = await bookForClient(
      services,
      admin.id,
      phoned(caller.id, zonedInstant(day, "10:00")),
    );
    await markPaidOutside(services, direct);
    await markPaidOutside(services, direct);
    const [paidRow] = await services.database.db
      .select()
      .from(diaryBookings)
      .where(eq(diaryBookings.bookingId, direct));
    expect(paidRow?.payment).toBe("paid_outside");
    const reason = "I am unwell; I will ring you to find a new time.";
    const first = await cancelBooking(services, { bookingId: direct, by: "practitioner", reason });
    expect(first).toMatchObject({ refundCents: 0, alreadyCancelled: false });
    expect(await services.database.db.select().from(refunds).where(eq(refunds.bookingId, direct))).toEqual([]);
    const told = readOutbox(kit.t.dataDir).find((m) => m.to === caller.email && /^Your session on/.test(m.subject));
    expect(told?.text).toContain(reason);
    expect(told?.text).toContain("she returns it to you in full");

    // The client cancelling one she arranged by phone, late: the site refunds nothing and says why.
    const { bookingId: theirs } = await bookForClient(
      services,
      admin.id,
      phoned(caller.id, zonedInstant(day, "12:30")),
    );
    const late = new Date(zonedInstant(day, "12:30").getTime() - 3_600_000);
    const own = await cancelBooking(services, { bookingId: theirs, by: "client", userId: caller.id }, late);
    expect(own).toMatchObject({ refundCents: 0, arrangedDirectly: true });
    expect(await services.database.db.select().from(refunds).where(eq(refunds.bookingId, theirs))).toEqual([]);
    const theirMail = readOutbox(kit.t.dataDir).filter(
      (m) => m.to === caller.email && /^Your session on/.test(m.subject),
    );
    expect(theirMail.at(-1)?.text).toContain("Nothing was paid through the website");

    // A session paid through the site: the ledger refunds it in full, once, however often she clicks.
    const { account, bookingId: paid } = await bookAndPay(zonedInstant(day, "15:00"), "one-on-one", 5000);
    const tries = await Promise.all(
      [1, 2, 3].map(() => cancelBooking(services, { bookingId: paid, by: "practitioner", reason: "Snowed in." })),
    );
    expect(tries.map((t) => t.refundCents)).toEqual([5000, 5000, 5000]);
    const rows = await services.database.db.select().from(refunds).where(eq(refunds.bookingId, paid));
    expect(rows.map((r) => r.amountCents)).toEqual([5000]);
    const apology = readOutbox(kit.t.dataDir).filter(
      (m) => m.to === account.email && /^Your session on/.test(m.subject),
    );
    expect(apology).toHaveLength(1);
    expect(apology[0]?.text).toContain("Snowed in.");
  });
});

describe("moving a session", () => {
  it("refuses a taken slot, moves to a free one within 24 hours, and never moves one that has started", async () => {
    const services = kit.t.services;
    const day = freshDay();
    const { bookingId: first, account } = await bookAndPay(zonedInstant(day, "10:00"));
    await bookAndPay(zonedInstant(day, "13:00"));
    await expect(
      rescheduleBooking(services, { bookingId: first, startsAt: zonedInstant(day, "13:00"), by: "practitioner" }),
    ).rejects.toMatchObject({ code: "conflict" });
    // The buffer around the other session counts too.
    await expect(
      rescheduleBooking(services, { bookingId: first, startsAt: zonedInstant(day, "12:00"), by: "practitioner" }),
    ).rejects.toMatchObject({ code: "conflict" });
    // Two hours before the start: a client could not move it, she can.
    const late = new Date(zonedInstant(day, "10:00").getTime() - 2 * 3_600_000);
    const moved = await rescheduleBooking(
      services,
      { bookingId: first, startsAt: zonedInstant(day, "15:00"), by: "practitioner" },
      late,
    );
    expect(moved).toEqual({ moved: true });
    expect(readOutbox(kit.t.dataDir).some((m) => m.to === account.email && /has moved/.test(m.subject))).toBe(true);
    await expect(
      rescheduleBooking(
        services,
        { bookingId: first, startsAt: zonedInstant(day, "16:30"), by: "practitioner" },
        zonedInstant(day, "15:05"),
      ),
    ).rejects.toMatchObject({ code: "conflict" });
    // Two sessions moved into one free time at once (two tabs): one moves, the other is refused.
    const next = freshDay();
    const a = await bookAndPay(zonedInstant(next, "09:00"));
    const b = await bookAndPay(zonedInstant(next, "12:00"));
    const racing = await Promise.allSettled(
      [a, b].map((x) =>
        rescheduleBooking(services, {
          bookingId: x.bookingId,
          startsAt: zonedInstant(next, "15:30"),
          by: "practitioner",
        }),
      ),
    );
    expect(racing.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await kit.liveAt(zonedInstant(next, "15:30"))).toHaveLength(1);
  });
});

describe("calendar text with hostile notes and her full address", () => {
  it("the feed and each session's .ics parse to exactly the real events, at 12 Abbey Street", async () => {
    rememberSiteSettings({ ...DEFAULT_SITE_SETTINGS, postalAddress: "12 Abbey Street, Bath BA1 1NN" });
    const services = kit.t.services;
    const admin = await client("admin");
    const hostile = await client("hostile");
    // Far from the other tests' days (the first test books and blocks weeks ahead).
    const day = open(addDays(zonedDate(new Date()), 120));
    const times = ["09:00", "10:30", "12:00", "13:30", "15:00", "16:30"];
    const ids: string[] = [];
    // As the booking page takes them: sanitised (NUL and angle brackets go), the rest kept.
    const notes = HOSTILE_NOTES.map(sanitiseText);
    for (const [i, note] of notes.entries()) {
      const startsAt = zonedInstant(addDays(day, i * 7), times[i] as string);
      ids.push((await bookForClient(services, admin.id, phoned(hostile.id, startsAt, { note }))).bookingId);
    }
    const token = (await rotateFeedToken(services)) as string;
    const feed = (await renderDiaryFeed(services, token)) as string;
    const events = Object.values(ical.sync.parseICS(feed)).filter((c) => c?.type === "VEVENT") as VEvent[];
    const host = new URL(services.env.PUBLIC_URL).host;
    const mine = events.filter((e) => ids.some((id) => e.uid === `${id}@${host}`));
    expect(mine).toHaveLength(HOSTILE_NOTES.length);
    // Every event in the feed is a real booking: nothing planted.
    const real = await services.database.db.select({ id: bookings.id }).from(bookings);
    for (const event of events) expect(real.map((r) => `${r.id}@${host}`)).toContain(event.uid);
    for (const [i, id] of ids.entries()) {
      const event = mine.find((e) => e.uid === `${id}@${host}`);
      // The note itself stays on the site (it may hold health details): the calendar says there is one.
      expect(String(event?.description)).toContain(CALENDAR_NOTE_POINTER);
      if ((notes[i] as string).trim().length > 3) {
        expect(String(event?.description)).not.toContain(asReadBack(notes[i] as string));
      }
      expect(event?.location).toBe("12 Abbey Street, Bath BA1 1NN");
      const [booking] = await services.database.db.select().from(bookings).where(eq(bookings.id, id));
      if (!booking) throw new Error("no booking");
      const own = Object.values(ical.sync.parseICS(sessionFacts(services, booking).ics)).filter(
        (c) => c?.type === "VEVENT",
      ) as VEvent[];
      expect(own.map((e) => e.uid)).toEqual([`${id}@${host}`]);
      expect(own[0]?.location).toBe("12 Abbey Street, Bath BA1 1NN");
    }
    const confirmation = readOutbox(kit.t.dataDir).find((m) => m.to === hostile.email && /is booked/.test(m.subject));
    expect(confirmation?.text).toContain("In person, 12 Abbey Street, Bath BA1 1NN");
  });
});
