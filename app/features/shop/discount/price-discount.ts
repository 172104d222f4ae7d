import { AppError } from "~/lib/app-error";
import type { PurchaseLine } from "../model";
import { voucherMessages } from "../voucher/voucher-model";

export const DISCOUNT_KINDS = ["percent", "amount"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** Longest code the owner may write and the buyer may send. */
export const DISCOUNT_CODE_MAX = 32;

/**
 * Stripe's smallest card payment in pounds sterling. A code never takes a payment below it (a 100%
 * code leaves 30p): a checkout that charges nothing is a gift, which the owner makes by hand (a grant).
 */
export const MIN_CHARGE_CENTS = 30;

/** The spec has no wording for codes; these are the shop's, used by the dialog, the cart and the server. */
/** What a code may be used on: the shop's products, single sessions, packages of sessions. */
export const DISCOUNT_SCOPES = ["products", "sessions", "packages"] as const;
export type DiscountScope = (typeof DISCOUNT_SCOPES)[number];

export const discountMessages = {
  title: "Discount Code",
  unknown: "That discount code was not found. Check the spelling and try again.",
  expired: "That discount code has expired.",
  usedUp: "That discount code has been used up.",
  notForItems: "That discount code is not valid for these items.",
  firstTimeOnly: "That discount code is for a first visit only.",
  membership: "Discount codes cannot be used on the Digital Access membership.",
  invalid: "Enter a discount code of up to 32 letters, numbers or dashes.",
  duplicate: "That code already exists (codes are the same whatever their case).",
} as const;

/** A code as the owner's form gives it, checked. */
export type NewDiscountCode = {
  code: string;
  kind: DiscountKind;
  /** A percentage, or pence. */
  amount: number;
  /** The UK midnight that ends its last day, as an instant; null: no end. */
  expiresAt: Date | null;
  maxUses: number | null;
  productIds: string[] | null;
  appliesTo?: DiscountScope[] | undefined;
  firstTimeOnly?: boolean | undefined;
};

/** What a code takes off, as stored. */
export type DiscountRule = {
  kind: DiscountKind;
  /** A percentage (1-100) or pence, by kind. */
  amount: number;
  /** The products it applies to; null: all of them. */
  productIds: readonly string[] | null;
};

export type PricedDiscount = {
  /** Each line as charged: `unitAmountCents` after its share of the discount, which `discountCents` says. */
  lines: PurchaseLine[];
  discountCents: number;
  totalCents: number;
};

/** The form a code is matched in: trimmed, upper case. */
export function normaliseCode(value: string): string {
  return value.trim().toUpperCase();
}

/** True when the text could be a code at all (letters, digits, dashes, underscores). */
export function looksLikeCode(value: string): boolean {
  return new RegExp(`^[A-Za-z0-9_-]{1,${DISCOUNT_CODE_MAX}}$`).test(value.trim());
}

/**
 * What a code takes off a checkout's lines, in whole pence, split over the lines it applies to so each
 * line says what it charged (refunds are per line). A percentage is rounded per line, half up; a fixed
 * amount is shared in proportion to the lines' prices, the odd pennies to the largest remainders. No
 * line goes below zero and the total never below `MIN_CHARGE_CENTS`. Null when it applies to no line.
 */
export function priceDiscount(lines: readonly PurchaseLine[], rule: DiscountRule): PricedDiscount | null {
  const eligible = lines.map((line) => !rule.productIds || rule.productIds.includes(line.productId));
  if (!eligible.some(Boolean)) return null;
  const subtotal = lines.reduce((sum, line) => sum + line.unitAmountCents, 0);
  const off = lines.map(() => 0);

  if (rule.kind === "percent") {
    lines.forEach((line, i) => {
      if (eligible[i]) off[i] = Math.min(line.unitAmountCents, Math.round((line.unitAmountCents * rule.amount) / 100));
    });
  } else {
    const base = lines.reduce((sum, line, i) => sum + (eligible[i] ? line.unitAmountCents : 0), 0);
    const amount = Math.min(rule.amount, base);
    if (base > 0) {
      const shares = lines.map((line, i) => (eligible[i] ? (amount * line.unitAmountCents) / base : 0));
      shares.forEach((share, i) => {
        off[i] = Math.floor(share);
      });
      let left = amount - off.reduce((sum, d) => sum + d, 0);
      const byRemainder = shares
        .map((share, i) => ({ i, rest: share - Math.floor(share) }))
        .filter(({ i }) => eligible[i])
        .sort((a, b) => b.rest - a.rest || a.i - b.i);
      for (const { i } of byRemainder) {
        if (left === 0) break;
        const taken = off[i] ?? 0;
        if (taken < (lines[i] as PurchaseLine).unitAmountCents) {
          off[i] = taken + 1;
          left -= 1;
        }
      }
    }
  }

  // The floor: take back from the last discounted lines whatever would leave less than the minimum.
  let excess = off.reduce((sum, d) => sum + d, 0) - Math.max(0, subtotal - MIN_CHARGE_CENTS);
  for (let i = off.length - 1; i >= 0 && excess > 0; i--) {
    const taken = off[i] ?? 0;
    const back = Math.min(taken, excess);
    off[i] = taken - back;
    excess -= back;
  }

  const priced = lines.map((line, i) => ({
    productId: line.productId,
    title: line.title,
    unitAmountCents: line.unitAmountCents - (off[i] as number),
    discountCents: off[i] as number,
  }));
  const discountCents = off.reduce((sum, d) => sum + d, 0);
  return { lines: priced, discountCents, totalCents: subtotal - discountCents };
}

/**
 * Codes are short and typed by hand: a client may try only so many that do not exist before it must
 * wait (the preview and checkout count alike). An expired or used-up code is not a wrong guess.
 */
export const discountGuesses = (clientIp: string) => ({
  secret: "discount",
  clientIp,
  title: discountMessages.title,
  // A gift voucher's code is typed in the same field (decision 048): a wrong one counts the same.
  wrong: (error: unknown) =>
    error instanceof AppError &&
    (error.message === discountMessages.unknown || error.message === voucherMessages.notFound),
});
