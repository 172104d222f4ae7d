import { and, eq, inArray, ne } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import type { Transaction } from "~/lib/db/client.server";
import { orderLines, products, purchases, subscribers, user } from "~/lib/db/schema.server";
import { decideFulfilment } from "./decide-fulfilment";
import { countLatePaidUse } from "./discount/reserve-discount.server";
import { recordRefund } from "./ledger/record-refund.server";
import { writeOrderLines } from "./ledger/write-order-lines.server";
import { type KindFulfilment, lineKindOf } from "./line-kinds.server";
import { CONSENT_WORDING, checkoutMessages, isPlan, PAYABLE_STATUSES } from "./model";
import type { PaidCheckout, SubscriptionState } from "./payment-provider.server";
import { type MembershipChange, syncSubscription } from "./sync-subscription.server";
import { retakeReleasedHold } from "./voucher/reserve-voucher.server";

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
      /** What a line kind (a booked session, a package) did with this payment, for its own e-mail. */
      kind?: KindFulfilment | undefined;
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
  // Paid after its checkout closed: a voucher hold given back meanwhile is taken again (decision 048).
  // Taken before the outcome is decided: a refund of it (the slot gone, say) may give the part back.
  const retaken =
    existing && existing.voucherCents > 0 && existing.status !== "pending"
      ? await retakeReleasedHold(tx, existing.id)
      : false;

  // Another kind of thing sold (a booked session, a package): its kind fulfils it (line-kinds.server.ts).
  const kind = lineKindOf(checkout.productIds);
  if (kind) {
    const done = await kind.fulfil(tx, checkout, existing);
    if (!done) {
      // Nothing fulfilled, so nothing may be taken from a voucher: the whole transaction is undone
      // (the payment is refused loudly, and retried, rather than the voucher silently charged).
      if (retaken) throw new Error(`a late payment of ${existing?.id} took a voucher hold again for nothing`);
      return { fulfilled: false };
    }
    return {
      fulfilled: true,
      purchaseId: done.purchaseId,
      granted: [],
      grantedCents: 0,
      refundIds: done.refundIds,
      cancelSubscriptionId: null,
      membershipChange: null,
      kind: done,
    };
  }

  const recorded = existing
    ? await tx
        .select({ productId: orderLines.productId, amountCents: orderLines.amountCents })
        .from(orderLines)
        .where(eq(orderLines.purchaseId, existing.id))
    : [];
  const decision = decideFulfilment(
    {
      productIds: checkout.productIds,
      lines: recorded.length
        ? recorded.map((line) => ({ productId: line.productId ?? "", unitAmountCents: line.amountCents }))
        : null,
      totalCents: checkout.totalCents,
    },
    await fulfilmentFacts(tx, { ...checkout, email: buyer.email }, existing?.id),
  );
  if (checkout.refusable && decision.refunds.length > 0) {
    throw new AppError("conflict", checkoutMessages.checkoutStale, "Payment Error");
  }
  const granted = decision.grant;
  const now = new Date();
  const values = {
    status: granted.length > 0 ? ("paid" as const) : ("refunded" as const),
    // What was charged, always: what goes back is in its refunds (decision 040).
    totalAmountCents: checkout.totalCents,
    productIds: granted.length > 0 ? granted : checkout.productIds,
    paymentRef: checkout.paymentRef,
    refundedAt: granted.length > 0 ? null : now,
    paidAt: now,
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

  if (recorded.length === 0) {
    await writeOrderLines(tx, purchaseId, await linesOfUnseenCheckout(tx, checkout));
  }
  const lines = await tx
    .select({ id: orderLines.id, productId: orderLines.productId })
    .from(orderLines)
    .where(eq(orderLines.purchaseId, purchaseId));
  const refundIds: string[] = [];
  for (const refund of decision.refunds) {
    const refunded = lines.filter((line) => line.productId !== null && refund.productIds.includes(line.productId));
    const refundId = await recordRefund(tx, {
      purchaseId,
      reason: refund.reason,
      amountCents: refund.amountCents,
      lineIds: refunded.length ? refunded.map((line) => line.id) : undefined,
      productIds: refund.productIds,
    });
    if (refundId) refundIds.push(refundId);
    // What is refunded is not given: its lines end now.
    const ended = refunded.length ? refunded.map((line) => line.id) : lines.map((line) => line.id);
    await tx.update(orderLines).set({ endedAt: now }).where(inArray(orderLines.id, ended));
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

/**
 * The lines of a paid checkout we never saw open (its pending row was lost): its products at their
 * prices now, scaled to what was charged, the first taking the pence left over.
 */
async function linesOfUnseenCheckout(tx: Transaction, checkout: PaidCheckout) {
  const found = checkout.productIds.length
    ? await tx
        .select({ id: products.id, title: products.title, priceCents: products.priceCents })
        .from(products)
        .where(inArray(products.id, checkout.productIds))
    : [];
  const priced = checkout.productIds.map((id) => found.find((p) => p.id === id) ?? { id, title: id, priceCents: 0 });
  const list = priced.reduce((sum, p) => sum + p.priceCents, 0);
  const amounts = priced.map((p, i) =>
    list > 0 ? Math.floor((checkout.totalCents * p.priceCents) / list) : i === 0 ? checkout.totalCents : 0,
  );
  amounts[0] = (amounts[0] ?? 0) + checkout.totalCents - amounts.reduce((sum, a) => sum + a, 0);
  return priced.map((p, i) => ({
    kind: isPlan(p) ? ("membership" as const) : ("product" as const),
    productId: found.some((f) => f.id === p.id) ? p.id : null,
    title: p.title,
    amountCents: amounts[i] ?? 0,
  }));
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
