import { RETENTION } from "~/lib/retention-periods";

/**
 * The business terms of spec §9, stated once and quoted by the Reiki and ZYTO pages, the FAQs and
 * the legal pages.
 */
export const policyTerms = {
  cancellationFullRefund: "Appointments can be cancelled with a full refund up to 24 hours before the session.",
  lateCancellationFee:
    "Cancellations made less than 24 hours before, or on the day, incur a fee of 50% of the session price.",
  /** The statutory right to cancel (CCR 2013 regs. 29, 30 and 36; decision 061), beside the 24-hour rule. */
  cancellationPeriod:
    "Within 14 days of booking (of buying a package, for its sessions), a session cancelled before it starts is refunded in full, or goes back on your package: this is your right to cancel under the Consumer Contracts (Information, Cancellation and Additional Charges) Regulations 2013.",
  digitalNonRefundable:
    "Digital products are non-refundable once downloaded: when you buy one you agree that the download starts straight away and that you lose your right to cancel.",
  refundProcessing: "Approved refunds are processed within 5-10 business days to the original payment method.",
  giftVouchers: "Gift vouchers are valid for 12 months from the date of purchase.",
  financialRecords: `Financial records are kept for ${RETENTION.financialRecordYears} years, as UK tax law requires.`,
  replyPromise: "We reply to every message within 24 hours.",
  filesKept: "Purchased files stay available to you forever in your account.",
  cardsAccepted: "All major credit and debit cards are accepted through our card payment provider, Stripe.",
  downloadDelivery: "Download links are e-mailed to you, and every purchase also appears in your account area.",
} as const;

/** The health statement every page about a session carries (CAP Code: no claim to diagnose or treat). */
export const wellnessDisclaimer =
  "Our services support relaxation and wellbeing. They do not diagnose, treat or cure any medical condition and are not a substitute for advice from your GP or another qualified healthcare professional.";
