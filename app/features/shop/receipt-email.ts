import { formatLongDate } from "~/lib/format-date";
import { formatAmount } from "~/lib/format-price";
import { renderEmail, type Sender } from "~/lib/mail/email-layout";
import type { MailMessage } from "~/lib/mail/mailer.server";
import type { PaymentProviderName } from "./model";

/** Everything a receipt states, as it was charged (never today's prices). */
export type Receipt = {
  orderId: string;
  paidAt: Date;
  /** Each item as charged; the plan's line is charged monthly. A null amount: not recorded per line. */
  lines: { title: string; amountCents: number | null; monthly?: boolean }[];
  totalCents: number;
  /** A discount code taken off the total. */
  discount?: { code: string; amountCents: number } | null | undefined;
  /** What a gift voucher paid (decision 048). */
  voucherCents?: number | undefined;
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
  const message: MailMessage = renderEmail(seller, {
    to: to.email,
    subject: `Your ${seller.brand} receipt for order ${orderRef}`,
    paragraphs: [
      `Hello ${to.name},`,
      receipt.grantNote
        ? `${seller.brand} has added this to your account at no charge: ${receipt.grantNote}`
        : `Thank you for your purchase from ${seller.brand}. This is your receipt.`,
    ],
    rows: [
      { label: "Order", value: orderRef },
      { label: "Date", value: formatLongDate(receipt.paidAt) },
      ...receipt.lines.map((line) => ({
        label: line.title,
        value:
          line.amountCents === null ? "Included" : `${formatAmount(line.amountCents)}${line.monthly ? " a month" : ""}`,
      })),
      ...(receipt.discount
        ? [{ label: `Discount (${receipt.discount.code})`, value: `-${formatAmount(receipt.discount.amountCents)}` }]
        : []),
      ...(receipt.voucherCents ? [{ label: "Gift voucher", value: `-${formatAmount(receipt.voucherCents)}` }] : []),
      { label: "Total", value: formatAmount(receipt.totalCents) },
      { label: "Payment method", value: paymentMethodLabel(receipt.provider, Boolean(receipt.grantNote)) },
      { label: "Sold by", value: `${seller.name}, trading as ${seller.brand}` },
      { label: "Address", value: seller.address },
    ],
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
