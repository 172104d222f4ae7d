import { policyTerms } from "../policies";
import type { Site } from "../site";
import type { LegalDocument } from "./legal-document";

export const refundPolicy = (site: Site): LegalDocument => ({
  title: "Refund Policy",
  description: "Cancellations and refunds for Reiki sessions, ZYTO scans, digital products and membership.",
  lastUpdated: "2026-11-22",
  sections: [
    {
      heading: "Reiki Sessions and ZYTO Scans",
      items: [
        policyTerms.cancellationFullRefund,
        policyTerms.lateCancellationFee,
        "If we have to cancel or move a session, you can choose a new time or a full refund.",
        "For packages of several sessions, unused sessions can be refunded in full if you cancel more than 24 hours before the next one.",
      ],
    },
    {
      heading: "Digital Products",
      paragraphs: [
        policyTerms.digitalNonRefundable,
        "This follows the Consumer Contracts (Information, Cancellation and Additional Charges) Regulations 2013: the usual 14-day right to cancel does not apply to digital content once the download has started with your express consent and your acknowledgement that you lose that right. We ask for both at checkout.",
        "If a file is faulty, does not match its description or will not download, you keep your rights under the Consumer Rights Act 2015: tell us and we will replace it or, if we cannot, refund you.",
      ],
    },
    {
      heading: "Digital Access Membership",
      paragraphs: [
        "You can cancel the monthly membership at any time. It stays active until the end of the month you have paid for, and is not charged again. Part-months are not refunded.",
      ],
    },
    {
      heading: "Gift Vouchers",
      paragraphs: [policyTerms.giftVouchers],
    },
    {
      heading: "How Refunds Are Paid",
      paragraphs: [policyTerms.refundProcessing],
    },
    {
      heading: "Contact",
      paragraphs: [
        `To cancel or ask for a refund, e-mail ${site.email} or message us on WhatsApp at ${site.messagingDisplay}. ${policyTerms.replyPromise}`,
      ],
    },
  ],
});
