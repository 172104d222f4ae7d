import type { VatInvoice } from "~/lib/db/schema.server";
import { formatLongDate } from "~/lib/format-date";
import { formatAmount } from "~/lib/format-price";
import { renderEmail, type Sender } from "~/lib/mail/email-layout";
import type { MailMessage } from "~/lib/mail/mailer.server";
import { paidByRows } from "~/lib/order-total";
import type { PaymentProviderName } from "./model";
import { formatInvoiceNumber, formatRate, invoiceTotals } from "./vat/vat-invoice";

/** Everything a receipt states, as it was charged (never today's prices). */
export type Receipt = {
  orderId: string;
  paidAt: Date;
  /** Each item as charged; the plan's line is charged monthly. A null amount: not recorded per line. */
  lines: { title: string; amountCents: number | null; monthly?: boolean }[];
  /** What the order cost, after any discount: a gift voucher's part of it included. */
  totalCents: number;
  /** A discount code taken off the total. */
  discount?: { code: string; amountCents: number } | null | undefined;
  /** What a gift voucher paid of the total (decision 048); the card paid the rest. */
  voucherCents?: number | undefined;
  /** The voucher that paid, as it stands now: the end of its code, what is left on it, its last day. */
  voucherLeft?: { ending: string; balanceCents: number; lastDay: Date } | null | undefined;
  provider: PaymentProviderName;
  /** Set for an order the owner made by hand, with her note. */
  grantNote?: string | null | undefined;
  /** The buyer's consent at checkout (UK Consumer Contracts Regulations, reg. 37). */
  consent: { at: string; wording: string } | null;
  /** One link per downloadable item; each goes through sign-in to the protected download. */
  downloads: { title: string; url: string }[];
  /** The Digital Access plan, when the order started it. */
  membership?: { monthlyCents: number; renewsOn: Date | null } | null | undefined;
  accountUrl: string;
  /** The VAT invoice issued when it was paid (the seller was VAT-registered then); else nothing of VAT. */
  vatInvoice?: VatInvoice | null | undefined;
};

/** The payment method's kind, as a receipt names it (never a card number: we never see one). */
export function paymentMethodLabel(provider: PaymentProviderName, granted: boolean): string {
  if (granted) return "None: given by the shop";
  if (provider === "stripe") return "Card (through Stripe)";
  if (provider === "demo") return "Demo payment (no money taken)";
  if (provider === "voucher") return "Gift voucher";
  return "None: free download";
}

/** The buyer's receipt: each item and its price, the order, the seller, the consent given, and where to download. */
export function receiptEmail(
  seller: Sender & { name: string; address: string },
  to: { email: string; name: string },
  receipt: Receipt,
) {
  const orderRef = `#${receipt.orderId.slice(0, 8)}`;
  const consentAt = receipt.consent ? formatLongDate(receipt.consent.at) : null;
  const membership = receipt.membership;
  const invoice = receipt.vatInvoice ?? null;
  const message: MailMessage = renderEmail(seller, {
    to: to.email,
    subject: invoice
      ? `Your ${seller.brand} receipt and VAT invoice ${formatInvoiceNumber(invoice.number)} for order ${orderRef}`
      : `Your ${seller.brand} receipt for order ${orderRef}`,
    paragraphs: [
      `Hello ${to.name},`,
      receipt.grantNote
        ? `${seller.brand} has added this to your account at no charge: ${receipt.grantNote}`
        : invoice
          ? `Thank you for your purchase from ${seller.brand}. This is your receipt and your VAT invoice. Prices include VAT.`
          : `Thank you for your purchase from ${seller.brand}. This is your receipt.`,
    ],
    rows: invoice ? vatInvoiceRows(seller, to, receipt, invoice) : plainRows(seller, receipt),
    links: receipt.downloads.map((d) => ({ label: `Download ${d.title}`, url: d.url })),
    action: { label: "My Sacred Downloads", url: receipt.accountUrl },
    after: [
      ...(receipt.downloads.length
        ? [
            "Each download link asks you to sign in first, then your file downloads. Your downloads also stay in My Sacred Downloads, to download again.",
          ]
        : []),
      ...(membership
        ? [
            `Your Digital Access membership is active: every digital guide is free to download while it lasts. It costs ${formatAmount(membership.monthlyCents)} a month${membership.renewsOn ? ` and renews on ${formatLongDate(membership.renewsOn)}` : ""}.`,
            "To cancel, open My Sacred Downloads and choose 'Manage membership'. Your access continues until the end of the month you have paid for, and you are not charged again.",
          ]
        : []),
      ...(receipt.consent && consentAt
        ? [
            `At checkout on ${consentAt} you asked for immediate access and confirmed: "${receipt.consent.wording}". Digital content that has started downloading therefore cannot be returned under the 14-day right to cancel; see our Refund Policy.`,
          ]
        : []),
    ],
  });
  return message;
}

type Row = { label: string; value: string };

/**
 * What a gift voucher paid of the total above it (decision 048), the card the rest, and what is left
 * on the voucher (its code's end only: the whole code is as good as cash, and receipts get forwarded).
 */
const voucherRows = (receipt: Receipt, totalCents = receipt.totalCents): Row[] => [
  ...paidByRows(totalCents, receipt.voucherCents ?? 0),
  ...(receipt.voucherLeft && (receipt.voucherCents ?? 0) > 0
    ? [
        {
          label: "Left on your gift voucher",
          value: `${formatAmount(receipt.voucherLeft.balanceCents)} on the voucher ending ${receipt.voucherLeft.ending}, valid until ${formatLongDate(receipt.voucherLeft.lastDay)}`,
        },
      ]
    : []),
];

/** A receipt without VAT (the seller was not VAT-registered when it was paid): it says nothing of VAT. */
function plainRows(seller: Sender & { name: string; address: string }, receipt: Receipt): Row[] {
  return [
    { label: "Order", value: `#${receipt.orderId.slice(0, 8)}` },
    { label: "Date", value: formatLongDate(receipt.paidAt) },
    ...receipt.lines.map((line) => ({
      label: line.title,
      value:
        line.amountCents === null ? "Included" : `${formatAmount(line.amountCents)}${line.monthly ? " a month" : ""}`,
    })),
    ...(receipt.discount
      ? [{ label: `Discount (${receipt.discount.code})`, value: `-${formatAmount(receipt.discount.amountCents)}` }]
      : []),
    { label: "Total", value: formatAmount(receipt.totalCents) },
    ...voucherRows(receipt),
    { label: "Payment method", value: paymentMethodLabel(receipt.provider, Boolean(receipt.grantNote)) },
    { label: "Sold by", value: `${seller.name}, trading as ${seller.brand}` },
    { label: "Address", value: seller.address },
  ];
}

/**
 * A VAT invoice (decision 050): its number, the tax point, the seller's name, address and VAT number
 * as they were when it was issued, each line as paid with its rate and VAT, and the totals. It holds
 * everything a full invoice needs but the buyer's postal address, which the shop does not ask for;
 * below £250 a simplified invoice is all the law asks.
 */
function vatInvoiceRows(
  seller: Sender & { name: string; address: string },
  to: { email: string; name: string },
  receipt: Receipt,
  invoice: VatInvoice,
): Row[] {
  const totals = invoiceTotals(invoice.lines);
  const monthly = new Set(receipt.lines.filter((line) => line.monthly).map((line) => line.title));
  return [
    { label: "VAT invoice number", value: formatInvoiceNumber(invoice.number) },
    { label: "Order", value: `#${receipt.orderId.slice(0, 8)}` },
    { label: "Date (tax point)", value: formatLongDate(invoice.issuedAt) },
    { label: "Customer", value: `${to.name} (${to.email})` },
    ...invoice.lines.map((line) => ({
      label: line.description,
      value: `${formatAmount(line.grossCents)}${monthly.has(line.description) ? " a month" : ""} (VAT ${formatRate(line.rateBasisPoints)}: ${formatAmount(line.vatCents)})`,
    })),
    ...(receipt.discount
      ? [
          {
            label: `Discount (${receipt.discount.code}), taken off the prices above`,
            value: `-${formatAmount(receipt.discount.amountCents)}`,
          },
        ]
      : []),
    { label: "Total excluding VAT", value: formatAmount(totals.netCents) },
    ...totals.byRate.map((rate) => ({
      label: `VAT at ${formatRate(rate.rateBasisPoints)}`,
      value: formatAmount(rate.vatCents),
    })),
    { label: "Total", value: formatAmount(totals.grossCents) },
    ...voucherRows(receipt, totals.grossCents),
    { label: "Payment method", value: paymentMethodLabel(receipt.provider, Boolean(receipt.grantNote)) },
    { label: "Sold by", value: invoice.sellerName || `${seller.name}, trading as ${seller.brand}` },
    { label: "Address", value: invoice.sellerAddress },
    { label: "VAT number", value: invoice.vatNumber },
  ];
}
