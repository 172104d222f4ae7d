import { AppError } from "~/lib/app-error";
import { formatPrice } from "~/lib/format-price";
import { checkoutMessages, includedInMembership, isPlan, type ProductType, shopMessages } from "./model";

export type CheckoutCandidate = {
  id: string;
  title: string;
  priceCents: number;
  productType: ProductType;
  archivedAt: Date | null;
  /** The product's file: a paid product without one cannot be sold (the buyer would get nothing). */
  downloadUrl: string | null;
};

export type CheckoutPlan = {
  mode: "payment" | "subscription";
  /** What is charged, in the order the buyer listed it, each product once. */
  lines: { productId: string; title: string; unitAmountCents: number }[];
  totalCents: number;
};

/**
 * What a checkout charges, decided from the database's products and the buyer's facts, never from
 * the browser's titles and prices. Products the buyer owns and guides their membership includes are
 * left out; the plan is bought on its own; a checkout that would charge nothing is refused.
 */
export function planCheckout(input: {
  requestedIds: readonly string[];
  /** The requested products as stored (archived ones included, so they can be refused). */
  found: readonly CheckoutCandidate[];
  owned: ReadonlySet<string>;
  member: boolean;
  /** The prices the buyer was shown, by product id; any that differs from the charge is refused. */
  seenPrices?: ReadonlyMap<string, number>;
}): CheckoutPlan {
  const ids = [...new Set(input.requestedIds)];
  const byId = new Map(input.found.filter((p) => !p.archivedAt).map((p) => [p.id, p]));
  const isSubscription = ids.some((id) => isPlan({ id }));
  const title = isSubscription ? shopMessages.subscriptionError.title : shopMessages.paymentError.title;
  const refuse = (code: "invalid_request" | "conflict", message: string) => new AppError(code, message, title);

  if (ids.some((id) => !byId.has(id))) throw refuse("invalid_request", checkoutMessages.unavailable);
  if (isSubscription && ids.length > 1) throw refuse("invalid_request", checkoutMessages.planAlone);
  if (isSubscription && input.member) throw refuse("conflict", checkoutMessages.alreadyMember);

  const products = ids.map((id) => byId.get(id) as CheckoutCandidate);
  const included = products.filter((p) => includedInMembership(p.productType, input.member));
  const toBuy = products.filter((p) => isSubscription || (!input.owned.has(p.id) && !included.includes(p)));
  if (toBuy.length === 0) {
    throw refuse(
      "conflict",
      included.length > 0 ? checkoutMessages.includedInMembership : checkoutMessages.alreadyOwned,
    );
  }
  const totalCents = toBuy.reduce((sum, p) => sum + p.priceCents, 0);
  if (totalCents === 0) throw refuse("invalid_request", checkoutMessages.allFree);
  const fileless = toBuy.find((p) => !isPlan(p) && p.priceCents > 0 && !p.downloadUrl);
  if (fileless) throw refuse("invalid_request", checkoutMessages.noFile(fileless.title));
  const repriced = toBuy.find((p) => input.seenPrices?.has(p.id) && input.seenPrices.get(p.id) !== p.priceCents);
  if (repriced) {
    throw new AppError(
      "price_changed",
      checkoutMessages.priceChanged(repriced.title, formatPrice(repriced.priceCents)),
      title,
    );
  }
  return {
    mode: isSubscription ? "subscription" : "payment",
    lines: toBuy.map((p) => ({ productId: p.id, title: p.title, unitAmountCents: p.priceCents })),
    totalCents,
  };
}
