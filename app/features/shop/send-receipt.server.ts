import { eq } from "drizzle-orm";
import { purchases, subscribers, user } from "~/lib/db/schema.server";
import { sellerDetails } from "~/lib/seller-details.server";
import type { AppServices } from "~/lib/services.server";
import { getProductsByIds } from "./get-product.server";
import { isPlan, type PurchaseLine } from "./model";
import { type Receipt, receiptEmail } from "./receipt-email";

/** The link in an e-mail that leads through sign-in to a protected download. */
export function downloadLink(publicUrl: string, productId: string): string {
  return `${publicUrl}/auth?redirectTo=${encodeURIComponent(`/api/downloads/${encodeURIComponent(productId)}`)}`;
}

/** What the code took off the lines the purchase kept (a line refunded at payment takes its share with it). */
function discountOf(purchase: { lines: PurchaseLine[] | null; discountCents: number }): number {
  return purchase.lines
    ? purchase.lines.reduce((sum, line) => sum + (line.discountCents ?? 0), 0)
    : purchase.discountCents;
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
  const lines: Receipt["lines"] = purchase.lines
    ? purchase.lines.map((line) => ({
        title: line.title,
        // The item's price; a code's share of it is shown once, on the discount row.
        amountCents: line.unitAmountCents + (line.discountCents ?? 0),
        monthly: isPlan({ id: line.productId }),
      }))
    : purchase.productIds.map((id) => ({
        title: titleOf(id),
        amountCents: purchase.productIds.length === 1 ? purchase.totalAmountCents : null,
        monthly: isPlan({ id }),
      }));
  const plan = purchase.productIds.some((id) => isPlan({ id }));
  let membership: Receipt["membership"] = null;
  if (plan) {
    const [member] = await db.select().from(subscribers).where(eq(subscribers.userId, purchase.userId));
    const planLine = purchase.lines?.find((line) => isPlan({ id: line.productId }));
    membership = {
      monthlyCents:
        planLine?.unitAmountCents ?? products.find((p) => isPlan(p))?.priceCents ?? purchase.totalAmountCents,
      renewsOn: member?.subscriptionEnd ?? null,
    };
  }
  const publicUrl = services.env.PUBLIC_URL;
  const receipt: Receipt = {
    orderId: purchase.id,
    paidAt: purchase.createdAt,
    lines,
    totalCents: purchase.totalAmountCents,
    discount: purchase.discountCode ? { code: purchase.discountCode, amountCents: discountOf(purchase) } : null,
    provider: purchase.provider,
    grantNote: purchase.note,
    consent: purchase.consent,
    downloads: purchase.productIds
      .filter((id) => !isPlan({ id }))
      .map((id) => ({ title: titleOf(id), url: downloadLink(publicUrl, id) })),
    membership,
    accountUrl: `${publicUrl}/my-purchases`,
  };
  return receiptEmail(await sellerDetails(services.database.db), { email: row.email, name: row.name }, receipt);
}

/**
 * Sends a purchase's receipt. Called once after the sale is committed (only the delivery that turned
 * the checkout paid gets here), and again only when the owner asks to resend it.
 */
export async function sendReceipt(services: AppServices, purchaseId: string): Promise<"sent" | "missing" | "failed"> {
  try {
    const message = await buildReceipt(services, purchaseId);
    if (!message) return "missing";
    await services.mailer.send(message);
    return "sent";
  } catch (error) {
    // The sale stands whether or not the e-mail goes; the purchase is on /my-purchases.
    services.logger.error({ err: error, purchaseId }, "receipt e-mail failed");
    return "failed";
  }
}
