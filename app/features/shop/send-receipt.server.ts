import { and, eq } from "drizzle-orm";
import { sellerDetails } from "~/features/site-settings/seller-details.server";
import { isClosedAddress } from "~/lib/closed-address";
import type { Database } from "~/lib/db/client.server";
import { purchases, subscribers, user, voucherEntries, vouchers } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { getProductsByIds } from "./get-product.server";
import { readOrderLines } from "./ledger/read-order-lines.server";
import { isPlan } from "./model";
import { type Receipt, receiptEmail } from "./receipt-email";
import { readVatInvoice } from "./vat/issue-vat-invoice.server";
import { voucherKeptCents } from "./voucher/voucher-kept.server";
import { voucherLastDay } from "./voucher/voucher-model";

/** The link in an e-mail that leads through sign-in to a protected download. */
export function downloadLink(publicUrl: string, productId: string): string {
  return `${publicUrl}/auth?redirectTo=${encodeURIComponent(`/api/downloads/${encodeURIComponent(productId)}`)}`;
}

/** A purchase's receipt, built from the purchase as recorded (its lines as charged). */
export async function buildReceipt(services: AppServices, purchaseId: string) {
  const { db } = services.database;
  const [row] = await db
    .select({ purchase: purchases, email: user.email, name: user.name })
    .from(purchases)
    .innerJoin(user, eq(user.id, purchases.userId))
    .where(eq(purchases.id, purchaseId));
  if (!row) return null;
  const { purchase } = row;
  const products = await getProductsByIds(db, purchase.productIds);
  const titleOf = (id: string) => products.find((p) => p.id === id)?.title ?? id;
  // The receipt is for what the order gives: a line refunded as it was paid (bought twice, withdrawn)
  // is told in its refund's e-mail, and takes its share of the discount with it.
  const kept = ((await readOrderLines(db, [purchase.id])).get(purchase.id) ?? []).filter(
    (line) => !line.endedAt || purchase.status === "refunded",
  );
  const lines: Receipt["lines"] = kept.map((line) => ({
    title: line.title,
    // The item's price; a code's share of it is shown once, on the discount row.
    amountCents: line.amountCents + line.discountCents,
    monthly: line.kind === "membership",
  }));
  const keptCents = kept.reduce((sum, line) => sum + line.amountCents, 0);
  const discountCents = kept.reduce((sum, line) => sum + line.discountCents, 0);
  const plan = purchase.productIds.some((id) => isPlan({ id }));
  let membership: Receipt["membership"] = null;
  if (plan) {
    const [member] = await db.select().from(subscribers).where(eq(subscribers.userId, purchase.userId));
    const planLine = kept.find((line) => line.kind === "membership");
    membership = {
      monthlyCents: planLine?.amountCents ?? products.find((p) => isPlan(p))?.priceCents ?? purchase.totalAmountCents,
      renewsOn: member?.subscriptionEnd ?? null,
    };
  }
  const publicUrl = services.env.PUBLIC_URL;
  const receipt: Receipt = {
    orderId: purchase.id,
    paidAt: purchase.createdAt,
    lines,
    totalCents: kept.length ? keptCents : purchase.totalAmountCents,
    discount: purchase.discountCode ? { code: purchase.discountCode, amountCents: discountCents } : null,
    // The voucher's part of what the order still gives: a line refunded since gave its share back.
    voucherCents: await voucherKeptCents(db, purchase),
    voucherLeft: await voucherLeftOf(db, purchase.id),
    provider: purchase.provider,
    grantNote: purchase.note,
    consent: purchase.consent,
    downloads: purchase.productIds
      .filter((id) => !isPlan({ id }))
      .map((id) => ({ title: titleOf(id), url: downloadLink(publicUrl, id) })),
    membership,
    accountUrl: `${publicUrl}/my-purchases`,
    vatInvoice: await readVatInvoice(db, purchase.id),
  };
  return receiptEmail(await sellerDetails(services.database.db), { email: row.email, name: row.name }, receipt);
}

/**
 * Sends a purchase's receipt. Called once after the sale is committed (only the delivery that turned
 * the checkout paid gets here), and again only when the owner asks to resend it.
 */
export async function sendReceipt(
  services: AppServices,
  purchaseId: string,
): Promise<"sent" | "missing" | "closed" | "failed"> {
  try {
    const message = await buildReceipt(services, purchaseId);
    if (!message) return "missing";
    // A closed account's address reaches nobody: saying it was sent would not be true.
    if (typeof message.to === "string" && isClosedAddress(message.to)) return "closed";
    await services.mailer.send(message);
    return "sent";
  } catch (error) {
    // The sale stands whether or not the e-mail goes; the purchase is on /my-purchases.
    services.logger.error({ err: error, purchaseId }, "receipt e-mail failed");
    return "failed";
  }
}

/** The gift voucher that paid part of this order, as it stands now (none when none paid). */
async function voucherLeftOf(db: Database, purchaseId: string) {
  const [row] = await db
    .select({ code: vouchers.code, balanceCents: vouchers.balanceCents, expiresAt: vouchers.expiresAt })
    .from(voucherEntries)
    .innerJoin(vouchers, eq(vouchers.id, voucherEntries.voucherId))
    .where(and(eq(voucherEntries.purchaseId, purchaseId), eq(voucherEntries.kind, "redeem")));
  return row
    ? { ending: row.code.slice(-4), balanceCents: row.balanceCents, lastDay: voucherLastDay(row.expiresAt) }
    : null;
}
