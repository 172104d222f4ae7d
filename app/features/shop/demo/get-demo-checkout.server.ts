import { and, eq } from "drizzle-orm";
import { purchases } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { getProductsByIds } from "../get-product.server";
import { readOrderLines } from "../ledger/read-order-lines.server";
import { checkoutIdsOf } from "../line-kinds.server";
import { isPlan } from "../model";

/** A demo checkout of this user, with its products as they were priced; null when there is none. */
export async function getDemoCheckout(services: AppServices, userId: string, checkoutId: string) {
  const { db } = services.database;
  const [row] = await db
    .select()
    .from(purchases)
    .where(and(eq(purchases.id, checkoutId), eq(purchases.userId, userId), eq(purchases.provider, "demo")));
  if (!row) return null;
  const items = await getProductsByIds(db, row.productIds);
  const lines = (await readOrderLines(db, [row.id])).get(row.id) ?? [];
  return {
    id: row.id,
    status: row.status,
    totalCents: row.totalAmountCents,
    productIds: checkoutIdsOf(lines, row.productIds),
    consentAt: row.consent?.at ?? null,
    isSubscription: row.productIds.some((id) => isPlan({ id })),
    // Each line as priced when the checkout opened, before the code's share (shown once, as the discount).
    items: lines.length
      ? lines.map((line) => ({
          id: line.productId ?? line.id,
          title: line.title,
          priceCents: line.amountCents + line.discountCents,
        }))
      : row.productIds.map((pid) => {
          const product = items.find((p) => p.id === pid);
          return { id: pid, title: product?.title ?? pid, priceCents: product?.priceCents ?? 0 };
        }),
    discount: row.discountCode ? { code: row.discountCode, amountCents: row.discountCents } : null,
    /** The session this checkout pays for, if it is a booking (or a package's first session). */
    bookingId: lines.find((line) => line.bookingId)?.bookingId ?? null,
    /** What a gift voucher pays of it, and whether it sells one (decision 048). */
    voucherCents: row.voucherCents,
    sellsVoucher: lines.some((line) => line.kind === "voucher"),
  };
}
