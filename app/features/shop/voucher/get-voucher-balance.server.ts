import { and, eq } from "drizzle-orm";
import { purchases, vouchers } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { confirmCheckout } from "../confirm-checkout.server";
import { getPaymentProvider } from "../get-payment-provider.server";
import { lockVoucherByCode, releaseClosedHolds } from "./reserve-voucher.server";
import { voucherValueText } from "./voucher-pdf.server";

export type VoucherBalance = {
  code: string;
  value: string;
  kind: "amount" | "service";
  balanceCents: number;
  expiresAt: Date;
  state: "active" | "expired" | "void" | "refunded" | "pending" | "spent";
};

/**
 * What is left on a voucher and until when, for anyone holding its code (no account: issue 25 item
 * 3). Holds of checkouts that closed unpaid are given back first, so the balance is what can be spent.
 * An unknown code throws `UnknownVoucherError`, which the route counts as a wrong guess.
 */
export async function getVoucherBalance(
  services: AppServices,
  typed: string,
  now = new Date(),
): Promise<VoucherBalance> {
  const voucher = await services.database.db.transaction(async (tx) => {
    const locked = await lockVoucherByCode(tx, typed);
    await releaseClosedHolds(tx, locked.id);
    const [fresh] = await tx.select().from(vouchers).where(eq(vouchers.id, locked.id));
    return fresh ?? locked;
  });
  const state =
    voucher.status !== "active"
      ? voucher.status
      : voucher.expiresAt <= now
        ? "expired"
        : voucher.balanceCents === 0
          ? "spent"
          : "active";
  return {
    code: voucher.code,
    value: voucherValueText(voucher),
    kind: voucher.kind,
    balanceCents: voucher.balanceCents,
    expiresAt: voucher.expiresAt,
    state,
  };
}

/** The buyer's voucher after paying (the provider asked first, as the shop's thank-you page does). */
export async function getBoughtVoucher(services: AppServices, userId: string, ref: string) {
  const confirmed = await confirmCheckout(services, userId, ref);
  if (!confirmed) return null;
  const provider = getPaymentProvider(services);
  const [row] = await services.database.db
    .select({ voucher: vouchers, status: purchases.status })
    .from(purchases)
    .innerJoin(vouchers, eq(vouchers.purchaseId, purchases.id))
    .where(and(eq(purchases.provider, provider.name), eq(purchases.providerRef, ref), eq(purchases.userId, userId)));
  return row ?? null;
}

/** One of the buyer's own vouchers, for its printable copy. */
export async function getOwnVoucher(services: AppServices, userId: string, voucherId: string) {
  const [voucher] = await services.database.db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.id, voucherId), eq(vouchers.buyerUserId, userId)));
  return voucher?.status === "active" ? voucher : null;
}
