/**
 * The shop's public contract for things it sells without knowing what they are (decision 040):
 * a kind of line (booking's sessions and packages) tells the shop how a payment for it is
 * fulfilled, what follows the sale (its paid e-mail), what a refund of it means to its buyer, and
 * what upkeep it needs. The shop core imports no such kind; each kind registers itself once per
 * process (`app/line-kinds.server.ts`, imported by the server's entry and the test services), and
 * uses only this module of the shop. What a kind may call of the shop is re-exported here.
 */
import type { Database, Transaction } from "~/lib/db/client.server";
import type { OrderLine, Purchase, Refund } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import type { RefundReason } from "./model";
import type { PaidCheckout } from "./payment-provider.server";

// Discount codes limited to sessions or packages (issue 25 item 7): a use held with the checkout.
export { checkoutFailed } from "./checkout-failed.server";
export { releaseDiscount, reserveDiscount } from "./discount/reserve-discount.server";
export { getPaymentProvider } from "./get-payment-provider.server";
export { recordRefund } from "./ledger/record-refund.server";
export type { NewOrderLine } from "./ledger/write-order-lines.server";
export { writeOrderLines } from "./ledger/write-order-lines.server";
export type { CheckoutLine, PaidCheckout } from "./payment-provider.server";
export { settleRefund } from "./settle-refund.server";
export { vatInvoiceRowsOf } from "./vat/vat-invoice-rows.server";
// Gift vouchers spent on what a kind sells (decision 048): a hold taken with its checkout, given back
// if the checkout cannot open, and an order a voucher paid in full settled without a provider.
export { releaseVoucherHold, reserveVoucher } from "./voucher/reserve-voucher.server";
export { settleVoucherOnlyOrder } from "./voucher/settle-voucher-only-order.server";
// What a gift voucher paid of an order, less what refunds gave back to it (booking's e-mails).
export { voucherKeptOf } from "./voucher/voucher-kept.server";

/** What a kind's fulfilment did with a payment, for the shop to record and follow up. */
export type KindFulfilment = {
  purchaseId: string;
  /** Whether the purchase stands (paid) or was refunded whole (the thing could not be given). */
  outcome: "paid" | "refused";
  /** Refunds recorded pending in the transaction, to be sent once it commits. */
  refundIds: string[];
  /** Passed back to `afterPaid` (the kind's own reference, e.g. the booking). */
  subject: string;
};

export type SoldLineKind = {
  /** The prefix of a checkout's ids that are this kind's (`booking:`): a payment names what it is for. */
  prefix: string;
  /** Where a payment for this kind becomes what was bought, in the payment's transaction (only `tx`). */
  fulfil(tx: Transaction, checkout: PaidCheckout, existing: Purchase | undefined): Promise<KindFulfilment | null>;
  /** After the sale commits: the kind's own confirmation e-mail. */
  afterPaid(services: AppServices, fulfilment: KindFulfilment, checkout: PaidCheckout): Promise<void>;
  /** The refunds this kind's rules make (a cancellation, a slot taken, a package ended). */
  refundReasons: readonly RefundReason[];
  /**
   * After one of its refunds was made: the kind's own e-mail. True when the buyer has been told (by
   * it, or by the cancellation that made it); false leaves the shop's refund e-mail to tell her.
   */
  afterRefund(services: AppServices, refund: Refund): Promise<boolean>;
  /** The id a payment names one of its lines by (`booking:<id>`), or null for a line not its own. */
  checkoutIdOf(line: OrderLine): string | null;
  /** How the owner's books name its lines now (a session's service and UK time; a package's credits used). */
  describeLines(db: Database, lines: readonly OrderLine[]): Promise<Map<string, string>>;
  /** Periodic work (holds let go, reminders, credits expired), with counts for the log. */
  upkeep(services: AppServices, now: Date): Promise<Record<string, number>>;
};

const kinds = new Map<string, SoldLineKind>();

export function registerLineKind(kind: SoldLineKind): void {
  kinds.set(kind.prefix, kind);
}

/** The kind a checkout is for, when its ids name one; undefined for the catalogue's products. */
export function lineKindOf(productIds: readonly string[]): SoldLineKind | undefined {
  const typed = productIds.find((id) => /^[a-z]+:/.test(id));
  if (!typed) return undefined;
  const kind = [...kinds.values()].find((k) => typed.startsWith(k.prefix));
  // A payment for a kind this process does not know must not be taken for a product sale.
  if (!kind)
    throw new Error(`No line kind is registered for ${typed.split(":")[0]}: payments for it cannot be fulfilled`);
  return kind;
}

/** The kind whose rules made a refund (by its reason), if any. */
export const lineKindOfRefund = (refund: Pick<Refund, "reason">): SoldLineKind | undefined =>
  [...kinds.values()].find((kind) => kind.refundReasons.includes(refund.reason));

/** The ids a payment for these lines names: a kind's own for its lines, the product's for the catalogue's. */
export function checkoutIdsOf(lines: readonly OrderLine[], productIds: readonly string[]): string[] {
  const typed = lines.flatMap((line) => [...kinds.values()].flatMap((kind) => kind.checkoutIdOf(line) ?? []));
  return typed.length ? typed : [...productIds];
}

/** The owner's names for some lines: each kind's own for its lines, the title as sold for the rest. */
export async function describeLines(db: Database, lines: readonly OrderLine[]): Promise<Map<string, string>> {
  const names = new Map(lines.map((line) => [line.id, line.title]));
  for (const kind of kinds.values()) {
    for (const [id, name] of await kind.describeLines(db, lines)) names.set(id, name);
  }
  return names;
}

export const registeredLineKinds = (): SoldLineKind[] => [...kinds.values()];
