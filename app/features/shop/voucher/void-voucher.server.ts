import { eq } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { voucherEntries, vouchers } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";

/**
 * The owner voids a voucher: what is left is cancelled and it can no longer be spent or sent. What it
 * already paid for stands. A sold voucher's money is not given back by voiding (refund its order).
 */
export async function voidVoucher(services: AppServices, voucherId: string, note: string): Promise<void> {
  await services.database.db.transaction(async (tx) => {
    const [voucher] = await tx.select().from(vouchers).where(eq(vouchers.id, voucherId)).for("update");
    if (!voucher) throw new AppError("not_found", "That voucher was not found.");
    if (voucher.status !== "active") throw new AppError("conflict", "Only a voucher in use can be voided.");
    await tx
      .update(vouchers)
      .set({ status: "void", note: note || voucher.note })
      .where(eq(vouchers.id, voucherId));
    if (voucher.balanceCents > 0) {
      await tx.insert(voucherEntries).values({
        id: crypto.randomUUID(),
        voucherId,
        kind: "cancel",
        amountCents: -voucher.balanceCents,
      });
    }
  });
}
