import { and, inArray, isNull } from "drizzle-orm";
import { getProductsByIds } from "~/features/catalogue/get-product.server";
import { includedInMembership, SUBSCRIPTION_ID } from "~/features/catalogue/product-labels";
import { getOwnedProductIds } from "~/features/entitlements/get-owned-product-ids.server";
import { getMembership } from "~/features/membership/get-membership.server";
import { getPaymentProvider } from "~/features/payments/get-payment-provider.server";
import { CheckoutError } from "~/features/payments/payment-provider.server";
import { products, purchases } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { paymentInnerMessages, shopMessages, subscriptionInnerMessages } from "~/lib/shop-messages";
import { CONSENT_WORDING, checkoutProductSchema, checkoutRequestSchema } from "./checkout-schemas";

export type CheckoutResult =
  | { ok: true; url: string; mode: "payment" | "subscription" }
  | { ok: false; status: 400 | 409 | 502; title: string; message: string };

/**
 * Starts a checkout for the signed-in user. The browser's list is only a list of ids: titles,
 * prices and the customer come from our database and session. Products the buyer owns, and guides
 * a member's Digital Access includes, are left out; each product is charged once.
 */
export async function createCheckout(
  services: AppServices,
  account: { id: string; email: string },
  body: unknown,
): Promise<CheckoutResult> {
  const { db } = services.database;
  const parsed = checkoutRequestSchema.safeParse(body);
  if (!parsed.success) {
    const consentMissing = parsed.error.issues.some((i) => i.path[0] === "consent");
    return {
      ok: false,
      status: 400,
      title: shopMessages.paymentError.title,
      message: consentMissing
        ? "Please confirm you want immediate access to the digital content."
        : "Invalid checkout request",
    };
  }
  const items = [];
  for (const raw of parsed.data.products) {
    const item = checkoutProductSchema.safeParse(raw);
    if (!item.success) return { ok: false, status: 400, ...securityError() };
    items.push(item.data);
  }
  const ids = [...new Set(items.map((i) => i.id))];
  const found = (await getProductsByIds(db, ids)).filter((p) => !p.archivedAt);
  if (found.length !== ids.length) {
    return {
      ok: false,
      status: 400,
      title: shopMessages.paymentError.title,
      message: "A product in your cart is no longer available",
    };
  }

  const provider = getPaymentProvider(services);
  const isSubscription = ids.includes(SUBSCRIPTION_ID);
  const errorTitle = isSubscription ? shopMessages.subscriptionError.title : shopMessages.paymentError.title;
  if (isSubscription && ids.length > 1) {
    return { ok: false, status: 400, title: errorTitle, message: "Digital Access is bought on its own" };
  }
  const member = (await getMembership(db, account.email)).subscribed;
  if (isSubscription && member) {
    return { ok: false, status: 409, title: errorTitle, message: "You already have Digital Access" };
  }

  // Left out: what the buyer owns, and the guides their membership already includes.
  const owned = isSubscription ? new Set<string>() : await getOwnedProductIds(db, account.id);
  const included = found.filter((p) => includedInMembership(p.productType, member));
  const toBuy = found
    .filter((p) => !owned.has(p.id) && !included.includes(p))
    .sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  const totalCents = toBuy.reduce((sum, p) => sum + p.priceCents, 0);
  if (toBuy.length === 0) {
    const message =
      included.length > 0
        ? "Your Digital Access membership already includes these guides: download them free"
        : "You already own these products";
    return { ok: false, status: 409, title: errorTitle, message };
  }
  if (totalCents === 0) {
    return {
      ok: false,
      status: 400,
      title: errorTitle,
      message: "These products are free: use Download Free on each product",
    };
  }

  const purchaseId = crypto.randomUUID();
  const consentAt = new Date().toISOString();
  const mode = isSubscription ? "subscription" : "payment";
  let checkout: { ref: string; url: string };
  try {
    checkout = await provider.createCheckout({
      mode,
      purchaseId,
      user: account,
      lines: toBuy.map((p) => ({ productId: p.id, title: p.title, unitAmountCents: p.priceCents })),
      totalCents,
      consentAt,
    });
  } catch (error) {
    services.logger.error({ err: error, provider: provider.name }, "checkout creation failed");
    const message =
      error instanceof CheckoutError
        ? error.message
        : isSubscription
          ? subscriptionInnerMessages.failed
          : paymentInnerMessages.failed;
    return { ok: false, status: 502, title: errorTitle, message };
  }

  // The pending row carries the consent; the webhook or Pay turns it paid. If a webhook won the race
  // and inserted the paid row first, this insert is a no-op. The products are share-locked and
  // checked again first: an admin deleting one meanwhile either waits and then finds this checkout
  // (and archives the product instead), or went first, and then the buyer never gets a payment link.
  const productIds = toBuy.map((p) => p.id);
  const stillForSale = await db.transaction(async (tx) => {
    const live = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, productIds), isNull(products.archivedAt)))
      .for("share");
    if (live.length !== productIds.length) return false;
    await tx
      .insert(purchases)
      .values({
        id: purchaseId,
        userId: account.id,
        status: "pending",
        totalAmountCents: totalCents,
        productIds,
        provider: provider.name,
        providerRef: checkout.ref,
        consent: { at: consentAt, wording: CONSENT_WORDING },
      })
      .onConflictDoNothing();
    return true;
  });
  if (!stillForSale) {
    return { ok: false, status: 409, title: errorTitle, message: "A product in your cart is no longer available" };
  }
  return { ok: true, url: checkout.url, mode };
}

function securityError() {
  return { title: shopMessages.securityError.title, message: shopMessages.securityError.description };
}
