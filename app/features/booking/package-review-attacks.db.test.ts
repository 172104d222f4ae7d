import { eq, sum } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applyPaymentEvent } from "~/features/shop/apply-payment-event.server";
import { bookings, packageCredits, refunds } from "~/lib/db/schema.server";
import { addDays, zonedInstant } from "~/lib/zoned-time";
import { readOutbox } from "../../../tests/support/outbox";
import { bookWithCredit } from "./book-with-credit.server";
import { bookingTestKit, daysFromToday, openDay } from "./booking-test-kit";
import { cancelBooking } from "./cancel-booking.server";
import { endPackage } from "./end-package.server";
import { listMySessions } from "./list-sessions.server";

/** Review of issue 22's fix: what a client (or a bank) can still do to a package. */
const kit = bookingTestKit();

async function buyPackage(serviceId: string, cents: number) {
  const day = kit.freshDay();
  const { account } = await kit.bookAndPay(zonedInstant(day, "09:00"), serviceId, cents);
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
  const credits = () => db.select().from(packageCredits).where(eq(packageCredits.packageId, packageId));
  return { day, account, packageId, purchaseId, refunded, credits };
}

describe("a package under review", () => {
  it("ended twice (a session cancelled in time between) refunds what the second end says it refunds", async () => {
    const { day, account, packageId, refunded, credits } = await buyPackage("transformation-journey", 14000);
    const later = openDay(daysFromToday(addDays(day, 7)));
    const second = await bookWithCredit(kit.t.services, account, {
      packageId,
      startsAt: zonedInstant(later, "10:00"),
      place: "distance",
      note: "",
      expressRequest: true,
    });
    const first = await endPackage(kit.t.services, { packageId, userId: account.id });
    expect(first.refundCents).toBe(7000);
    expect(await refunded()).toBe(7000);
    // The booked session cancelled in time: its credit comes back, to book again or to end.
    await cancelBooking(kit.t.services, { bookingId: second.bookingId, by: "client", userId: account.id });
    const again = await endPackage(kit.t.services, { packageId, userId: account.id });
    expect(again.refundCents).toBe(3500);
    // The credit is spent as refunded: the money must have gone back with it.
    const refundedCredits = (await credits()).filter((c) => c.state === "refunded");
    const value = refundedCredits.reduce((n, c) => n + c.valueCents, 0);
    expect(value).toBe(10500);
    expect(await refunded()).toBe(10500);
  });

  it("tells the client what ending a package refunded", async () => {
    const { account, packageId } = await buyPackage("healing-journey", 8000);
    const before = readOutbox(kit.t.dataDir).filter((m) => m.to === account.email).length;
    await endPackage(kit.t.services, { packageId, userId: account.id });
    const after = readOutbox(kit.t.dataDir).filter((m) => m.to === account.email);
    expect(after.length).toBeGreaterThan(before);
    expect(after.at(-1)?.text).toMatch(/£40\.00/);
  });

  it("lends no session from a package whose whole payment the bank took back (a dispute lost)", async () => {
    const { day, account, packageId, purchaseId, refunded } = await buyPackage("healing-journey", 8000);
    await applyPaymentEvent(kit.t.services, {
      event: {
        kind: "payment.reversed",
        provider: "demo",
        paymentRef: `demo_pi_${purchaseId}`,
        reason: "dispute",
      },
    });
    expect(await refunded()).toBe(8000);
    const later = openDay(daysFromToday(addDays(day, 7)));
    await expect(
      bookWithCredit(kit.t.services, account, {
        packageId,
        startsAt: zonedInstant(later, "11:00"),
        place: "distance",
        note: "",
        expressRequest: true,
      }),
    ).rejects.toMatchObject({ code: "conflict" });
  });
});
