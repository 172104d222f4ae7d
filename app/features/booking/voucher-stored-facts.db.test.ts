import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { refundPurchase } from "~/features/shop/refund-purchase.server";
import { voucherEntries, vouchers } from "~/lib/db/schema.server";
import { zonedInstant } from "~/lib/zoned-time";
import { amountVoucher, paidVoucher } from "../../../tests/support/paid-voucher";
import { bookingTestKit, request } from "./booking-test-kit";
import { startBookingCheckout } from "./start-booking-checkout.server";

/**
 * What is stored of a gift voucher (decision 061): migration 0024's move of vouchers sold before to
 * the end of their printed day, and the voucher entries' trigger, which lets only the retention job
 * take a refund from an entry, in its own transaction.
 */
const kit = bookingTestKit();

/** A £`pounds` voucher ordered and paid on the demo page, as the gift voucher page does. */
const buyVoucher = async (pounds: number) => ({
  voucher: await paidVoucher(kit.t.services, await kit.client("buyer"), amountVoucher(pounds)),
});

describe("a voucher's stored facts (decision 061)", () => {
  it("refuses an expired voucher with its date", async () => {
    const { db } = kit.t.services.database;
    const { voucher } = await buyVoucher(10);
    await db
      .update(vouchers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(vouchers.id, voucher.id));
    const client = await kit.client("late");
    await expect(
      startBookingCheckout(kit.t.services, client, {
        ...request(zonedInstant(kit.freshDay(), "10:00")),
        voucherCode: voucher.code,
      }),
    ).rejects.toThrow(/expired on/);
  });

  it("migration 0024 moves a voucher sold before to the end of its printed day, and leaves midnight ones", async () => {
    const { db } = kit.t.services.database;
    const summer = (await buyVoucher(10)).voucher;
    const winter = (await buyVoucher(10)).voucher;
    const midnight = (await buyVoucher(10)).voucher;
    const set = (id: string, at: string) =>
      db
        .update(vouchers)
        .set({ expiresAt: new Date(at) })
        .where(eq(vouchers.id, id));
    await set(summer.id, "2027-07-01T08:00:00Z"); // 09:00 on 1 July in London (summer time)
    await set(winter.id, "2027-12-01T10:00:00Z"); // 10:00 on 1 December
    await set(midnight.id, "2027-03-02T00:00:00Z"); // already the start of 2 March
    const migration = readFileSync(path.resolve("drizzle/0024_vouchers_to_the_end_of_their_day.sql"), "utf8");
    await db.execute(sql.raw(migration));
    const expiry = async (id: string) =>
      (await db.select().from(vouchers).where(eq(vouchers.id, id)))[0]?.expiresAt.toISOString();
    expect(await expiry(summer.id)).toBe("2027-07-01T23:00:00.000Z");
    expect(await expiry(winter.id)).toBe("2027-12-02T00:00:00.000Z");
    expect(await expiry(midnight.id)).toBe("2027-03-02T00:00:00.000Z");
  });

  it("keeps its entries frozen: only the retention job, in its own transaction, may take a refund from one", async () => {
    const { db } = kit.t.services.database;
    const { voucher } = await buyVoucher(10);
    await refundPurchase(kit.t.services, voucher.purchaseId ?? "");
    const [cancel] = await db
      .select()
      .from(voucherEntries)
      .where(and(eq(voucherEntries.voucherId, voucher.id), eq(voucherEntries.kind, "cancel")));
    expect(cancel?.refundId).toBeTruthy();
    const entry = eq(voucherEntries.id, cancel?.id ?? "");
    // Drizzle's error wraps the database's: the trigger's own words are its cause.
    const frozen = { cause: expect.objectContaining({ message: expect.stringMatching(/never changed or removed/) }) };
    await expect(db.update(voucherEntries).set({ refundId: null }).where(entry)).rejects.toMatchObject(frozen);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('ledger.retention', 'on', true)`);
        await tx.update(voucherEntries).set({ amountCents: -1 }).where(entry);
      }),
    ).rejects.toMatchObject(frozen);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('ledger.retention', 'on', true)`);
        await tx.delete(voucherEntries).where(entry);
      }),
    ).rejects.toMatchObject(frozen);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('ledger.retention', 'on', true)`);
      await tx.update(voucherEntries).set({ refundId: null }).where(entry);
    });
    // The setting ended with its transaction.
    await expect(db.update(voucherEntries).set({ purchaseId: null }).where(entry)).rejects.toMatchObject(frozen);
    const [after] = await db.select().from(voucherEntries).where(entry);
    expect(after).toMatchObject({ refundId: null, amountCents: cancel?.amountCents, kind: "cancel" });
  });
});
