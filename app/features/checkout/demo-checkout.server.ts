import { and, eq } from "drizzle-orm";
import { getProductsByIds } from "~/features/catalogue/get-product.server";
import { SUBSCRIPTION_ID } from "~/features/catalogue/product-labels";
import { handlePaymentEvent } from "~/features/payments/handle-payment-event.server";
import { purchases } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";

/** A demo checkout of this user that can still be paid, with its products. */
export async function getDemoCheckout(services: AppServices, userId: string, id: string) {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const { db } = services.database;
  const [row] = await db
    .select()
    .from(purchases)
    .where(and(eq(purchases.id, id), eq(purchases.userId, userId), eq(purchases.provider, "demo")));
  if (!row) return null;
  const items = await getProductsByIds(db, row.productIds);
  return {
    id: row.id,
    status: row.status,
    totalCents: row.totalAmountCents,
    isSubscription: row.productIds.includes(SUBSCRIPTION_ID),
    items: row.productIds.map((pid) => {
      const product = items.find((p) => p.id === pid);
      return { id: pid, title: product?.title ?? pid, priceCents: product?.priceCents ?? 0 };
    }),
  };
}

const MONTH_MS = 30 * 24 * 3600 * 1000;

/** Pay on the demo page: the same fulfilment a Stripe webhook runs. */
export async function payDemoCheckout(services: AppServices, userId: string, id: string) {
  const checkout = await getDemoCheckout(services, userId, id);
  if (!checkout || checkout.status === "cancelled") return null;
  const [row] = await services.database.db.select().from(purchases).where(eq(purchases.id, id));
  if (!row) return null;
  await handlePaymentEvent(services, {
    event: {
      kind: "checkout.paid",
      checkout: {
        provider: "demo",
        ref: row.id,
        userId,
        productIds: row.productIds,
        totalCents: row.totalAmountCents,
        paymentRef: `demo_pi_${row.id}`,
        consentAt: row.consent?.at ?? null,
        mode: checkout.isSubscription ? "subscription" : "payment",
      },
      subscription: checkout.isSubscription
        ? {
            provider: "demo",
            userId,
            customerId: `demo_cus_${userId}`,
            subscriptionId: `demo_sub_${row.id}`,
            live: true,
            periodEnd: new Date(Date.now() + MONTH_MS),
            cancelAtPeriodEnd: false,
          }
        : undefined,
    },
  });
  return checkout;
}

export async function cancelDemoCheckout(services: AppServices, userId: string, id: string) {
  await services.database.db
    .update(purchases)
    .set({ status: "cancelled" })
    .where(and(eq(purchases.id, id), eq(purchases.userId, userId), eq(purchases.status, "pending")));
}
