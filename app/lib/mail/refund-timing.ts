/** When refunded money arrives, as the refund e-mails say it (the shop's and the booking's alike). */
export const REFUND_TIMING = "Approved refunds reach your card within 5-10 business days, as our Refund Policy says.";

/** Money back on a gift voucher (decision 048) is there as soon as the refund is made. */
export const VOUCHER_TIMING =
  "What goes back to your gift voucher is on it as soon as the refund is made, to spend until the voucher's date.";
