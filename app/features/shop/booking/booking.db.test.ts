import { eq } from "drizzle-orm";
import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "~/lib/app-error";
import { bookingPackages, bookingReminders, bookings, purchases, refunds, user } from "~/lib/db/schema.server";
import { readOutbox } from "../../../../tests/support/outbox";
import { onPostgres } from "../../../../tests/support/test-database";
import { createTestServices } from "../../../../tests/support/test-services";
import { applyPaymentEvent } from "../apply-payment-event.server";
import { bookWithCredit } from "./book-with-credit.server";
import { bookingLineId, bookingMessages } from "./booking-model";
import { cancelBooking } from "./cancel-booking.server";
import { getMySession, listMySessions } from "./list-sessions.server";
import { blockTime, markAttendance, renderDiaryFeed, rotateFeedToken } from "./manage-diary.server";
import { rescheduleBooking } from "./reschedule-booking.server";
import { sendDueReminders } from "./send-due-reminders.server";
import { startBookingCheckout } from "./start-booking-checkout.server";
import { addDays, weekdayOf, zonedDate, zonedInstant } from "./zoned-time";

let t: Awaited<ReturnType<typeof createTestServices>>;
beforeAll(async () => {
  t = await createTestServices();
});
afterAll(() => t?.cleanup());

/** An open day (Tuesday-Saturday) at least `ahead` days from today, London date. */
function openDay(ahead: number): string {
  let date = addDays(zonedDate(new Date()), ahead);
  while (![2, 3, 4, 5, 6].includes(weekdayOf(date))) date = addDays(date, 1);
  return date;
}
const MINUTE = 60_000;
let lastDay = openDay(2);
/** A fresh open day for each test, so tests never share a slot. */
function freshDay(): string {
  lastDay = openDay(daysFromToday(lastDay) + 1);
  return lastDay;
}

const request = (startsAt: Date, serviceId = "one-on-one", place: "in_person" | "distance" = "in_person") => ({
  serviceId,
  startsAt,
  place,
  note: "",
  expressRequest: true,
});

/** A client's account row (booking needs no password or session here: routes are tested elsewhere). */
async function client(label = "client") {
  const id = crypto.randomUUID();
  const email = `${label}-${id.slice(0, 8)}@example.com`;
  await t.services.database.db.insert(user).values({ id, name: "Test Client", email, emailVerified: true });
  return { id, email };
}

/** The payment for a booking's checkout arriving, as a card payment would (already taken). */
async function pay(account: { id: string }, bookingId: string, cents = 5000) {
  const [row] = await t.services.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!row) throw new Error("no booking");
  return applyPaymentEvent(t.services, {
    event: {
      kind: "checkout.paid",
      checkout: {
        provider: "demo",
        ref: row.purchaseId,
        userId: account.id,
        productIds: [bookingLineId(bookingId)],
        totalCents: cents,
        paymentRef: `demo_pi_${row.purchaseId}`,
        consentAt: null,
        mode: "payment",
      },
    },
  });
}

async function bookAndPay(
  startsAt: Date,
  serviceId = "one-on-one",
  cents = 5000,
  place: "in_person" | "distance" = "in_person",
) {
  const account = await client();
  const { bookingId } = await startBookingCheckout(t.services, account, request(startsAt, serviceId, place));
  await pay(account, bookingId, cents);
  return { account, bookingId };
}

const liveAt = async (startsAt: Date) =>
  (await t.services.database.db.select().from(bookings).where(eq(bookings.startsAt, startsAt))).filter(
    (b) => b.status === "confirmed" || b.status === "held",
  );

describe("no double booking", () => {
  it("gives one slot to exactly one of 20 clients racing for it", async () => {
    const startsAt = zonedInstant(freshDay(), "10:00");
    const accounts = await Promise.all(Array.from({ length: 20 }, (_, i) => client(`racer${i}`)));
    const results = await Promise.allSettled(
      accounts.map((account) => startBookingCheckout(t.services, account, request(startsAt))),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r) => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const r of lost) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "conflict" });
    expect(await liveAt(startsAt)).toHaveLength(1);
  });

  it("keeps the buffer: a session 30 minutes after another cannot be held", async () => {
    const day = freshDay();
    await bookAndPay(zonedInstant(day, "10:00"));
    const other = await client();
    await expect(startBookingCheckout(t.services, other, request(zonedInstant(day, "11:00")))).rejects.toMatchObject({
      code: "conflict",
    });
    await expect(startBookingCheckout(t.services, other, request(zonedInstant(day, "11:30")))).resolves.toBeTruthy();
  });

  it("a hold expiring while its payment arrives and another client takes the slot: exactly one wins", async () => {
    const startsAt = zonedInstant(freshDay(), "14:00");
    const first = await client();
    // Held 20 minutes ago: its 15 minutes ran out 5 minutes ago.
    const { bookingId } = await startBookingCheckout(
      t.services,
      first,
      request(startsAt),
      new Date(Date.now() - 20 * MINUTE),
    );
    const second = await client();
    const [paid, taken] = await Promise.allSettled([
      pay(first, bookingId),
      startBookingCheckout(t.services, second, request(startsAt)),
    ]);
    expect(paid.status).toBe("fulfilled");
    expect(await liveAt(startsAt)).toHaveLength(1);
    const [mine] = await t.services.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    if (mine?.status === "confirmed") {
      expect(taken.status).toBe("rejected");
    } else {
      expect(mine?.status).toBe("refused");
      expect(taken.status).toBe("fulfilled");
      const [refund] = await t.services.database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
      expect(refund).toMatchObject({ reason: "slot_taken", amountCents: 5000, status: "succeeded" });
    }
  });

  it("a hold that ran out is still confirmed by its payment when nobody took the slot", async () => {
    const startsAt = zonedInstant(freshDay(), "15:00");
    const account = await client();
    const { bookingId } = await startBookingCheckout(
      t.services,
      account,
      request(startsAt),
      new Date(Date.now() - 20 * MINUTE),
    );
    await pay(account, bookingId);
    const [row] = await t.services.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row?.status).toBe("confirmed");
  });

  it("refunds in full, with an apology, a late payment for a slot someone else has booked", async () => {
    const startsAt = zonedInstant(freshDay(), "16:00");
    const late = await client("late");
    const { bookingId } = await startBookingCheckout(
      t.services,
      late,
      request(startsAt),
      new Date(Date.now() - 20 * MINUTE),
    );
    await bookAndPay(startsAt);
    await pay(late, bookingId);
    await pay(late, bookingId); // a redelivery changes nothing
    const db = t.services.database.db;
    const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row?.status).toBe("refused");
    const found = await db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ reason: "slot_taken", amountCents: 5000, status: "succeeded" });
    const [purchase] = await db
      .select()
      .from(purchases)
      .where(eq(purchases.id, row?.purchaseId ?? ""));
    expect(purchase?.status).toBe("refunded");
    const apology = readOutbox(t.dataDir).filter((m) => m.to === late.email);
    expect(apology.map((m) => m.text).join("\n")).toMatch(/We are sorry/);
    expect(await liveAt(startsAt)).toHaveLength(1);
  });
});

describe("the confirmation e-mail", () => {
  it("goes to the client and the practitioner with an .ics that an independent parser reads", async () => {
    const startsAt = zonedInstant(freshDay(), "09:00");
    const { account, bookingId } = await bookAndPay(startsAt);
    const mails = readOutbox(t.dataDir);
    const mine = mails.find((m) => m.to === account.email && /is booked/.test(m.subject));
    expect(mine).toBeTruthy();
    expect(mails.some((m) => m.to === "hello@example.com" && /New booking/.test(m.subject))).toBe(true);
    const raw = mine?.text ?? "";
    expect(raw).toContain(`/my-sessions/${bookingId}`);
    const base64 = /filename="?session\.ics"?[\s\S]*?\n\n([A-Za-z0-9+/=\n]+)/.exec(raw)?.[1] ?? "";
    const ics = Buffer.from(base64.replace(/\n/g, ""), "base64").toString("utf8");
    const event = Object.values(ical.sync.parseICS(ics)).find((c) => c?.type === "VEVENT") as VEvent;
    expect(new Date(event.start).toISOString()).toBe(startsAt.toISOString());
    expect(event.uid).toContain(bookingId);
  });
});

describe("cancellation by the 24-hour policy", () => {
  it("refunds 100 % exactly once however often it is clicked, 24 h and 1 minute ahead", async () => {
    const startsAt = zonedInstant(freshDay(), "11:00");
    const { account, bookingId } = await bookAndPay(startsAt);
    const now = new Date(startsAt.getTime() - (24 * 60 + 1) * MINUTE);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => cancelBooking(t.services, { bookingId, by: "client", userId: account.id }, now)),
    );
    for (const r of results) expect(r.refundCents).toBe(5000);
    const found = await t.services.database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ amountCents: 5000, reason: "booking_cancelled", status: "succeeded" });
  });

  it("refunds 50 % at 23 h 59 min ahead, only after the amount is confirmed, and once", async () => {
    const startsAt = zonedInstant(freshDay(), "12:00");
    const { account, bookingId } = await bookAndPay(startsAt);
    const now = new Date(startsAt.getTime() - (24 * 60 - 1) * MINUTE);
    await expect(cancelBooking(t.services, { bookingId, by: "client", userId: account.id }, now)).rejects.toMatchObject(
      { code: "conflict", message: expect.stringContaining("£25.00") },
    );
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        cancelBooking(t.services, { bookingId, by: "client", userId: account.id, expectedRefundCents: 2500 }, now),
      ),
    );
    for (const r of results) expect(r.refundCents).toBe(2500);
    const found = await t.services.database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
    expect(found).toHaveLength(1);
    expect(found[0]?.amountCents).toBe(2500);
  });

  it("the practitioner's late cancellation refunds in full", async () => {
    const startsAt = zonedInstant(freshDay(), "13:00");
    const { bookingId } = await bookAndPay(startsAt);
    const result = await cancelBooking(
      t.services,
      { bookingId, by: "practitioner" },
      new Date(startsAt.getTime() - 60 * MINUTE),
    );
    expect(result.refundCents).toBe(5000);
  });
});

describe("one client's sessions are theirs alone", () => {
  it("another client cannot see, cancel or reschedule them", async () => {
    const startsAt = zonedInstant(freshDay(), "10:00");
    const { account, bookingId } = await bookAndPay(startsAt);
    const other = await client("other");
    expect(await getMySession(t.services, other.id, bookingId)).toBeNull();
    expect((await listMySessions(t.services, other.id)).upcoming).toHaveLength(0);
    await expect(cancelBooking(t.services, { bookingId, by: "client", userId: other.id })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(
      rescheduleBooking(t.services, {
        bookingId,
        userId: other.id,
        startsAt: new Date(startsAt.getTime() + 120 * MINUTE),
      }),
    ).rejects.toBeInstanceOf(AppError);
    expect((await getMySession(t.services, account.id, bookingId))?.status).toBe("confirmed");
  });
});

describe("reschedule", () => {
  it("moves a session to a free slot, once however often clicked, and moves its reminder", async () => {
    const startsAt = zonedInstant(freshDay(), "10:00");
    const { account, bookingId } = await bookAndPay(startsAt);
    const to = new Date(startsAt.getTime() + 180 * MINUTE);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => rescheduleBooking(t.services, { bookingId, userId: account.id, startsAt: to })),
    );
    expect(results.filter((r) => r.moved)).toHaveLength(1);
    const [reminder] = await t.services.database.db
      .select()
      .from(bookingReminders)
      .where(eq(bookingReminders.bookingId, bookingId));
    expect(reminder?.dueAt.toISOString()).toBe(new Date(to.getTime() - 24 * 60 * MINUTE).toISOString());
    await expect(
      rescheduleBooking(
        t.services,
        { bookingId, userId: account.id, startsAt: startsAt },
        new Date(to.getTime() - 23 * 60 * MINUTE),
      ),
    ).rejects.toMatchObject({ code: "conflict" });
  });
});

describe("packages", () => {
  it("a Healing Journey books its first session and leaves one credit, spent once by racing tabs", async () => {
    const day = freshDay();
    const { account } = await bookAndPay(zonedInstant(day, "09:00"), "healing-journey", 8000);
    const mine = await listMySessions(t.services, account.id);
    expect(mine.packages).toHaveLength(1);
    expect(mine.packages[0]).toMatchObject({ sessions: 2, remaining: 1, expired: false });
    const packageId = mine.packages[0]?.id ?? "";
    const later = addDays(day, 7);
    const tries = await Promise.allSettled(
      ["10:00", "14:00"].map((time) =>
        bookWithCredit(t.services, account, {
          packageId,
          startsAt: zonedInstant(openDay(daysFromToday(later)), time),
          place: "distance",
          note: "",
          expressRequest: true,
        }),
      ),
    );
    expect(tries.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await listMySessions(t.services, account.id)).packages[0]?.remaining).toBe(0);
    const [pack] = await t.services.database.db.select().from(bookingPackages).where(eq(bookingPackages.id, packageId));
    expect(pack?.sessions).toBe(2);
  });
});

describe("the Transformation Journey's rules", () => {
  it("keeps its sessions a week apart and within six weeks, and shows its credits expired after", async () => {
    const day = freshDay();
    const { account } = await bookAndPay(zonedInstant(day, "16:30"), "transformation-journey", 14000);
    const [pack] = (await listMySessions(t.services, account.id)).packages;
    expect(pack).toMatchObject({ sessions: 4, remaining: 3, expired: false });
    const packageId = pack?.id ?? "";
    const firstOpen = (from: string) => openDay(daysFromToday(from));
    const credit = (date: string, now?: Date) =>
      bookWithCredit(
        t.services,
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
      await t.services.database.db.select().from(bookingPackages).where(eq(bookingPackages.id, packageId))
    )[0]?.expiresAt as Date;
    expect(daysBetweenDates(day, zonedDate(expiresAt))).toBe(43);
    const afterwards = await listMySessions(t.services, account.id, new Date(expiresAt.getTime() + MINUTE));
    expect(afterwards.packages[0]).toMatchObject({ remaining: 2, expired: true });
    lastDay = addDays(day, 7);
  });
});

describe("two server instances on one PostgreSQL", () => {
  it.skipIf(!onPostgres())("give one slot to exactly one of the clients racing on both", async () => {
    const second = await createTestServices({}, { reuse: { dataDir: t.dataDir, databaseUrl: t.databaseUrl } });
    try {
      const startsAt = zonedInstant(freshDay(), "11:00");
      const accounts = await Promise.all(Array.from({ length: 10 }, () => client("instance")));
      const results = await Promise.allSettled(
        accounts.map((account, i) =>
          startBookingCheckout(i % 2 ? second.services : t.services, account, request(startsAt)),
        ),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const live = await t.services.database.db.select().from(bookings).where(eq(bookings.startsAt, startsAt));
      expect(live.filter((b) => b.status === "held")).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });
});

describe("the practitioner's diary", () => {
  it("a time blocked by hand cannot be booked; the buffer applies around it", async () => {
    const day = freshDay();
    await blockTime(t.services, {
      startsAt: zonedInstant(day, "10:00"),
      endsAt: zonedInstant(day, "12:00"),
      note: "Dentist",
    });
    const someone = await client();
    for (const time of ["09:00", "10:30", "11:30"]) {
      await expect(startBookingCheckout(t.services, someone, request(zonedInstant(day, time)))).rejects.toMatchObject({
        code: "conflict",
      });
    }
    await expect(startBookingCheckout(t.services, someone, request(zonedInstant(day, "12:30")))).resolves.toBeTruthy();
  });

  it("marks a confirmed session attended or a no-show, and nothing else", async () => {
    const day = freshDay();
    const kept = await bookAndPay(zonedInstant(day, "10:00"));
    const cancelled = await bookAndPay(zonedInstant(day, "13:00"));
    await cancelBooking(t.services, { bookingId: cancelled.bookingId, by: "practitioner" });
    await markAttendance(t.services, kept.bookingId, "no_show");
    const [row] = await t.services.database.db.select().from(bookings).where(eq(bookings.id, kept.bookingId));
    expect(row?.attendance).toBe("no_show");
    await expect(markAttendance(t.services, cancelled.bookingId, "attended")).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("the calendar feed opens only with its current secret: replaced, the old one stops; revoked, none works", async () => {
    const day = freshDay();
    await bookAndPay(zonedInstant(day, "15:00"));
    const first = (await rotateFeedToken(t.services)) as string;
    const feed = await renderDiaryFeed(t.services, first);
    expect(feed).toContain("BEGIN:VCALENDAR");
    expect(feed).toContain("Test Client");
    expect(await renderDiaryFeed(t.services, `${first.slice(0, -1)}x`)).toBeNull();
    const second = (await rotateFeedToken(t.services)) as string;
    expect(second).not.toBe(first);
    expect(await renderDiaryFeed(t.services, first)).toBeNull();
    expect(await renderDiaryFeed(t.services, second)).toContain("BEGIN:VCALENDAR");
    expect(await rotateFeedToken(t.services, true)).toBeNull();
    expect(await renderDiaryFeed(t.services, second)).toBeNull();
  });
});

const daysBetweenDates = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

function daysFromToday(date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${zonedDate(new Date())}T00:00:00Z`)) / 86_400_000);
}

describe("reminders", () => {
  it("a distance session's evening e-mail goes once across a restart, never when cancelled, never in person", async () => {
    const day = freshDay();
    const distance = await bookAndPay(zonedInstant(day, "10:00"), "one-on-one", 5000, "distance");
    const cancelled = await bookAndPay(zonedInstant(day, "12:00"), "one-on-one", 5000, "distance");
    const inPerson = await bookAndPay(zonedInstant(day, "14:00"));
    await cancelBooking(t.services, { bookingId: cancelled.bookingId, by: "practitioner" });
    const evening = zonedInstant(addDays(day, -1), "18:00");
    const howItWorks = (email: string) =>
      readOutbox(t.dataDir).filter((m) => m.to === email && /How your distance session works/.test(m.subject));

    await sendDueReminders(t.services, new Date(evening.getTime() - MINUTE));
    expect(howItWorks(distance.account.email)).toHaveLength(0);
    const at = new Date(evening.getTime() + MINUTE);
    await Promise.all([sendDueReminders(t.services, at), sendDueReminders(t.services, at)]);
    const [mail] = howItWorks(distance.account.email);
    expect(howItWorks(distance.account.email)).toHaveLength(1);
    // The contact page's FAQ answer on distance healing, and the calendar file.
    expect(mail?.text).toContain("You rest somewhere comfortable at an agreed time");
    expect(mail?.text).toContain("filename=session.ics");

    await t.stop();
    t = await createTestServices({}, { reuse: { dataDir: t.dataDir, databaseUrl: t.databaseUrl } });
    await sendDueReminders(t.services, new Date(evening.getTime() + 10 * MINUTE));
    expect(howItWorks(distance.account.email)).toHaveLength(1);
    expect(howItWorks(cancelled.account.email)).toHaveLength(0);
    expect(howItWorks(inPerson.account.email)).toHaveLength(0);
    // The in-person session has its 24-hour reminder only.
    const kinds = await t.services.database.db
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
          await t.services.database.db.select().from(bookingReminders).where(eq(bookingReminders.bookingId, bookingId))
        ).map((r) => [r.kind, r.dueAt.toISOString()]),
      );
    const evening = zonedInstant(addDays(day, -1), "18:00").toISOString();
    expect(await schedule()).toEqual({
      day_before: new Date(zonedInstant(day, "10:00").getTime() - 24 * 60 * MINUTE).toISOString(),
      distance_evening: evening,
    });
    // To 17:00: the 24-hour reminder comes at 17:00 the day before, an hour from 18:00: one e-mail only.
    await rescheduleBooking(t.services, { bookingId, userId: account.id, startsAt: zonedInstant(day, "17:00") });
    expect(Object.keys(await schedule())).toEqual(["day_before"]);
    await rescheduleBooking(t.services, { bookingId, userId: account.id, startsAt: zonedInstant(day, "11:00") });
    expect((await schedule()).distance_evening).toBe(evening);
  });

  it("are sent once across a restart, and never for a cancelled session", async () => {
    const day = freshDay();
    const kept = await bookAndPay(zonedInstant(day, "10:00"));
    const cancelled = await bookAndPay(zonedInstant(day, "13:00"));
    await cancelBooking(t.services, { bookingId: cancelled.bookingId, by: "practitioner" });
    const due = new Date(zonedInstant(day, "10:00").getTime() - 23 * 60 * MINUTE);
    const count = (email: string) =>
      readOutbox(t.dataDir).filter((m) => m.to === email && /Reminder/.test(m.subject)).length;
    await Promise.all([sendDueReminders(t.services, due), sendDueReminders(t.services, due)]);
    expect(count(kept.account.email)).toBe(1);

    // A restart: the same data folder and database, a new process's services.
    await t.stop();
    t = await createTestServices({}, { reuse: { dataDir: t.dataDir, databaseUrl: t.databaseUrl } });
    expect(await sendDueReminders(t.services, due)).toBe(0);
    expect(count(kept.account.email)).toBe(1);
    expect(count(cancelled.account.email)).toBe(0);
  });
});
