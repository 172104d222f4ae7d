import { AppError } from "~/lib/app-error";
import { purchases, vouchers } from "~/lib/db/schema.server";
import { formatAmount } from "~/lib/format-price";
import type { AppServices } from "~/lib/services.server";
import { zonedInstant } from "~/lib/zoned-time";
import { checkoutFailed } from "../checkout-failed.server";
import { getPaymentProvider } from "../get-payment-provider.server";
import { writeOrderLines } from "../ledger/write-order-lines.server";
import { generateVoucherCode } from "./generate-voucher-code.server";
import { type VoucherOrder, voucherTitle } from "./voucher-form";
import { purposeOf, VOUCHER_LIMITS, voucherExpiry, voucherLineId } from "./voucher-model";

/** The hour of the chosen London day a scheduled voucher's e-mail goes out. */
export const DELIVERY_TIME = "09:00";

/**
 * Opens the payment for a gift voucher (issue 25 item 1), through the same providers as everything
 * else: the voucher is written `pending` with a new code, the order's one line is the voucher, and the
 * payment, when it arrives, issues its value (`voucher-line-kind.server.ts`). What a service voucher
 * costs comes from booking's catalogue through the route (the shop knows no services): its price now.
 */
export async function startVoucherCheckout(
  services: AppServices,
  account: { id: string; email: string },
  order: VoucherOrder & { service?: { id: string; title: string; priceCents: number } | undefined },
  now = new Date(),
): Promise<{ url: string; voucherId: string }> {
  const { db } = services.database;
  if (order.kind === "service" && !order.service) throw new AppError("not_found", "Service not found");
  const valueCents = order.kind === "service" ? (order.service?.priceCents ?? 0) : order.pounds * 100;
  if (valueCents < VOUCHER_LIMITS.minPounds * 100 && order.kind === "amount") {
    throw new AppError("invalid_request", "Please choose an amount from £10 to £500, in whole pounds.");
  }
  const voucherId = crypto.randomUUID();
  const purchaseId = crypto.randomUUID();
  const title = voucherTitle(order.kind === "service" ? (order.service?.title ?? "") : formatAmount(valueCents));
  const provider = getPaymentProvider(services);
  let checkout: { ref: string; url: string };
  try {
    checkout = await provider.createCheckout({
      mode: "payment",
      purchaseId,
      user: account,
      lines: [{ productId: voucherLineId(voucherId), title, unitAmountCents: valueCents }],
      totalCents: valueCents,
      consentAt: now.toISOString(),
      returnPath: "/gift-vouchers/bought",
      cancelPath: "/gift-vouchers",
    });
  } catch (error) {
    throw checkoutFailed(services, provider, error, "voucher");
  }
  await db.transaction(async (tx) => {
    // A webhook may have come first and written the order: then the order row is left as it is.
    await tx
      .insert(purchases)
      .values({
        id: purchaseId,
        userId: account.id,
        status: "pending",
        totalAmountCents: valueCents,
        productIds: [],
        provider: provider.name,
        providerRef: checkout.ref,
      })
      .onConflictDoNothing();
    await tx.insert(vouchers).values({
      id: voucherId,
      code: generateVoucherCode(),
      kind: order.kind,
      purpose: purposeOf(order.kind),
      serviceId: order.kind === "service" ? (order.service?.id ?? null) : null,
      serviceTitle: order.kind === "service" ? (order.service?.title ?? null) : null,
      valueCents,
      status: "pending",
      source: "sold",
      purchaseId,
      buyerUserId: account.id,
      buyerName: order.buyerName,
      recipientName: order.recipientName,
      recipientEmail: order.recipientEmail || null,
      message: order.message,
      sendAt: order.sendOn ? zonedInstant(order.sendOn, DELIVERY_TIME) : order.recipientEmail ? now : null,
      // Shown at sale; counted again from the day it is paid (voucher-line-kind.server.ts).
      expiresAt: voucherExpiry(now),
    });
    await writeOrderLines(tx, purchaseId, [{ kind: "voucher", voucherId, title, amountCents: valueCents }]);
  });
  return { url: checkout.url, voucherId };
}
