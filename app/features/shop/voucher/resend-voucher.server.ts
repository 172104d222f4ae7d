import { eq } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { vouchers } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { sendVoucherToRecipient } from "./send-voucher.server";

/** The owner sends a voucher's e-mail to its recipient again (it went astray), now. */
export async function resendVoucher(services: AppServices, voucherId: string): Promise<string> {
  const { db } = services.database;
  const [voucher] = await db.select().from(vouchers).where(eq(vouchers.id, voucherId));
  if (!voucher) throw new AppError("not_found", "That voucher was not found.");
  if (voucher.status !== "active") throw new AppError("conflict", "Only a voucher in use can be sent.");
  if (!voucher.recipientEmail) throw new AppError("conflict", "This voucher has no e-mail address to send to.");
  await sendVoucherToRecipient(services, voucher);
  await db.update(vouchers).set({ sentAt: new Date() }).where(eq(vouchers.id, voucherId));
  return voucher.recipientEmail;
}
