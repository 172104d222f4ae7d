import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { products, purchases } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { checkoutFailed } from "./checkout-failed.server";
import { discountMessages } from "./discount/price-discount";
import { releaseDiscount, reserveDiscount } from "./discount/reserve-discount.server";
import { getMembership } from "./get-membership.server";
import { getOwnedProductIds } from "./get-owned-product-ids.server";
import { getPaymentProvider } from "./get-payment-provider.server";
import { getProductsByIds } from "./get-product.server";
import { writeOrderLines } from "./ledger/write-order-lines.server";
import {
  CONSENT_WORDING,
  checkoutMessages,
  isPlan,
  LIMITS,
  type PurchaseLine,
  paymentInnerMessages,
  subscriptionInnerMessages,
} from "./model";
import { planCheckout } from "./plan-checkout";
import { releaseVoucherHold, reserveVoucher, type VoucherHold } from "./voucher/reserve-voucher.server";
import { settleVoucherOnlyOrder } from "./voucher/settle-voucher-only-order.server";
import { looksLikeVoucherCode, voucherMessages } from "./voucher/voucher-model";

/**
 * Starts a checkout for the signed-in user, who has consented to immediate access. What is charged
 * is planned from our database and the buyer's facts (`planCheckout`); the provider gets the lines,
 * and a pending purchase records the checkout and the consent until the payment is confirmed.
 * Refusals are thrown as AppErrors with the spec's titles.
 */
export async function createCheckout(
  services: AppServices,
  account: { id: string; email: string },
  input: {
    productIds: string[];
    seenPrices?: ReadonlyMap<string, number>;
    discountCode?: string | undefined;
    voucherCode?: string | undefined;
  },
): Promise<{
  url: string;
  mode: "payment" | "subscription";
  totalCents: number;
  discountCents: number;
  /** Nothing left to pay: settled here with no provider, and `url` is My Sacred Downloads. */
  paidByVoucher: boolean;
}> {
  // A gift voucher's code is typed where a discount code is (decision 048): its shape tells which.
  const voucherCode =
    input.voucherCode ??
    (input.discountCode && looksLikeVoucherCode(input.discountCode) ? input.discountCode : undefined);
  const discountCode = voucherCode === input.discountCode ? undefined : input.discountCode;
  const { db } = services.database;
  const [found, owned, membership] = await Promise.all([
    getProductsByIds(db, [...new Set(input.productIds)]),
    getOwnedProductIds(db, account.id),
    getMembership(db, account.email),
  ]);
  const plan = planCheckout({
    requestedIds: input.productIds,
    found,
    owned,
    member: membership.subscribed,
    seenPrices: input.seenPrices,
  });
  const isSubscription = plan.mode === "subscription";
  const title = isSubscription ? "Subscription Error" : "Payment Error";

  const provider = getPaymentProvider(services);
  const purchaseId = crypto.randomUUID();
  const consentAt = new Date().toISOString();
  // A code is priced on the plan's lines (the database's prices) and its use taken before the provider
  // is asked, so the last use of a code goes to one checkout only (decision 033). Membership takes none.
  let discount: Awaited<ReturnType<typeof reserveDiscount>> | null = null;
  if (discountCode) {
    if (isSubscription) throw new AppError("discount_refused", discountMessages.membership, discountMessages.title);
    discount = await reserveDiscount(db, { code: discountCode, purchaseId, lines: plan.lines, userId: account.id });
  }
  const lines: PurchaseLine[] = discount?.priced.lines ?? plan.lines;
  const dueCents = discount?.priced.totalCents ?? plan.totalCents;
  // A voucher's part is held now, under its row's lock, so its last pounds pay for one checkout only.
  let hold: VoucherHold | null = null;
  if (voucherCode) {
    if (isSubscription) throw new AppError("discount_refused", voucherMessages.notForMembership, voucherMessages.title);
    hold = await db.transaction((tx) => reserveVoucher(tx, { code: voucherCode, purchaseId, dueCents }));
  }
  const voucherCents = hold?.amountCents ?? 0;
  const totalCents = dueCents - voucherCents;
  const releaseHolds = async () => {
    if (discount) await releaseDiscount(db, purchaseId);
    if (hold) await db.transaction((tx) => releaseVoucherHold(tx, purchaseId));
  };
  // Taken off at the provider as one amount: the code's share and the voucher's.
  const takenOff = (discount?.priced.discountCents ?? 0) + voucherCents;
  const offLabel = [discount?.code, hold ? "Gift voucher" : null].filter(Boolean).join(" + ");
  let checkout: { ref: string; url: string };
  try {
    checkout =
      totalCents === 0
        ? // Paid in full by the voucher: no provider is asked; the order is settled below.
          { ref: purchaseId, url: "/my-purchases" }
        : await provider.createCheckout({
            mode: plan.mode,
            purchaseId,
            user: account,
            lines: plan.lines,
            totalCents,
            consentAt,
            discount: takenOff > 0 ? { code: offLabel, amountCents: takenOff } : undefined,
          });
  } catch (error) {
    await releaseHolds();
    throw checkoutFailed(services, provider, error, isSubscription ? "membership" : "shop", {
      fallback: isSubscription ? subscriptionInnerMessages.failed : paymentInnerMessages.failed,
      title,
    });
  }

  // The pending row carries the consent; the webhook or Pay turns it paid. If a webhook won the race
  // and inserted the paid row first, this insert is a no-op. The products are share-locked and
  // checked again first: an admin deleting one meanwhile either waits and then finds this checkout
  // (and archives the product instead), or went first, and then the buyer never gets a payment link.
  const productIds = plan.lines.map((line) => line.productId);
  const opened = await db.transaction(async (tx) => {
    const live = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, productIds), isNull(products.archivedAt)))
      .for("share");
    if (live.length !== productIds.length) return null;
    await tx
      .insert(purchases)
      .values({
        id: purchaseId,
        userId: account.id,
        status: "pending",
        totalAmountCents: totalCents,
        productIds,
        provider: totalCents === 0 ? "voucher" : provider.name,
        providerRef: checkout.ref,
        consent: { at: consentAt, wording: CONSENT_WORDING },
        discountCode: discount?.code ?? null,
        discountCents: discount?.priced.discountCents ?? 0,
        voucherCents,
      })
      .onConflictDoNothing();
    await writeOrderLines(
      tx,
      purchaseId,
      lines.map((line) => ({
        kind: isPlan({ id: line.productId }) ? ("membership" as const) : ("product" as const),
        productId: line.productId,
        title: line.title,
        amountCents: line.unitAmountCents,
        discountCents: line.discountCents ?? 0,
      })),
    );
    // One account holds a few open checkouts at most: the oldest beyond that are closed.
    const open = await tx
      .select({ id: purchases.id, ref: purchases.providerRef })
      .from(purchases)
      .where(and(eq(purchases.userId, account.id), eq(purchases.status, "pending")))
      .orderBy(desc(purchases.createdAt), desc(purchases.id));
    const closed = open.slice(LIMITS.maxOpenCheckouts).filter((row) => row.id !== purchaseId);
    if (closed.length > 0) {
      await tx
        .update(purchases)
        .set({ status: "expired" })
        .where(
          and(
            inArray(
              purchases.id,
              closed.map((row) => row.id),
            ),
            eq(purchases.status, "pending"),
          ),
        );
    }
    return { closedRefs: closed.flatMap((row) => (row.ref ? [row.ref] : [])) };
  });
  if (!opened) {
    if (totalCents > 0) await provider.expireCheckout(checkout.ref).catch(() => {});
    await releaseHolds();
    throw new AppError("conflict", checkoutMessages.unavailable, title);
  }
  for (const ref of opened.closedRefs) {
    await provider
      .expireCheckout(ref)
      .catch((error: unknown) => services.logger.warn({ err: error, ref }, "could not close an old checkout"));
  }
  if (totalCents === 0) {
    await settleVoucherOnlyOrder(services, {
      purchaseId,
      userId: account.id,
      productIds,
      consentAt,
    });
  }
  return {
    url: checkout.url,
    mode: plan.mode,
    totalCents,
    discountCents: discount?.priced.discountCents ?? 0,
    paidByVoucher: totalCents === 0,
  };
}
