import { and, eq, isNull, sql } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { discountRedemptions } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { getMembership } from "../get-membership.server";
import { getOwnedProductIds } from "../get-owned-product-ids.server";
import { getProductsByIds } from "../get-product.server";
import { planCheckout } from "../plan-checkout";
import { previewVoucher } from "../voucher/preview-voucher.server";
import { looksLikeVoucherCode } from "../voucher/voucher-model";
import { discountMessages } from "./price-discount";
import { checkDiscountCode, findDiscountCode } from "./reserve-discount.server";

export type DiscountPreview = {
  code: string;
  /** A gift voucher's code (the dialog and the cart name it so) rather than a discount code. */
  voucher: boolean;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
};

/**
 * What a code would take off these products for this buyer, for the dialog and the cart to show
 * before paying. It takes no use: checkout prices and reserves the code again, and its figures win.
 */
export async function previewDiscount(
  services: AppServices,
  account: { id: string; email: string } | null,
  input: { productIds: string[]; code: string },
): Promise<DiscountPreview> {
  const { db } = services.database;
  const [found, owned, membership] = await Promise.all([
    getProductsByIds(db, [...new Set(input.productIds)]),
    account ? getOwnedProductIds(db, account.id) : Promise.resolve(new Set<string>()),
    account ? getMembership(db, account.email) : Promise.resolve({ subscribed: false }),
  ]);
  const plan = planCheckout({ requestedIds: input.productIds, found, owned, member: membership.subscribed });
  if (plan.mode === "subscription") {
    throw new AppError("discount_refused", discountMessages.membership, discountMessages.title);
  }
  if (looksLikeVoucherCode(input.code)) return previewVoucher(db, input.code, plan.totalCents);
  const { row, priced } = checkDiscountCode(await findDiscountCode(db, input.code), plan.lines, new Date());
  if (row.maxUses !== null) {
    // Advisory only (uses held by closed checkouts are released when checkout next takes one).
    const [held] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(discountRedemptions)
      .where(and(eq(discountRedemptions.codeId, row.id), isNull(discountRedemptions.releasedAt)));
    if ((held?.count ?? 0) >= row.maxUses) {
      throw new AppError("discount_refused", discountMessages.usedUp, discountMessages.title);
    }
  }
  return {
    code: row.code,
    voucher: false,
    subtotalCents: plan.totalCents,
    discountCents: priced.discountCents,
    totalCents: priced.totalCents,
  };
}
