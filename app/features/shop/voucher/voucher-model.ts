/**
 * Gift vouchers (issue 25, decision 048): the facts shared by the browser and the server. A voucher
 * is stored value: a balance kept by its own ledger of entries (issued, spent, given back), which the
 * database keeps at or above zero. No I/O here.
 */
import { addDays, zonedDate, zonedInstant } from "~/lib/zoned-time";

/** An amount to spend on anything sold, or one named session or package ("a One-on-One Session"). */
export const VOUCHER_KINDS = ["amount", "service"] as const;
export type VoucherKind = (typeof VOUCHER_KINDS)[number];

/**
 * For VAT (issue 25 item 8): a voucher for one named service is single-purpose (VAT due when sold,
 * if she is registered); an amount voucher is multi-purpose (VAT due when it is spent).
 */
export const VOUCHER_PURPOSES = ["single", "multi"] as const;
export type VoucherPurpose = (typeof VOUCHER_PURPOSES)[number];
export const purposeOf = (kind: VoucherKind): VoucherPurpose => (kind === "service" ? "single" : "multi");

/**
 * `pending` while its checkout is open, `active` once paid (or issued by the owner), `refunded` when
 * its sale was refunded (only while unspent), `void` when the owner voided it.
 */
export const VOUCHER_STATUSES = ["pending", "active", "refunded", "void"] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

/** Sold through the checkout, or issued by the owner by hand (a gift to a client, a prize). */
export const VOUCHER_SOURCES = ["sold", "issued"] as const;

/**
 * What moves a balance, each a signed change: `issue` (+, the value paid for it or given by the
 * owner), `redeem` (−, held for an order from its checkout), `release` (+, an order's hold given
 * back when its checkout closed unpaid), `restore` (+, a refund of something it paid for), `cancel`
 * (−, what was left when its sale was refunded or the owner voided it), `reissue` (+, a cancel
 * undone: the sale's refund was refused by the provider), `topup` (+, the owner honouring a service
 * voucher's session at its price now, when that is more than was paid for it, or an order paid late
 * whose voucher was spent meanwhile), `retake` (−, an order's released hold taken again because the
 * order was paid after all: a card payment on its way when its checkout closed).
 */
export const VOUCHER_ENTRY_KINDS = [
  "issue",
  "redeem",
  "release",
  "restore",
  "cancel",
  "reissue",
  "topup",
  "retake",
] as const;
export type VoucherEntryKind = (typeof VOUCHER_ENTRY_KINDS)[number];

export const VOUCHER_LIMITS = {
  minPounds: 10,
  maxPounds: 500,
  /** Her Refund Policy: valid for 12 months from purchase. */
  validMonths: 12,
  nameLength: 100,
  messageLength: 500,
  /** Stripe's smallest GBP charge: a voucher that does not pay the whole leaves at least this to pay. */
  minChargeCents: 30,
} as const;

/** The prefix of a checkout's ids for a voucher sale (the shop's line-kind contract). */
export const VOUCHER_LINE_PREFIX = "voucher:";
export const voucherLineId = (voucherId: string) => `${VOUCHER_LINE_PREFIX}${voucherId}`;

/**
 * Codes read `GIFT-XXXX-XXXX-XXXX-XXXX`: 16 characters from 31 that are never confused when read
 * aloud or printed (no 0/O, 1/I/L), about 79 bits of chance, so guessing one is pointless even before the
 * rate limit.
 */
export const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const CODE_PATTERN = /^GIFT-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

/** A code as typed (any case, spaces or dashes anywhere) in the one form it is stored in. */
export function normaliseCode(typed: string): string {
  const plain = typed
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, "")
    .replace(/^GIFT/, "");
  const groups = plain.match(/.{1,4}/g) ?? [];
  return `GIFT-${groups.join("-")}`;
}

/** Whether a typed code could be a voucher code at all (a discount code cannot). */
export const looksLikeVoucherCode = (typed: string): boolean => CODE_PATTERN.test(normaliseCode(typed));

/** How much of an order a balance pays: all of it, or as much as leaves the smallest card charge. */
export function voucherShare(balanceCents: number, dueCents: number): number {
  if (balanceCents <= 0 || dueCents <= 0) return 0;
  if (balanceCents >= dueCents) return dueCents;
  return Math.max(0, Math.min(balanceCents, dueCents - VOUCHER_LIMITS.minChargeCents));
}

/**
 * When a voucher bought (or issued) at `from` stops working: it is valid to the end of the same date
 * 12 months on in London (the day clamped to the month's last), so the date printed on it is a whole
 * day of use. Stored as the first instant it no longer works, as `extendVoucher` stores a new last day.
 */
export function voucherExpiry(from: Date, months: number = VOUCHER_LIMITS.validMonths): Date {
  const [year = 0, month = 1, day = 1] = zonedDate(from).split("-").map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return zonedInstant(addDays(target.toISOString().slice(0, 10), 1), "00:00");
}

/** The last instant a voucher works, whose date is the one to print as "Valid until" or "expired on". */
export const voucherLastDay = (expiresAt: Date): Date => new Date(expiresAt.getTime() - 1);

export const voucherMessages = {
  title: "Gift voucher",
  notFound: "We could not find a gift voucher with that code. Please check it and try again.",
  expired: (date: string) => `This gift voucher expired on ${date}. Please contact us if you think this is wrong.`,
  void: "This gift voucher is no longer valid.",
  notPaid: "This gift voucher has not been paid for yet.",
  empty: "This gift voucher has nothing left to spend.",
  wrongService: (title: string) => `This gift voucher is for ${title} and can only be used to book it.`,
  serviceOnly: "A voucher for a session can only be used when booking that session.",
  spent: "This gift voucher has been used, so it can no longer be refunded.",
  notForMembership: "A gift voucher cannot be used for the membership.",
  amountRange: "Please choose an amount from £10 to £500, in whole pounds.",
  sendDate: "Please choose today or a date in the next 12 months to send it.",
} as const;

/** The few fields the rules read. */
export type VoucherFacts = {
  status: VoucherStatus;
  kind: VoucherKind;
  serviceId: string | null;
  serviceTitle: string | null;
  balanceCents: number;
  expiresAt: Date;
};

/**
 * Why a voucher cannot pay for this, or null when it can: the message a person reads. `serviceId`
 * is the session or package being booked (absent at the shop's checkout).
 */
export function voucherRefusal(
  voucher: VoucherFacts,
  input: { now: Date; serviceId?: string | undefined; formatDate: (date: Date) => string },
): string | null {
  if (voucher.status === "pending") return voucherMessages.notPaid;
  if (voucher.status !== "active") return voucherMessages.void;
  if (voucher.expiresAt <= input.now)
    return voucherMessages.expired(input.formatDate(voucherLastDay(voucher.expiresAt)));
  if (voucher.kind === "service") {
    if (!input.serviceId) return voucherMessages.serviceOnly;
    if (voucher.serviceId !== input.serviceId) return voucherMessages.wrongService(voucher.serviceTitle ?? "a session");
  }
  if (voucher.balanceCents <= 0) return voucherMessages.empty;
  return null;
}
