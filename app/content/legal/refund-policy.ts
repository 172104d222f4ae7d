import { policyTerms } from "../policies";
import type { Site } from "../site";
import type { LegalDocument } from "./legal-document";

/** Each package's time, as booking enforces it (`windowDays`; the refund policy's test compares them). */
export const PACKAGE_TIMES = "31 days for the Healing Journey and 42 days for the Transformation Journey";

/**
 * How to use the right to cancel (CCR 2013 reg. 32 and Sch. 2(l): the model form is offered, never
 * required), as the booking confirmation says it; the policy's own section says the same of the form
 * below it. Here, not in `policyTerms`, which every page that quotes a term loads.
 */
export const HOW_TO_CANCEL =
  "To cancel, use My Sessions, tell us in any clear way (an e-mail is enough), or use the model cancellation form in our Refund Policy.";

export const refundPolicy = (site: Site): LegalDocument => ({
  title: "Refund Policy",
  description: "Cancellations and refunds for Reiki sessions, ZYTO scans, digital products and membership.",
  lastUpdated: "2026-11-26",
  sections: [
    {
      heading: "Reiki Sessions and ZYTO Scans",
      items: [
        policyTerms.cancellationFullRefund,
        policyTerms.lateCancellationFee,
        `${policyTerms.cancellationPeriod} The 14 days end at midnight (UK time) at the end of the 14th day after the day you booked; after them, the 24-hour terms above apply.`,
        "If we have to cancel or move a session, you can choose a new time or a full refund.",
        `A package's sessions must all start within ${PACKAGE_TIMES}, counted from the first session. A package session cancelled in time goes back on the package to book again. You can end a package from My Sessions at any time before its time runs out and have its unbooked sessions refunded in full; sessions still unbooked when it runs out expire and are not refunded.`,
      ],
    },
    {
      heading: "Model Cancellation Form",
      paragraphs: [
        "To cancel, use My Sessions, tell us in any clear way (an e-mail is enough), or use the model cancellation form below (Consumer Contracts Regulations 2013, Schedule 3, Part B). You do not have to use it. If you do, copy it into an e-mail or a letter, complete it and send it to us:",
      ],
      items: [
        `To ${site.seller.legalName}, trading as ${site.brand}, ${site.seller.address}, ${site.email}:`,
        "I/We [*] hereby give notice that I/We [*] cancel my/our [*] contract of sale of the following goods [*]/for the supply of the following service [*],",
        "Ordered on [*]/received on [*],",
        "Name of consumer(s),",
        "Address of consumer(s),",
        "Signature of consumer(s) (only if this form is notified on paper),",
        "Date.",
        "[*] Delete as appropriate.",
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
        `If you cancel within 14 days of joining and have not downloaded anything with your membership, e-mail ${site.email} and we refund your first payment in full.`,
      ],
    },
    {
      heading: "Gift Vouchers",
      paragraphs: [
        policyTerms.giftVouchers,
        "A voucher can be used until the end of the date printed on it (UK time). Any balance left after that is lost, so please ask us if you need more time.",
        "A gift voucher can be cancelled for a full refund within 14 days of purchase if none of it has been spent.",
      ],
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
