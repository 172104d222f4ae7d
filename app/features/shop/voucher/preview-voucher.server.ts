import { eq } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import type { Database } from "~/lib/db/client.server";
import { vouchers } from "~/lib/db/schema.server";
import { formatLongDate } from "~/lib/format-date";
import { UnknownVoucherError } from "./reserve-voucher.server";
import { normaliseCode, voucherMessages, voucherRefusal, voucherShare } from "./voucher-model";

/**
 * What a gift voucher would pay of a checkout, for the cart and the dialog (its code is typed where a
 * discount code is). It holds nothing: checkout holds the voucher's balance again, and its figures win.
 */
export async function previewVoucher(db: Database, typed: string, dueCents: number, serviceId?: string) {
  const [voucher] = await db
    .select()
    .from(vouchers)
    .where(eq(vouchers.code, normaliseCode(typed)));
  if (!voucher) throw new UnknownVoucherError();
  const refusal = voucherRefusal(voucher, { now: new Date(), serviceId, formatDate: formatLongDate });
  if (refusal) throw new AppError("discount_refused", refusal, voucherMessages.title);
  const paid = voucherShare(voucher.balanceCents, dueCents);
  return {
    code: voucher.code,
    voucher: true,
    subtotalCents: dueCents,
    discountCents: paid,
    totalCents: dueCents - paid,
  };
}
