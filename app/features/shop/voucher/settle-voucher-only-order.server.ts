import type { AppServices } from "~/lib/services.server";
import { applyPaymentEvent } from "../apply-payment-event.server";

/**
 * An order a gift voucher paid in full: nothing is charged, so no provider is asked, and the order
 * becomes paid through the same fulfilment as any payment (its pending row, `provider = 'voucher'`
 * and its own id as the reference, is what the payment names). Applying it twice is a no-op.
 */
export async function settleVoucherOnlyOrder(
  services: AppServices,
  input: { purchaseId: string; userId: string; productIds: string[]; consentAt: string | null },
): Promise<void> {
  await applyPaymentEvent(services, {
    event: {
      kind: "checkout.paid",
      checkout: {
        provider: "voucher",
        ref: input.purchaseId,
        userId: input.userId,
        productIds: input.productIds,
        totalCents: 0,
        paymentRef: null,
        consentAt: input.consentAt,
        mode: "payment",
      },
    },
  });
}
