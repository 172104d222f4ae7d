import { eq } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { vouchers } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { addDays, zonedInstant } from "~/lib/zoned-time";

/** The owner moves a voucher's last day (a UK date): it is valid to the end of that day. */
export async function extendVoucher(services: AppServices, voucherId: string, lastDay: string): Promise<Date> {
  const expiresAt = zonedInstant(addDays(lastDay, 1), "00:00");
  if (expiresAt <= new Date()) throw new AppError("invalid_request", "Choose a day that has not passed.");
  const [row] = await services.database.db
    .update(vouchers)
    .set({ expiresAt })
    .where(eq(vouchers.id, voucherId))
    .returning({ id: vouchers.id });
  if (!row) throw new AppError("not_found", "That voucher was not found.");
  return expiresAt;
}
