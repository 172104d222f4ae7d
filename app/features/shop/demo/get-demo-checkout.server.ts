import { and, eq } from "drizzle-orm";
import { purchases } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { bookingIdOfLine } from "../booking/booking-model";
import { getProductsByIds } from "../get-product.server";
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
  return {
    id: row.id,
    status: row.status,
    totalCents: row.totalAmountCents,
    productIds: row.productIds,
    consentAt: row.consent?.at ?? null,
    isSubscription: row.productIds.some((id) => isPlan({ id })),
    items: row.productIds.map((pid) => {
      const product = items.find((p) => p.id === pid);
      // A booked session is no product: its line says what it is and what it costs.
      const line = row.lines?.find((l) => l.productId === pid);
      return {
        id: pid,
        title: product?.title ?? line?.title ?? pid,
        // As priced when the checkout opened, before the code's share (shown once, as the discount).
        priceCents: line ? line.unitAmountCents + (line.discountCents ?? 0) : (product?.priceCents ?? 0),
      };
    }),
    discount: row.discountCode ? { code: row.discountCode, amountCents: row.discountCents } : null,
    /** The session this checkout pays for, if it is a booking. */
    bookingId: row.productIds.length === 1 ? bookingIdOfLine(row.productIds[0] as string) : null,
  };
}
