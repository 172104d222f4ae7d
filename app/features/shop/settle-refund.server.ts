import { and, eq, isNull } from "drizzle-orm";
import { sellerDetails } from "~/features/site-settings/seller-details.server";
import type { Transaction } from "~/lib/db/client.server";
import { orderLines, type Purchase, purchases, refundLines, refunds, subscribers, user } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { getPaymentProvider } from "./get-payment-provider.server";
import { getProductsByIds } from "./get-product.server";
import { lineKindOfRefund } from "./line-kinds.server";
import { isPlan, type RefundReason } from "./model";
import { RefundError } from "./payment-provider.server";
import { refundEmail } from "./refund-email";
import { sendOwnerNotice } from "./send-notices.server";
import { vatCreditOf } from "./vat/vat-credit.server";
import { reissueCancelledVoucher, restoreToVoucher } from "./voucher/return-to-voucher.server";

export type SettledRefund = { status: "succeeded" | "failed" | "pending"; failure?: string | undefined };

/**
 * Sends a recorded refund to the provider and tells the buyer. The refund's id is the provider's
 * idempotency key, so settling twice (a retry, two processes) refunds once, and only the call that
 * marks it succeeded sends the e-mail. A provider that refuses marks it failed, with the reason, for
 * the owner to act on; an outage leaves it pending, to be retried (`retryPendingRefunds`).
 */
export async function settleRefund(services: AppServices, refundId: string): Promise<SettledRefund> {
  const { db } = services.database;
  const [row] = await db
    .select({ refund: refunds, purchase: purchases })
    .from(refunds)
    .innerJoin(purchases, eq(purchases.id, refunds.purchaseId))
    .where(eq(refunds.id, refundId));
  if (!row) return { status: "failed", failure: "No such refund" };
  const { refund, purchase } = row;
  if (refund.status !== "pending") return { status: refund.status, failure: refund.failure ?? undefined };

  const provider = getPaymentProvider(services);
  // What goes back to a card: a gift voucher's part goes back to the voucher (decision 048).
  const cardCents = refund.amountCents - refund.voucherCents;
  let providerRef = "voucher";
  try {
    if (cardCents === 0) {
      // Nothing to send: the whole refund goes back to the voucher when it is marked made, below.
    } else if (purchase.provider !== provider.name) {
      throw new RefundError(`This purchase was paid through ${purchase.provider}, which is not configured here.`);
    } else if (!purchase.paymentRef) {
      throw new RefundError(
        "Membership payments are refunded from the Stripe Dashboard; the subscription was cancelled so it will not renew.",
      );
    } else {
      providerRef = await provider.refund({
        key: refund.id,
        purchaseId: purchase.id,
        paymentRef: purchase.paymentRef,
        amountCents: cardCents,
      });
    }
  } catch (error) {
    if (!(error instanceof RefundError)) {
      services.logger.warn({ err: error, refundId }, "refund not sent yet; it will be retried");
      return { status: "pending" };
    }
    await db.transaction(async (tx) => {
      const [failed] = await tx
        .update(refunds)
        .set({ status: "failed", failure: error.message, completedAt: new Date() })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, "pending")))
        .returning({ id: refunds.id });
      // A voucher's sale whose refund was refused: the voucher is given back as it was.
      if (failed) await reissueCancelledVoucher(tx, refund.id);
    });
    services.logger.error({ refundId, purchaseId: purchase.id, reason: error.message }, "refund refused");
    return { status: "failed", failure: error.message };
  }

  const settled = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(refunds)
      .set({ status: "succeeded", providerRef, completedAt: new Date() })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, "pending")))
      .returning({ id: refunds.id });
    if (done) await restoreToVoucher(tx, refund);
    // An admin's refund returns the whole purchase, and an order with nothing left to refund is
    // refunded: access to what it bought ends now.
    if (done && (refund.reason === "admin" || (await nothingLeft(tx, purchase.id)))) await endPurchase(tx, purchase);
    return Boolean(done);
  });
  if (!settled) return { status: "succeeded" };
  services.logger.info(
    { refundId, purchaseId: purchase.id, cents: refund.amountCents, reason: refund.reason },
    "refund made",
  );
  // A session's or package's refund is told by its kind (its cancellation e-mail may have said it already).
  const kind = lineKindOfRefund(refund);
  const told = kind ? await kind.afterRefund(services, refund) : false;
  if (!told) await sendRefundNotice(services, { ...refund, userId: purchase.userId });
  return { status: "succeeded" };
}

async function sendRefundNotice(
  services: AppServices,
  refund: {
    id: string;
    purchaseId: string;
    userId: string;
    productIds: string[];
    amountCents: number;
    /** What of it went back to a gift voucher (decision 048). */
    voucherCents: number;
    reason: RefundReason;
  },
) {
  try {
    const { db } = services.database;
    const [buyer] = await db
      .select({ email: user.email, name: user.name })
      .from(user)
      .where(eq(user.id, refund.userId));
    if (!buyer) return;
    const titled = await getProductsByIds(db, refund.productIds);
    // A refund of a line that is no product (a package) is named by its line, as sold.
    const titles = refund.productIds.length
      ? refund.productIds.map((id) => titled.find((p) => p.id === id)?.title ?? id)
      : (
          await db
            .select({ title: orderLines.title })
            .from(refundLines)
            .innerJoin(orderLines, eq(orderLines.id, refundLines.lineId))
            .where(eq(refundLines.refundId, refund.id))
        ).map((line) => line.title);
    await services.mailer.send(
      refundEmail(await sellerDetails(services.database.db), buyer, {
        orderId: refund.purchaseId,
        reason: refund.reason,
        amountCents: refund.amountCents,
        voucherCents: refund.voucherCents,
        titles,
        // Products are in My Sacred Downloads; a session or package in My Sessions.
        accountUrl: `${services.env.PUBLIC_URL}${refund.productIds.length ? "/my-purchases" : "/my-sessions"}`,
        vatCredit: await vatCreditOf(db, refund),
      }),
    );
    await sendOwnerNotice(services, {
      kind: "refund",
      orderId: refund.purchaseId,
      buyerEmail: buyer.email,
      titles,
      amountCents: refund.amountCents,
    });
  } catch (error) {
    // The money went back whether or not the e-mail goes; the refund is recorded.
    services.logger.error({ err: error, purchaseId: refund.purchaseId }, "refund e-mail failed");
  }
}

/** Whether every line of the order has given back all it took (and it took something). */
async function nothingLeft(tx: Transaction, purchaseId: string): Promise<boolean> {
  const lines = await tx
    .select({ amountCents: orderLines.amountCents, refundedCents: orderLines.refundedCents })
    .from(orderLines)
    .where(eq(orderLines.purchaseId, purchaseId));
  const taken = lines.reduce((sum, line) => sum + line.amountCents, 0);
  return taken > 0 && lines.every((line) => line.refundedCents >= line.amountCents);
}

/** A purchase refunded in full: it stops counting as paid, and a demo membership it paid for ends. */
async function endPurchase(tx: Transaction, purchase: Purchase) {
  const now = new Date();
  await tx
    .update(purchases)
    .set({ status: "refunded", refundedAt: now })
    .where(and(eq(purchases.id, purchase.id), eq(purchases.status, "paid")));
  await tx
    .update(orderLines)
    .set({ endedAt: now })
    .where(and(eq(orderLines.purchaseId, purchase.id), isNull(orderLines.endedAt)));
  if (purchase.provider === "demo" && purchase.productIds.some((id) => isPlan({ id }))) {
    await tx
      .update(subscribers)
      .set({ subscribed: false, cancelAtPeriodEnd: false, subscriptionEnd: new Date() })
      .where(eq(subscribers.userId, purchase.userId));
  }
}
