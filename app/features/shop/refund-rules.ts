import { AppError } from "~/lib/app-error";
import type { LineKind, PaymentProviderName, PurchaseStatus } from "./model";

export type RefundCandidate = {
  status: PurchaseStatus;
  totalAmountCents: number;
  provider: PaymentProviderName;
  /** The provider's payment (a Stripe PaymentIntent); a subscription's checkout has none. */
  paymentRef: string | null;
  /** What a gift voucher paid of it (decision 048): an order a voucher paid in full has that to refund. */
  voucherCents?: number | undefined;
  /** What its lines are: a session or package is refunded by its own rules, not from here. */
  kinds?: readonly LineKind[] | undefined;
};

/**
 * Why a purchase cannot be refunded from here, or null when it can: only paid purchases with money
 * to return, through the provider that took it. Refunding twice is refused, not repeated.
 */
export function refundRefusal(purchase: RefundCandidate, configuredProvider: "stripe" | "demo"): AppError | null {
  if (purchase.status === "refunded") return new AppError("conflict", "This purchase has already been refunded.");
  // A session is refunded by cancelling it (from the diary), which keeps one refund per session.
  if (purchase.kinds?.some((kind) => kind === "session" || kind === "package")) {
    return new AppError("conflict", "Sessions are cancelled and refunded from the diary (Bookings).");
  }
  if (purchase.status !== "paid") return new AppError("conflict", "Only paid purchases can be refunded.");
  if ((purchase.totalAmountCents === 0 && !purchase.voucherCents) || purchase.provider === "free") {
    return new AppError("invalid_request", "A free claim has nothing to refund.");
  }
  if (purchase.provider === "stripe" && configuredProvider !== "stripe") {
    return new AppError("conflict", "This purchase was paid through Stripe, which is not configured here.");
  }
  if (purchase.provider === "stripe" && !purchase.paymentRef) {
    return new AppError(
      "conflict",
      "Membership payments are refunded from the Stripe Dashboard; cancelling the subscription there ends the membership.",
    );
  }
  return null;
}

/** Whether the orders list offers Refund for a purchase. */
export const isRefundable = (purchase: RefundCandidate, configuredProvider: "stripe" | "demo"): boolean =>
  refundRefusal(purchase, configuredProvider) === null;
