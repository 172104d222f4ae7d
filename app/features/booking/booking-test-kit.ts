import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { applyPaymentEvent } from "~/features/shop/apply-payment-event.server";
import { issueVoucher } from "~/features/shop/voucher/issue-voucher.server";
import type { Database } from "~/lib/db/client.server";
import { bookingPackages, bookings, user } from "~/lib/db/schema.server";
import { addDays, weekdayOf, zonedDate } from "~/lib/zoned-time";
import { createTestServices } from "../../../tests/support/test-services";
import { bookingLineId } from "./booking-model";
import { startBookingCheckout } from "./start-booking-checkout.server";

export const MINUTE = 60_000;

/** Whole days from one London date to another. */
export const daysBetweenDates = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export function daysFromToday(date: string): number {
  return daysBetweenDates(zonedDate(new Date()), date);
}

/** An open day (Tuesday-Saturday) at least `ahead` days from today, London date. */
export function openDay(ahead: number): string {
  let date = addDays(zonedDate(new Date()), ahead);
  while (![2, 3, 4, 5, 6].includes(weekdayOf(date))) date = addDays(date, 1);
  return date;
}

/** `count` open days a week apart, from a few days ahead: for tests with a data set of their own. */
export function bookingTestKitDays(count: number): string[] {
  const first = openDay(4);
  return Array.from({ length: count }, (_, i) => addDays(first, i * 7));
}

/**
 * As if the booking (and its package, for a package's session) had been bought over 14 days before
 * its session: past the statutory cancellation period (decision 061), so the 24-hour rule's half
 * refund applies to a late cancellation.
 */
export async function bookedOver14DaysAhead(services: { database: { db: Database } }, bookingId: string) {
  const { db } = services.database;
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!row) throw new Error(`no booking ${bookingId}`);
  const longBefore = new Date(row.startsAt.getTime() - 20 * 86_400_000);
  await db.update(bookings).set({ createdAt: longBefore }).where(eq(bookings.id, bookingId));
  if (row.packageId) {
    await db.update(bookingPackages).set({ createdAt: longBefore }).where(eq(bookingPackages.id, row.packageId));
  }
}

export const request = (startsAt: Date, serviceId = "one-on-one", place: "in_person" | "distance" = "in_person") => ({
  serviceId,
  startsAt,
  place,
  note: "",
  expressRequest: true,
});

/**
 * The booking tests' set-up: a database of their own for the test file (`kit.t`, replaced when a test
 * restarts the services) and the helpers that book on it.
 */
export function bookingTestKit() {
  const kit = {
    t: undefined as unknown as Awaited<ReturnType<typeof createTestServices>>,
    /** A fresh open day for each test, so tests never share a slot. */
    freshDay,
    /** Later fresh days come after this one (a test that booked days ahead of its own). */
    skipPast: (date: string) => {
      lastDay = date;
    },
    client,
    pay,
    cardPaid,
    giftVoucher,
    bookAndPay,
    liveAt,
  };
  beforeAll(async () => {
    kit.t = await createTestServices();
  });
  afterAll(() => kit.t?.cleanup());

  let lastDay = openDay(2);
  function freshDay(): string {
    lastDay = openDay(daysFromToday(lastDay) + 1);
    return lastDay;
  }

  /** A client's account row (booking needs no password or session here: routes are tested elsewhere). */
  async function client(label = "client") {
    const id = crypto.randomUUID();
    const email = `${label}-${id.slice(0, 8)}@example.com`;
    await kit.t.services.database.db.insert(user).values({ id, name: "Test Client", email, emailVerified: true });
    return { id, email };
  }

  /**
   * A checkout's card payment arriving from the provider (already taken), as its webhook brings it:
   * whatever the checkout's state here (the demo page would refuse a closed one).
   */
  function cardPaid(checkout: { ref: string; userId: string; productIds: string[]; totalCents: number }) {
    return applyPaymentEvent(kit.t.services, {
      event: {
        kind: "checkout.paid",
        checkout: {
          provider: "demo",
          ...checkout,
          paymentRef: `demo_pi_${checkout.ref}`,
          consentAt: null,
          mode: "payment",
        },
      },
    });
  }

  /** The payment for a booking's checkout arriving, as a card payment would (already taken). */
  async function pay(account: { id: string }, bookingId: string, cents = 5000) {
    const [row] = await kit.t.services.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    if (!row) throw new Error("no booking");
    return cardPaid({
      ref: row.purchaseId ?? "",
      userId: account.id,
      productIds: [bookingLineId(bookingId)],
      totalCents: cents,
    });
  }

  /** A £`cents` gift voucher the owner issues (a prize), sent to a friend. */
  function giftVoucher(valueCents: number) {
    return issueVoucher(kit.t.services, {
      valueCents,
      recipientName: "Friend",
      recipientEmail: "friend@example.com",
      message: "",
      note: "a prize",
    });
  }

  async function bookAndPay(
    startsAt: Date,
    serviceId = "one-on-one",
    cents = 5000,
    place: "in_person" | "distance" = "in_person",
  ) {
    const account = await client();
    const { bookingId } = await startBookingCheckout(kit.t.services, account, request(startsAt, serviceId, place));
    await pay(account, bookingId, cents);
    return { account, bookingId };
  }

  async function liveAt(startsAt: Date) {
    const rows = await kit.t.services.database.db.select().from(bookings).where(eq(bookings.startsAt, startsAt));
    return rows.filter((b) => b.status === "confirmed" || b.status === "held");
  }

  return kit;
}
