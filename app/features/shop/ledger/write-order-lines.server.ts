import { eq } from "drizzle-orm";
import type { Transaction } from "~/lib/db/client.server";
import { orderLines } from "~/lib/db/schema.server";
import type { LineKind } from "../model";

/** A line as sold: what it is, what it refers to, and what it took after its discount. */
export type NewOrderLine = {
  kind: LineKind;
  productId?: string | null | undefined;
  bookingId?: string | null | undefined;
  voucherId?: string | null | undefined;
  title: string;
  amountCents: number;
  discountCents?: number | undefined;
};

/**
 * An order's lines, written once with the order (a repeat for the same order is a no-op, so a
 * webhook racing the checkout's own insert writes them once). Their amounts add up to what the
 * order takes.
 */
export async function writeOrderLines(tx: Transaction, purchaseId: string, lines: readonly NewOrderLine[]) {
  const [already] = await tx
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(eq(orderLines.purchaseId, purchaseId))
    .limit(1);
  if (already || lines.length === 0) return;
  await tx.insert(orderLines).values(
    lines.map((line, position) => ({
      id: crypto.randomUUID(),
      purchaseId,
      position,
      kind: line.kind,
      productId: line.productId ?? null,
      bookingId: line.bookingId ?? null,
      voucherId: line.voucherId ?? null,
      title: line.title,
      amountCents: line.amountCents,
      discountCents: line.discountCents ?? 0,
    })),
  );
}
