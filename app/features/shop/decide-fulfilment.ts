import { includedInMembership, isPlan, type ProductType, type PurchaseLine, type RefundReason } from "./model";

export type FulfilmentFacts = {
  /** Products the buyer has through other paid purchases (not this one). */
  owned: ReadonlySet<string>;
  /** Whether the buyer is a Digital Access member through another subscription than this payment's. */
  member: boolean;
  /** The checkout's products as they are now; a missing one was deleted. */
  products: ReadonlyMap<string, { productType: ProductType; archivedAt: Date | null }>;
};

export type FulfilmentDecision = {
  /** What the purchase gives the buyer. */
  grant: string[];
  /** What the purchase charged for those, in pence. */
  grantedCents: number;
  /** Money to send back, one entry per reason. */
  refunds: { reason: RefundReason; productIds: string[]; amountCents: number }[];
};

/**
 * What a confirmed payment gives, decided when the money arrives, not when the checkout opened: a
 * checkout may have been left open while the buyer bought the same thing elsewhere, joined Digital
 * Access, or the owner withdrew a product. Those lines are refunded, never charged twice or sold
 * undelivered. Without the lines as charged (a payment we never saw start), only a whole refund can
 * be exact, so anything to refund refunds it all.
 */
export function decideFulfilment(
  checkout: {
    productIds: readonly string[];
    lines: readonly Pick<PurchaseLine, "productId" | "unitAmountCents">[] | null;
    totalCents: number;
  },
  facts: FulfilmentFacts,
): FulfilmentDecision {
  const reasons = new Map<string, RefundReason>();
  for (const id of checkout.productIds) {
    const product = facts.products.get(id);
    if (isPlan({ id })) {
      if (facts.member) reasons.set(id, "already_owned");
    } else if (facts.owned.has(id) || (product && includedInMembership(product.productType, facts.member))) {
      reasons.set(id, "already_owned");
    } else if (!product || product.archivedAt) {
      reasons.set(id, "unavailable");
    }
  }
  if (reasons.size === 0) {
    return { grant: [...checkout.productIds], grantedCents: checkout.totalCents, refunds: [] };
  }

  const priceOf = new Map(checkout.lines?.map((line) => [line.productId, line.unitAmountCents]));
  const exact = checkout.lines !== null && checkout.productIds.every((id) => priceOf.has(id));
  const refunded = exact ? [...reasons.keys()] : [...checkout.productIds];
  const grant = checkout.productIds.filter((id) => !refunded.includes(id));
  const amountOf = (ids: string[]) =>
    exact ? ids.reduce((sum, id) => sum + (priceOf.get(id) ?? 0), 0) : checkout.totalCents;

  const byReason = new Map<RefundReason, string[]>();
  for (const id of refunded) {
    const reason = reasons.get(id) ?? [...reasons.values()][0] ?? "unavailable";
    byReason.set(reason, [...(byReason.get(reason) ?? []), id]);
  }
  // A total that is not the sum of its lines (never expected) is refunded as a whole.
  const refunds = exact
    ? [...byReason].map(([reason, productIds]) => ({ reason, productIds, amountCents: amountOf(productIds) }))
    : [{ reason: [...byReason.keys()][0] as RefundReason, productIds: refunded, amountCents: checkout.totalCents }];
  const refundedCents = refunds.reduce((sum, r) => sum + r.amountCents, 0);
  return {
    grant,
    grantedCents: Math.max(0, checkout.totalCents - refundedCents),
    refunds: refunds.filter((r) => r.amountCents > 0),
  };
}
