import { eq, sum } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, refunds } from "~/lib/db/schema.server";
import { addDays, zonedInstant } from "~/lib/zoned-time";
import { readOutbox } from "../../../tests/support/outbox";
import { bookWithCredit } from "./book-with-credit.server";
import { bookedOver14DaysAhead, bookingTestKit, daysFromToday, openDay } from "./booking-test-kit";
import { cancelBooking } from "./cancel-booking.server";
import { endPackage } from "./end-package.server";
import { listMySessions } from "./list-sessions.server";

/**
 * The attack of issue 22, as a client would run it: a Healing Journey (£80), its second session
 * booked from the credit and cancelled in time, over and over. Before the ledger each round paid
 * £40 back and returned the credit: £200 back on an £80 order in five rounds.
 */
const kit = bookingTestKit();

describe("a package's cancellations", () => {
  it("never pay back more than the package took, and never both refund a session and return its credit", async () => {
    const day = kit.freshDay();
    const { account } = await kit.bookAndPay(zonedInstant(day, "09:00"), "healing-journey", 8000);
    const [pack] = (await listMySessions(kit.t.services, account.id)).packages;
    const packageId = pack?.id ?? "";
    const { db } = kit.t.services.database;
    const [first] = await db.select().from(bookings).where(eq(bookings.packageId, packageId));
    const purchaseId = first?.purchaseId ?? "";
    const refunded = async () =>
      Number(
        (
          await db
            .select({ n: sum(refunds.amountCents) })
            .from(refunds)
            .where(eq(refunds.purchaseId, purchaseId))
        )[0]?.n ?? 0,
      );

    const later = openDay(daysFromToday(addDays(day, 7)));
    for (const time of ["10:00", "11:00", "12:00", "13:00", "14:00"]) {
      const credits = (await listMySessions(kit.t.services, account.id)).packages[0]?.remaining ?? 0;
      if (credits === 0) break;
      const booked = await bookWithCredit(kit.t.services, account, {
        packageId,
        startsAt: zonedInstant(later, time),
        place: "distance",
        note: "",
        expressRequest: true,
      });
      const cancelled = await cancelBooking(kit.t.services, {
        bookingId: booked.bookingId,
        by: "client",
        userId: account.id,
      });
      const after = (await listMySessions(kit.t.services, account.id)).packages[0]?.remaining ?? 0;
      // Either the money comes back or the credit does, never both.
      expect(cancelled.refundCents > 0 && after > credits - 1).toBe(false);
      expect(await refunded()).toBeLessThanOrEqual(8000);
    }
    expect(await refunded()).toBeLessThanOrEqual(8000);
  });

  it("return the credit when cancelled in time, and refund half its share (keeping the credit spent) when late", async () => {
    const day = kit.freshDay();
    const startsAt = zonedInstant(day, "10:00");
    const { account, bookingId } = await kit.bookAndPay(startsAt, "healing-journey", 8000);
    const inTime = await cancelBooking(kit.t.services, { bookingId, by: "client", userId: account.id });
    expect(inTime).toMatchObject({ refundCents: 0, creditReturned: true });
    expect((await listMySessions(kit.t.services, account.id)).packages[0]?.remaining).toBe(2);
    const [pack] = (await listMySessions(kit.t.services, account.id)).packages;
    const again = await bookWithCredit(kit.t.services, account, {
      packageId: pack?.id ?? "",
      startsAt: zonedInstant(day, "13:00"),
      place: "distance",
      note: "",
      expressRequest: true,
    });
    await bookedOver14DaysAhead(kit.t.services, again.bookingId);
    const late = await cancelBooking(
      kit.t.services,
      { bookingId: again.bookingId, by: "client", userId: account.id, expectedRefundCents: 2000 },
      new Date(zonedInstant(day, "13:00").getTime() - 3_600_000),
    );
    expect(late).toMatchObject({ refundCents: 2000, creditReturned: false });
    expect((await listMySessions(kit.t.services, account.id)).packages[0]?.remaining).toBe(1);
  });

  it("end once however many requests race: the unbooked sessions refunded in full, the booked one kept", async () => {
    const day = kit.freshDay();
    const { account } = await kit.bookAndPay(zonedInstant(day, "15:00"), "transformation-journey", 14000);
    const [pack] = (await listMySessions(kit.t.services, account.id)).packages;
    const tries = await Promise.allSettled(
      Array.from({ length: 5 }, () => endPackage(kit.t.services, { packageId: pack?.id ?? "", userId: account.id })),
    );
    const ended = tries.filter((r) => r.status === "fulfilled");
    expect(ended).toHaveLength(1);
    expect((ended[0] as PromiseFulfilledResult<{ refundCents: number }>).value.refundCents).toBe(10500);
    const { db } = kit.t.services.database;
    const [first] = await db
      .select()
      .from(bookings)
      .where(eq(bookings.packageId, pack?.id ?? ""));
    const [total] = await db
      .select({ n: sum(refunds.amountCents) })
      .from(refunds)
      .where(eq(refunds.purchaseId, first?.purchaseId ?? ""));
    expect(Number(total?.n)).toBe(10500);
    expect(first?.status).toBe("confirmed");
    // She is told once, with the package and the amount, and where to find it.
    const told = readOutbox(kit.t.dataDir).filter((m) => m.to === account.email && /refund/i.test(m.subject));
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain("You ended your package");
    expect(told[0]?.text).toContain("£105.00");
    expect(told[0]?.text).toContain("Transformation Journey");
    expect(told[0]?.text).toContain("/my-sessions");
    // Someone else's package cannot be ended by this client.
    const other = await kit.client();
    await expect(endPackage(kit.t.services, { packageId: pack?.id ?? "", userId: other.id })).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
