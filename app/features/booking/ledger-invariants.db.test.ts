import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bookings, products, purchases } from "~/lib/db/schema.server";
import { checkLedgerInvariants } from "../../../tests/support/ledger-invariants";
import { printTally, propertyRuns } from "../../../tests/support/property-runs";
import { bookingTestKit } from "./booking-test-kit";
import { cancelBooking } from "./cancel-booking.server";
import { run, step, tally, tolerate, type World } from "./ledger-test-kit";

/**
 * The ledger's invariants (decision 040) over random sequences of what clients, the practitioner,
 * the owner and the payment provider do, each possibly twice at once, checked after every step:
 * no line and no order gives back more than it took; a package's credits are always all there,
 * each in one state; no session is both refunded and its credit returned; what gift vouchers pay
 * never exceeds what was paid for them plus what the owner issued (decision 048). LEDGER_RUNS raises the
 * number of sequences (CI runs a few; before a change to money code, run thousands).
 */
const kit = bookingTestKit();
const RUNS = propertyRuns(12);

describe("the ledger", () => {
  it("keeps its invariants through any sequence of sales, bookings, cancellations, refunds and provider events", async () => {
    const { db } = kit.t.services.database;
    const productId = `guide-${crypto.randomUUID().slice(0, 8)}`;
    await db
      .insert(products)
      .values({ id: productId, title: "A Guide", priceCents: 1999, downloadUrl: "pdfs/guide.pdf" });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 20 }), async (steps) => {
        const world: World = {
          account: await kit.client("ledger"),
          orders: [],
          abandoned: [],
          sessions: [],
          packages: [],
          productId,
          vouchers: [],
        };
        try {
          for (const { op: o, twice } of steps) {
            if (twice)
              await Promise.all([
                tolerate(() => run(kit, world, o), o.kind),
                tolerate(() => run(kit, world, o), o.kind),
              ]);
            else await tolerate(() => run(kit, world, o), o.kind);
            await checkLedgerInvariants(kit.t.services.database.db, world.account.id);
          }
        } finally {
          // Free the slots for the next sequence: the practitioner cancels what is left.
          const live = await db
            .select({ id: bookings.id, status: bookings.status })
            .from(bookings)
            .where(eq(bookings.userId, world.account.id));
          for (const b of live.filter((b) => b.status === "confirmed")) {
            await tolerate(() => cancelBooking(kit.t.services, { bookingId: b.id, by: "practitioner" }));
          }
          await db
            .update(bookings)
            .set({ status: "released" })
            .where(sql`${bookings.userId} = ${world.account.id} and ${bookings.status} = 'held'`);
        }
        await checkLedgerInvariants(kit.t.services.database.db, world.account.id);
      }),
      RUNS,
    );
    await checkLedgerInvariants(kit.t.services.database.db);
    if (printTally())
      console.log(
        [...tally]
          .sort()
          .map(([k, n]) => `${n}\t${k}`)
          .join("\n"),
      );
    const [paid] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(purchases);
    expect(paid?.n ?? 0).toBeGreaterThan(0);
  }, 1_200_000);
});
