import { and, eq, inArray, ne } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import type { Transaction } from "~/lib/db/client.server";
import { products, purchases, refunds, subscribers, user } from "~/lib/db/schema.server";
import { bookingOfCheckout, fulfilBooking } from "./booking/fulfil-booking.server";
import { decideFulfilment } from "./decide-fulfilment";
import { countLatePaidUse } from "./discount/reserve-discount.server";
import { CONSENT_WORDING, checkoutMessages, PAYABLE_STATUSES, type PurchaseLine } from "./model";
import type { PaidCheckout, SubscriptionState } from "./payment-provider.server";
import { type MembershipChange, syncSubscription } from "./sync-subscription.server";

export type Fulfilment =
  | { fulfilled: false }
  | {
      fulfilled: true;
      purchaseId: string;
      /** Products the purchase gives (none when everything was refunded), and what it charged for them. */
      granted: string[];
      grantedCents: number;
      /** Refunds recorded pending, to be sent to the provider once this transaction commits. */
      refundIds: string[];
      /** A subscription this payment started that must not run (its buyer was already a member). */
      cancelSubscriptionId: string | null;
      /** What this payment changed in the buyer's membership (a new member, for the owner's notice). */
      membershipChange: MembershipChange | null;
      /** A booked session this payment was for: confirmed, or refused (the slot went to someone else). */
      booking?: { id: string; outcome: "confirmed" | "refused" } | undefined;
    };

/**
 * Where a payment becomes a purchase. The purchase row is keyed by (provider, checkout reference), so
 * however many deliveries of one payment race, one sale becomes exactly one paid row; our pending row
 * (from createCheckout, with the lines as charged) turns paid, and a checkout we never saw pending is
 * inserted. What it gives is decided now (`decideFulfilment`), with the buyer's row locked so two of
 * their checkouts paid at once are decided one after the other: a line the buyer already has, or that
 * is no longer for sale, is refunded instead of charged twice or sold undelivered. Runs inside the
 * caller's transaction (only `tx` may be used: PGlite).
 */
export async function fulfilCheckout(
  tx: Transaction,
  checkout: PaidCheckout,
  subscription?: SubscriptionState,
): Promise<Fulfilment> {
  const [buyer] = await tx.select({ email: user.email }).from(user).where(eq(user.id, checkout.userId)).for("update");
  if (!buyer) return { fulfilled: false };
  const [existing] = await tx
    .select()
    .from(purchases)
    .where(and(eq(purchases.provider, checkout.provider), eq(purchases.providerRef, checkout.ref)))
    .for("update");
  if (existing && !(PAYABLE_STATUSES as readonly string[]).includes(existing.status)) return { fulfilled: false };

  // A session is the second kind of thing sold: its payment confirms (or refunds) a held slot.
  const bookingId = bookingOfCheckout(checkout);
  if (bookingId) {
    const booked = await fulfilBooking(tx, checkout, existing, bookingId);
    if (!booked) return { fulfilled: false };
    return {
      fulfilled: true,
      purchaseId: booked.purchaseId,
      granted: [],
      grantedCents: 0,
      refundIds: booked.refundIds,
      cancelSubscriptionId: null,
      membershipChange: null,
      booking: { id: booked.bookingId, outcome: booked.outcome },
    };
  }

  const decision = decideFulfilment(
    { productIds: checkout.productIds, lines: existing?.lines ?? null, totalCents: checkout.totalCents },
    await fulfilmentFacts(tx, { ...checkout, email: buyer.email }, existing?.id),
  );
  if (checkout.refusable && decision.refunds.length > 0) {
    throw new AppError("conflict", checkoutMessages.checkoutStale, "Payment Error");
  }
  const granted = decision.grant;
  const lines: PurchaseLine[] | null = existing?.lines?.filter((line) => granted.includes(line.productId)) ?? null;
  const values = {
    status: granted.length > 0 ? ("paid" as const) : ("refunded" as const),
    // A purchase refunded in full keeps what it charged, so the orders list shows what went back.
    totalAmountCents: granted.length > 0 ? decision.grantedCents : checkout.totalCents,
    productIds: granted.length > 0 ? granted : checkout.productIds,
    paymentRef: checkout.paymentRef,
    lines,
    refundedAt: granted.length > 0 ? null : new Date(),
    paidAt: new Date(),
  };
  let purchaseId: string;
  if (existing) {
    await tx.update(purchases).set(values).where(eq(purchases.id, existing.id));
    purchaseId = existing.id;
    // Paid at the discounted price, so its code's use counts, even if its closed checkout had released it.
    if (existing.discountCode) await countLatePaidUse(tx, existing.id);
  } else {
    purchaseId = crypto.randomUUID();
    await tx.insert(purchases).values({
      id: purchaseId,
      userId: checkout.userId,
      provider: checkout.provider,
      providerRef: checkout.ref,
      consent: checkout.consentAt ? { at: checkout.consentAt, wording: CONSENT_WORDING } : null,
      ...values,
    });
  }

  const refundIds: string[] = [];
  for (const refund of decision.refunds) {
    const [row] = await tx
      .insert(refunds)
      .values({ id: crypto.randomUUID(), purchaseId, ...refund })
      .onConflictDoNothing()
      .returning({ id: refunds.id });
    if (row) refundIds.push(row.id);
  }
  const planRefused = checkout.mode === "subscription" && granted.length === 0;
  const membershipChange = subscription && !planRefused ? await syncSubscription(tx, subscription) : null;
  return {
    fulfilled: true,
    purchaseId,
    granted,
    grantedCents: decision.grantedCents,
    refundIds,
    cancelSubscriptionId: planRefused ? (checkout.subscriptionId ?? subscription?.subscriptionId ?? null) : null,
    membershipChange,
  };
}

/** What the buyer has apart from this payment, and the checkout's products as they are now. */
async function fulfilmentFacts(
  tx: Transaction,
  checkout: PaidCheckout & { email: string },
  purchaseId: string | undefined,
) {
  // One query after another: a transaction is one connection.
  const owned = await tx
    .select({ productIds: purchases.productIds })
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, checkout.userId),
        eq(purchases.status, "paid"),
        purchaseId ? ne(purchases.id, purchaseId) : undefined,
      ),
    );
  const [member] = await tx.select().from(subscribers).where(eq(subscribers.email, checkout.email.toLowerCase()));
  const found = checkout.productIds.length
    ? await tx
        .select({ id: products.id, productType: products.productType, archivedAt: products.archivedAt })
        .from(products)
        .where(inArray(products.id, checkout.productIds))
    : [];
  const now = new Date();
  // Membership that this very payment started (its subscription event may have come first) is not "another".
  const otherSubscription = !checkout.subscriptionId || member?.providerSubscriptionId !== checkout.subscriptionId;
  return {
    owned: new Set(owned.flatMap((row) => row.productIds)),
    member: Boolean(
      member?.subscribed && (!member.subscriptionEnd || member.subscriptionEnd > now) && otherSubscription,
    ),
    products: new Map(found.map((p) => [p.id, p])),
  };
}
