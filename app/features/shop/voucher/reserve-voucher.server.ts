import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { AppError } from "~/lib/app-error";
import type { Transaction } from "~/lib/db/client.server";
import { purchases, type Voucher, voucherEntries, vouchers } from "~/lib/db/schema.server";
import { formatLongDate } from "~/lib/format-date";
import { discountGuesses } from "../discount/price-discount";
import { looksLikeVoucherCode, normaliseCode, voucherMessages, voucherRefusal, voucherShare } from "./voucher-model";

export type VoucherHold = { voucherId: string; code: string; amountCents: number };

/** A wrong code is refused with its own error, which the guess limiter counts. */
export class UnknownVoucherError extends AppError {
  constructor() {
    super("discount_refused", voucherMessages.notFound, voucherMessages.title);
  }
}

/** The voucher a typed code names, its row locked for the rest of the transaction; throws when none. */
export async function lockVoucherByCode(tx: Transaction, typed: string): Promise<Voucher> {
  const [voucher] = await tx
    .select()
    .from(vouchers)
    .where(eq(vouchers.code, normaliseCode(typed)))
    .for("update");
  if (!voucher) throw new UnknownVoucherError();
  return voucher;
}

/**
 * Holds part of a voucher's balance for an order, in the transaction that opens its checkout
 * (decision 048): the voucher's row is locked, holds of its checkouts that closed unpaid are given
 * back, the rules are checked (paid for, not void, not expired, the right service), and a `redeem`
 * entry takes what it pays (all that is due, or as much as leaves the smallest card charge). The
 * database's balance check is the net under the lock: 20 checkouts racing for a voucher's last £10
 * hold it once. An order holds one voucher once (a repeat is refused by its unique index).
 */
export async function reserveVoucher(
  tx: Transaction,
  input: { code: string; purchaseId: string; dueCents: number; serviceId?: string | undefined; now?: Date },
): Promise<VoucherHold> {
  const now = input.now ?? new Date();
  const locked = await lockVoucherByCode(tx, input.code);
  await releaseClosedHolds(tx, locked.id);
  const [voucher] = await tx.select().from(vouchers).where(eq(vouchers.id, locked.id));
  if (!voucher) throw new UnknownVoucherError();
  const refusal = voucherRefusal(voucher, { now, serviceId: input.serviceId, formatDate: formatLongDate });
  if (refusal) throw new AppError("discount_refused", refusal, voucherMessages.title);
  // A voucher for a named session pays for it whatever its price now (issue 25 item 3): a rise since it
  // was sold is the owner's gift, entered as such, so what vouchers pay stays within what was paid
  // for them plus what the owner gave. Only while it is whole: a part given back (a package ended
  // with sessions unbooked) is money, not the session, or each round of booking and ending the
  // package would be topped up to a whole package again.
  const whole = voucher.balanceCents >= voucher.valueCents;
  if (voucher.kind === "service" && whole && input.dueCents > voucher.balanceCents) {
    await tx.insert(voucherEntries).values({
      id: crypto.randomUUID(),
      voucherId: voucher.id,
      kind: "topup",
      amountCents: input.dueCents - voucher.balanceCents,
      purchaseId: input.purchaseId,
    });
  }
  const balance = Math.max(voucher.balanceCents, voucher.kind === "service" && whole ? input.dueCents : 0);
  const amountCents = voucherShare(balance, input.dueCents);
  if (amountCents <= 0) throw new AppError("discount_refused", voucherMessages.empty, voucherMessages.title);
  await tx.insert(voucherEntries).values({
    id: crypto.randomUUID(),
    voucherId: voucher.id,
    kind: "redeem",
    amountCents: -amountCents,
    purchaseId: input.purchaseId,
  });
  return { voucherId: voucher.id, code: voucher.code, amountCents };
}

/**
 * Gives back the holds of a voucher's checkouts that closed unpaid (expired, cancelled, failed) or
 * whose order was never written (a checkout the provider refused to open), once. Called under the
 * voucher's lock.
 */
export async function releaseClosedHolds(tx: Transaction, voucherId: string): Promise<number> {
  const released = alias(voucherEntries, "released");
  const holds = await tx
    .select({
      purchaseId: voucherEntries.purchaseId,
      amountCents: voucherEntries.amountCents,
      status: purchases.status,
    })
    .from(voucherEntries)
    .leftJoin(purchases, eq(purchases.id, voucherEntries.purchaseId))
    .leftJoin(released, and(eq(released.purchaseId, voucherEntries.purchaseId), eq(released.kind, "release")))
    .where(and(eq(voucherEntries.voucherId, voucherId), eq(voucherEntries.kind, "redeem"), isNull(released.id)));
  const closed = holds.filter(
    (hold) =>
      hold.purchaseId &&
      (hold.status === null || (["expired", "cancelled", "failed"] as const).some((s) => s === hold.status)),
  );
  // A hold whose order row is missing may belong to a checkout still being opened: only older ones go.
  const missing = closed.filter((hold) => hold.status === null).map((hold) => hold.purchaseId as string);
  const stillOpening = new Set<string>();
  if (missing.length) {
    const recent = await tx
      .select({ purchaseId: voucherEntries.purchaseId })
      .from(voucherEntries)
      .where(
        and(
          inArray(voucherEntries.purchaseId, missing),
          eq(voucherEntries.kind, "redeem"),
          sql`${voucherEntries.createdAt} > now() - interval '10 minutes'`,
        ),
      );
    for (const row of recent) if (row.purchaseId) stillOpening.add(row.purchaseId);
  }
  const toRelease = closed.filter((hold) => !stillOpening.has(hold.purchaseId as string));
  for (const hold of toRelease) {
    await tx
      .insert(voucherEntries)
      .values({
        id: crypto.randomUUID(),
        voucherId,
        kind: "release",
        amountCents: -hold.amountCents,
        purchaseId: hold.purchaseId,
      })
      .onConflictDoNothing();
  }
  return toRelease.length;
}

/** Gives back one order's hold at once (its checkout could not be opened). */
export async function releaseVoucherHold(tx: Transaction, purchaseId: string): Promise<void> {
  const [hold] = await tx
    .select()
    .from(voucherEntries)
    .where(and(eq(voucherEntries.purchaseId, purchaseId), eq(voucherEntries.kind, "redeem")));
  if (!hold) return;
  await tx.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.id, hold.voucherId)).for("update");
  await tx
    .insert(voucherEntries)
    .values({
      id: crypto.randomUUID(),
      voucherId: hold.voucherId,
      kind: "release",
      amountCents: -hold.amountCents,
      purchaseId,
    })
    .onConflictDoNothing();
}

/** The guess limiter's terms for a typed voucher code (the balance page, booking): wrong codes count. */
export const voucherGuesses = (clientIp: string) => ({
  secret: "voucher",
  clientIp,
  title: voucherMessages.title,
  wrong: (error: unknown) => error instanceof UnknownVoucherError,
});

/**
 * The guess limiter's terms for a code typed in a field that takes either kind (the cart, booking):
 * a voucher's shape counts with every other voucher guess (the balance page's too), anything else
 * with the discount codes, so one client has 20 wrong voucher codes in all, not 20 a page.
 */
export const codeGuesses = (typed: string, clientIp: string) =>
  looksLikeVoucherCode(typed) ? voucherGuesses(clientIp) : discountGuesses(clientIp);

/**
 * An order paid after all, once its checkout had closed and its hold had been given back (a card
 * payment already on its way when the checkout was expired here): the voucher pays its part again,
 * as a `retake` of what was released, under the voucher's lock (so a release racing this payment is
 * decided one after the other). What the balance no longer covers (spent since) is entered first as
 * the owner's gift (`topup`): the buyer paid the rest by card and is served, and what vouchers pay
 * stays within what was paid for them plus what the owner gave. Once per order (a unique index).
 * Runs in fulfilment's transaction; answers whether it took the hold again.
 */
export async function retakeReleasedHold(tx: Transaction, purchaseId: string): Promise<boolean> {
  const [hold] = await tx
    .select({ voucherId: voucherEntries.voucherId })
    .from(voucherEntries)
    .where(and(eq(voucherEntries.purchaseId, purchaseId), eq(voucherEntries.kind, "redeem")));
  if (!hold) return false;
  const [voucher] = await tx.select().from(vouchers).where(eq(vouchers.id, hold.voucherId)).for("update");
  const entries = await tx
    .select({ kind: voucherEntries.kind, amountCents: voucherEntries.amountCents })
    .from(voucherEntries)
    .where(and(eq(voucherEntries.purchaseId, purchaseId), inArray(voucherEntries.kind, ["release", "retake"])));
  const released = entries.find((entry) => entry.kind === "release");
  if (!voucher || !released || entries.some((entry) => entry.kind === "retake")) return false;
  const gift = Math.max(0, released.amountCents - voucher.balanceCents);
  if (gift > 0) {
    await tx.insert(voucherEntries).values({
      id: crypto.randomUUID(),
      voucherId: voucher.id,
      kind: "topup",
      amountCents: gift,
      purchaseId,
    });
  }
  await tx.insert(voucherEntries).values({
    id: crypto.randomUUID(),
    voucherId: voucher.id,
    kind: "retake",
    amountCents: -released.amountCents,
    purchaseId,
  });
  return true;
}
