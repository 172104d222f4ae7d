import { readOrderLines } from "~/features/shop/ledger/read-order-lines.server";
import type { AppServices } from "~/lib/services.server";

/** An order's lines as the buyer was charged for them: product, title, amount and the code's share. */
export async function chargedLines(services: AppServices, purchaseId: string | undefined) {
  if (!purchaseId) return [];
  const lines = (await readOrderLines(services.database.db, [purchaseId])).get(purchaseId) ?? [];
  return lines.map((line) => ({
    productId: line.productId,
    title: line.title,
    unitAmountCents: line.amountCents,
    discountCents: line.discountCents,
  }));
}
