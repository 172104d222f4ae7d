import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import type { Database } from "~/lib/db/client.server";
import { products, purchases, user } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { writeOrderLines } from "./ledger/write-order-lines.server";
import { SUBSCRIPTION_ID } from "./model";
import { sendReceipt } from "./send-receipt.server";

/** What the owner may give by hand: products on sale, not the membership plan (that lives with the provider). */
export function listGrantableProducts(db: Database) {
  return db
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(and(isNull(products.archivedAt), ne(products.id, SUBSCRIPTION_ID)))
    .orderBy(asc(products.title));
}

/**
 * The owner gives a product to a customer by hand: a £0.00 paid order with her note, which gives
 * access like any purchase, appears in the customer's My Sacred Downloads and the orders, and sends
 * the customer a receipt. One grant per customer and product (its reference is unique), so a double
 * click records one order.
 */
export async function grantProduct(
  services: AppServices,
  input: { email: string; productId: string; note: string },
): Promise<{ purchaseId: string; email: string; title: string }> {
  const { db } = services.database;
  const [customer] = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(eq(sql`lower(${user.email})`, input.email.toLowerCase()));
  if (!customer)
    throw new AppError("not_found", "No account uses this e-mail address: ask the customer to sign up first.");
  const [product] = await db
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(and(eq(products.id, input.productId), isNull(products.archivedAt), ne(products.id, SUBSCRIPTION_ID)));
  if (!product) throw new AppError("not_found", "This product does not exist.");
  const [owned] = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, customer.id),
        eq(purchases.status, "paid"),
        sql`${product.id} = any(${purchases.productIds})`,
      ),
    )
    .limit(1);
  if (owned) throw new AppError("conflict", `${customer.email} already has ${product.title}.`);
  const purchaseId = crypto.randomUUID();
  const row = await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(purchases)
      .values({
        id: purchaseId,
        userId: customer.id,
        status: "paid",
        totalAmountCents: 0,
        productIds: [product.id],
        provider: "free",
        providerRef: `grant:${customer.id}:${product.id}`,
        note: input.note,
        paidAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: purchases.id });
    if (made) {
      await writeOrderLines(tx, purchaseId, [
        { kind: "product", productId: product.id, title: product.title, amountCents: 0 },
      ]);
    }
    return made;
  });
  if (!row) throw new AppError("conflict", `${customer.email} already has ${product.title}.`);
  await sendReceipt(services, purchaseId);
  return { purchaseId, email: customer.email, title: product.title };
}
