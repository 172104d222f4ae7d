import { eq } from "drizzle-orm";
import ical, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { CLOSE_WORD, closeAccount } from "~/features/rights/close-account.server";
import { AppError } from "~/lib/app-error";
import { bookingReminders, bookings, purchases, refunds } from "~/lib/db/schema.server";
import { zonedInstant } from "~/lib/zoned-time";
import { readOutbox } from "../../../tests/support/outbox";
import { bookedOver14DaysAhead, bookingTestKit, MINUTE, request } from "./booking-test-kit";
import { cancelBooking } from "./cancel-booking.server";
import { getMySession, listMySessions } from "./list-sessions.server";
import { rescheduleBooking } from "./reschedule-booking.server";
import { startBookingCheckout } from "./start-booking-checkout.server";

const kit = bookingTestKit();
const { freshDay, client, pay, bookAndPay, liveAt } = kit;

describe("no double booking", () => {
  it("gives one slot to exactly one of 20 clients racing for it", async () => {
    const startsAt = zonedInstant(freshDay(), "10:00");
    const accounts = await Promise.all(Array.from({ length: 20 }, (_, i) => client(`racer${i}`)));
    const results = await Promise.allSettled(
      accounts.map((account) => startBookingCheckout(kit.t.services, account, request(startsAt))),
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
    await expect(
      startBookingCheckout(kit.t.services, other, request(zonedInstant(day, "11:00"))),
    ).rejects.toMatchObject({
      code: "conflict",
    });
    await expect(
      startBookingCheckout(kit.t.services, other, request(zonedInstant(day, "11:30"))),
    ).resolves.toBeTruthy();
  });

  it("a hold expiring while its payment arrives and another client takes the slot: exactly one wins", async () => {
    const startsAt = zonedInstant(freshDay(), "14:00");
    const first = await client();
    // Held 20 minutes ago: its 15 minutes ran out 5 minutes ago.
    const { bookingId } = await startBookingCheckout(
      kit.t.services,
      first,
      request(startsAt),
      new Date(Date.now() - 20 * MINUTE),
    );
    const second = await client();
    const [paid, taken] = await Promise.allSettled([
      pay(first, bookingId),
      startBookingCheckout(kit.t.services, second, request(startsAt)),
    ]);
    expect(paid.status).toBe("fulfilled");
    expect(await liveAt(startsAt)).toHaveLength(1);
    const [mine] = await kit.t.services.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    if (mine?.status === "confirmed") {
      expect(taken.status).toBe("rejected");
    } else {
      expect(mine?.status).toBe("refused");
      expect(taken.status).toBe("fulfilled");
      const [refund] = await kit.t.services.database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
      expect(refund).toMatchObject({ reason: "slot_taken", amountCents: 5000, status: "succeeded" });
    }
  });

  it("a hold that ran out is still confirmed by its payment when nobody took the slot", async () => {
    const startsAt = zonedInstant(freshDay(), "15:00");
    const account = await client();
    const { bookingId } = await startBookingCheckout(
      kit.t.services,
      account,
      request(startsAt),
      new Date(Date.now() - 20 * MINUTE),
    );
    await pay(account, bookingId);
    const [row] = await kit.t.services.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row?.status).toBe("confirmed");
  });

  it("refunds, never books, a payment that arrives after the client closed her account", async () => {
    const startsAt = zonedInstant(freshDay(), "17:00");
    const leaving = await client("leaving");
    const { bookingId } = await startBookingCheckout(kit.t.services, leaving, request(startsAt));
    await closeAccount(kit.t.services, { userId: leaving.id, by: "owner", word: CLOSE_WORD });
    await pay(leaving, bookingId);
    const db = kit.t.services.database.db;
    const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row?.status).toBe("refused");
    const [refund] = await db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
    expect(refund).toMatchObject({ amountCents: 5000 });
    expect(await liveAt(startsAt)).toHaveLength(0);
  });

  it("refunds in full, with an apology, a late payment for a slot someone else has booked", async () => {
    const startsAt = zonedInstant(freshDay(), "16:00");
    const late = await client("late");
    const { bookingId } = await startBookingCheckout(
      kit.t.services,
      late,
      request(startsAt),
      new Date(Date.now() - 20 * MINUTE),
    );
    await bookAndPay(startsAt);
    await pay(late, bookingId);
    await pay(late, bookingId); // a redelivery changes nothing
    const db = kit.t.services.database.db;
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
    const apology = readOutbox(kit.t.dataDir).filter((m) => m.to === late.email);
    expect(apology.map((m) => m.text).join("\n")).toMatch(/We are sorry/);
    expect(await liveAt(startsAt)).toHaveLength(1);
  });
});

describe("the confirmation e-mail", () => {
  it("goes to the client and the practitioner with an .ics that an independent parser reads", async () => {
    const startsAt = zonedInstant(freshDay(), "09:00");
    const { account, bookingId } = await bookAndPay(startsAt);
    const mails = readOutbox(kit.t.dataDir);
    const mine = mails.find((m) => m.to === account.email && /is booked/.test(m.subject));
    expect(mine).toBeTruthy();
    expect(mails.some((m) => m.to === "hello@example.com" && /New booking/.test(m.subject))).toBe(true);
    const raw = mine?.text ?? "";
    expect(raw).toContain(`/my-sessions/${bookingId}`);
    // How to use her right to cancel, the model form included (CCR 2013 Sch. 2(l)).
    expect(raw.replace(/=\n/g, "").replace(/\s+/g, " ")).toContain(
      "use the model cancellation form in our Refund Policy",
    );
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
      Array.from({ length: 10 }, () =>
        cancelBooking(kit.t.services, { bookingId, by: "client", userId: account.id }, now),
      ),
    );
    for (const r of results) expect(r.refundCents).toBe(5000);
    const found = await kit.t.services.database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ amountCents: 5000, reason: "booking_cancelled", status: "succeeded" });
  });

  it("refunds 50 % at 23 h 59 min ahead, only after the amount is confirmed, and once", async () => {
    const startsAt = zonedInstant(freshDay(), "12:00");
    const { account, bookingId } = await bookAndPay(startsAt);
    await bookedOver14DaysAhead(kit.t.services, bookingId);
    const now = new Date(startsAt.getTime() - (24 * 60 - 1) * MINUTE);
    await expect(
      cancelBooking(kit.t.services, { bookingId, by: "client", userId: account.id }, now),
    ).rejects.toMatchObject({ code: "conflict", message: expect.stringContaining("£25.00") });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        cancelBooking(kit.t.services, { bookingId, by: "client", userId: account.id, expectedRefundCents: 2500 }, now),
      ),
    );
    for (const r of results) expect(r.refundCents).toBe(2500);
    const found = await kit.t.services.database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
    expect(found).toHaveLength(1);
    expect(found[0]?.amountCents).toBe(2500);
  });

  it("the practitioner's late cancellation refunds in full", async () => {
    const startsAt = zonedInstant(freshDay(), "13:00");
    const { bookingId } = await bookAndPay(startsAt);
    const result = await cancelBooking(
      kit.t.services,
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
    expect(await getMySession(kit.t.services, other.id, bookingId)).toBeNull();
    expect((await listMySessions(kit.t.services, other.id)).upcoming).toHaveLength(0);
    await expect(cancelBooking(kit.t.services, { bookingId, by: "client", userId: other.id })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(
      rescheduleBooking(kit.t.services, {
        bookingId,
        userId: other.id,
        startsAt: new Date(startsAt.getTime() + 120 * MINUTE),
      }),
    ).rejects.toBeInstanceOf(AppError);
    expect((await getMySession(kit.t.services, account.id, bookingId))?.status).toBe("confirmed");
  });
});

describe("reschedule", () => {
  it("moves a session to a free slot, once however often clicked, and moves its reminder", async () => {
    const startsAt = zonedInstant(freshDay(), "10:00");
    const { account, bookingId } = await bookAndPay(startsAt);
    const to = new Date(startsAt.getTime() + 180 * MINUTE);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        rescheduleBooking(kit.t.services, { bookingId, userId: account.id, startsAt: to }),
      ),
    );
    expect(results.filter((r) => r.moved)).toHaveLength(1);
    const [reminder] = await kit.t.services.database.db
      .select()
      .from(bookingReminders)
      .where(eq(bookingReminders.bookingId, bookingId));
    expect(reminder?.dueAt.toISOString()).toBe(new Date(to.getTime() - 24 * 60 * MINUTE).toISOString());
    await expect(
      rescheduleBooking(
        kit.t.services,
        { bookingId, userId: account.id, startsAt: startsAt },
        new Date(to.getTime() - 23 * 60 * MINUTE),
      ),
    ).rejects.toMatchObject({ code: "conflict" });
  });
});
